import { Link, useParams } from 'wouter';
import { type MemberProfile } from '#shared/members.js';
import { UNAVAILABLE_TEXTS } from '#shared/unavailable-texts.js';
import { CircleAlert } from '#web/components/icons/index.js';
import { Button } from '#web/components/ui/button.js';
import { PageSpinner } from '#web/components/ui/spinner.js';
import { paths } from '#web/core/paths.js';
import { ApiError } from '#web/lib/api.js';
import { formatDay, useTimeZone } from '#web/lib/dates.js';
import { SITE_NAME } from '#web/lib/site.js';
import { usePageMeta } from '#web/lib/use-page-meta.js';
import { NotFoundPage, UnavailablePage } from '../not-found/index.js';
import { useMember } from './api/get-member.js';
import { MemberListings, MemberReviews } from './components/member-lists.js';
import { MemberSummary } from './components/member-summary.js';

/** What a link preview says of a member: never more than their page shows. */
function description(member: MemberProfile, timeZone: string): string {
  const facts = [`Member since ${formatDay(member.memberSince, timeZone)}`, `${member.activeListings} ${member.activeListings === 1 ? 'listing' : 'listings'}`];
  if (member.rating.averageRating !== null) facts.push(`rated ${member.rating.averageRating.toFixed(1)} out of 5`);
  return `${member.username} on ${SITE_NAME}: ${facts.join(', ')}.`;
}

/**
 * A member's page (decision 049): who they are, their figures, their listings and the reviews they received, with
 * Report and Block for a signed-in neighbour. An unknown, deleted or banned member's page says it is not available.
 */
export default function MemberPage() {
  const { username = '' } = useParams<{ username: string }>();
  const query = useMember(username);
  if (query.isPending) return <PageSpinner label="Loading member" />;
  if (query.isError) {
    // No member shown by that name: unknown, deleted (whose name is erased, so never told from unknown) or suspended,
    // alike (decision 069). A name no account could have is the not-found screen.
    if (query.error instanceof ApiError && query.error.status === 404) return <MemberUnavailable />;
    if (query.error instanceof ApiError && query.error.status === 400) return <NotFoundPage />;
    return (
      <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
        <p className="font-medium">This member's page could not be loaded.</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <Member member={query.data} />;
}

function Member({ member }: { member: MemberProfile }) {
  const picture = member.profileImageUrl;
  const timeZone = useTimeZone();
  // Members are people, not offers: their pages are for neighbours and shared links, not for search engines (decision 048).
  usePageMeta(member.username, description(member, timeZone), {
    noIndex: true,
    ...(picture?.startsWith('/') && { image: { path: picture, alt: member.username, width: 512, height: 512 } }),
  });
  return (
    <div className="mx-auto grid max-w-7xl gap-10 px-4 py-8 sm:px-6 lg:px-8">
      <MemberSummary member={member} />
      <MemberListings member={member} />
      <MemberReviews member={member} />
    </div>
  );
}

function MemberUnavailable() {
  return (
    <UnavailablePage icon={CircleAlert} heading={UNAVAILABLE_TEXTS.memberHeading} description={UNAVAILABLE_TEXTS.memberBody}>
      <Button asChild>
        <Link href={paths.services}>{UNAVAILABLE_TEXTS.browseListings}</Link>
      </Button>
    </UnavailablePage>
  );
}
