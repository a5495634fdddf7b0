import { type ReactNode, useRef, useState } from 'react';
import { Ban, Flag } from '#web/components/icons/index.js';
import { Link } from 'wouter';
import { BLOCK_TEXTS, MEMBER_PAGE_TEXTS, replyDuration } from '#shared/member-texts.js';
import { type MemberProfile } from '#shared/members.js';
import { PERSON_REPORT_TEXTS } from '#shared/report-texts.js';
import { paths } from '#web/core/paths.js';
import { useAuth } from '#web/core/session/index.js';
import { Rating } from '#web/components/stars.js';
import { Badge } from '#web/components/ui/badge.js';
import { Button } from '#web/components/ui/button.js';
import { UserAvatar } from '#web/components/user-avatar.js';
import { VerifiedMark } from '#web/components/member-link.js';
import { formatDay, useTimeZone } from '#web/lib/dates.js';
import { cn } from '#web/lib/utils.js';
import { useMemberListings } from '../api/get-member.js';
import { BlockMemberDialog, UnblockButton } from '../../members/index.js';
import { MessageButton } from '../../messages/index.js';
import { PersonReportDialog } from '../../reports/index.js';

/** One figure of the member's: what it is, and its value. */
function Figure({ term, className, children }: { term: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn('grid content-start gap-1 rounded-md border bg-background p-3', className)}>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{term}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

function RatingFigure({ rating }: { rating: MemberProfile['rating'] }) {
  return rating.reviewCount > 0 ? <Rating average={rating.averageRating} count={rating.reviewCount} /> : <span className="text-muted-foreground">No reviews yet</span>;
}

function ResponseFigure({ response }: { response: MemberProfile['response'] }) {
  if (!response) return <span className="text-muted-foreground">{MEMBER_PAGE_TEXTS.responseTooFew}</span>;
  return (
    <span className="grid gap-0.5">
      <span>{MEMBER_PAGE_TEXTS.responseShare(response.repliedWithinDay)}</span>
      {response.medianFirstReplyMinutes !== null && (
        <span className="text-muted-foreground">{MEMBER_PAGE_TEXTS.responseMedian(replyDuration(response.medianFirstReplyMinutes))}</span>
      )}
    </span>
  );
}

/**
 * 'Message' about the member's newest public listing: the message dialog of that listing, whose greeting names it, as
 * on the listing's page. None when the member has no public listing, or the reader blocks them.
 */
function MessageMember({ member }: { member: MemberProfile }) {
  const listings = useMemberListings(member.username, { enabled: !member.blockedByYou });
  const listing = listings.data?.pages[0]?.services.find((service) => service.isActive && !service.expired && service.deletedAt === null);
  if (member.blockedByYou || !listing) return null;
  return <MessageButton service={listing} variant="outline" />;
}

/** Message, Report and Block for a signed-in neighbour; the notice and Unblock once they blocked this member. */
function MemberActions({ member }: { member: MemberProfile }) {
  const [reporting, setReporting] = useState(false);
  const [blocking, setBlocking] = useState(false);
  const reportButton = useRef<HTMLButtonElement>(null);
  const blockButton = useRef<HTMLButtonElement>(null);
  const target = { id: member.id, name: member.username };
  return (
    <div className="flex flex-wrap gap-2">
      <MessageMember member={member} />
      <Button ref={reportButton} variant="outline" size="sm" onClick={() => setReporting(true)}>
        <Flag aria-hidden="true" />
        {PERSON_REPORT_TEXTS.reportMember(member.username)}
      </Button>
      {member.blockedByYou ? (
        <UnblockButton member={target} />
      ) : (
        <Button ref={blockButton} variant="outline" size="sm" className="text-destructive hover:text-destructive" onClick={() => setBlocking(true)}>
          <Ban aria-hidden="true" />
          {BLOCK_TEXTS.block}
          <span className="sr-only"> {member.username}</span>
        </Button>
      )}
      <PersonReportDialog target={{ kind: 'member', ...target }} open={reporting} onOpenChange={setReporting} returnFocusTo={reportButton} />
      <BlockMemberDialog member={target} open={blocking} onOpenChange={setBlocking} returnFocus={blockButton} />
    </div>
  );
}

/** Who the member is and how they deal with neighbours: the top of their page. */
export function MemberSummary({ member }: { member: MemberProfile }) {
  const { user } = useAuth();
  const timeZone = useTimeZone();
  const self = user?.id === member.id;
  return (
    <section aria-labelledby="member-name" className="grid gap-6 rounded-lg border bg-card p-5 text-card-foreground shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center gap-4">
        <UserAvatar user={member} name={member.username} variant="large" className="size-20 text-3xl" />
        <div className="grid min-w-0 gap-1">
          <h1 id="member-name" className="text-3xl font-bold tracking-tight [overflow-wrap:anywhere]">
            {member.username}
          </h1>
          {member.firstName && <p className="text-lg [overflow-wrap:anywhere]">{member.firstName}</p>}
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <span>{MEMBER_PAGE_TEXTS.memberSince(formatDay(member.memberSince, timeZone))}</span>
            {member.emailVerified && (
              <Badge variant="outline" className="gap-1 bg-background font-medium text-foreground">
                <VerifiedMark />
                <span aria-hidden="true">{MEMBER_PAGE_TEXTS.emailVerified}</span>
              </Badge>
            )}
          </div>
        </div>
      </div>

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <Figure term="Listings">{member.activeListings}</Figure>
        <Figure term="Jobs completed">{member.completedJobs}</Figure>
        <Figure term="Listing rating">
          <RatingFigure rating={member.rating} />
        </Figure>
        <Figure term="As a neighbour">
          <RatingFigure rating={member.memberRating} />
        </Figure>
        <Figure term={MEMBER_PAGE_TEXTS.responseTitle} className="col-span-2 lg:col-span-1">
          <ResponseFigure response={member.response} />
        </Figure>
      </dl>

      {self ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          {MEMBER_PAGE_TEXTS.yourPage}
          <Link href={paths.profile} className="font-medium text-link underline-offset-4 hover:underline">
            {MEMBER_PAGE_TEXTS.editProfile}
          </Link>
        </p>
      ) : user ? (
        <MemberActions member={member} />
      ) : (
        <div className="flex flex-wrap gap-2">
          <MessageMember member={member} />
        </div>
      )}
    </section>
  );
}
