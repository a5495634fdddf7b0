import { useState } from 'react';
import { Link } from 'wouter';
import { MEMBER_PAGE_TEXTS } from '#shared/member-texts.js';
import { type MemberProfile } from '#shared/members.js';
import type { ReviewAbout } from '#shared/review-texts.js';
import { paths } from '#web/core/paths.js';
import { Button } from '#web/components/ui/button.js';
import { Spinner } from '#web/components/ui/spinner.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.js';
import { ReviewItem } from '../../reviews/index.js';
import { PublicServiceCard, serviceGridClasses, ServiceGridLoading, ServicesLoadError } from '../../services/index.js';
import { useMemberListings, useMemberReviews } from '../api/get-member.js';

/** The next page of a list, on request: a button while there is one, a spinner while it loads, the failure and Try again. */
function MorePages({ query, label }: { query: { hasNextPage: boolean; isFetchingNextPage: boolean; isFetchNextPageError: boolean; fetchNextPage: () => unknown }; label: string }) {
  return (
    <div className="flex flex-col items-center gap-2 [&:not(:empty)]:mt-6" aria-live="polite">
      {query.isFetchNextPageError && <p className="text-sm text-destructive">The next page could not be loaded.</p>}
      {query.isFetchingNextPage ? (
        <Spinner label={`Loading more ${label}`} />
      ) : (
        query.hasNextPage && (
          <Button variant="outline" onClick={() => void query.fetchNextPage()}>
            Load more
          </Button>
        )
      )}
    </div>
  );
}

/** The member's public listings, newest first, as browse shows them; none while the reader blocks them. */
export function MemberListings({ member }: { member: MemberProfile }) {
  const listings = useMemberListings(member.username, { enabled: !member.blockedByYou });
  let body;
  if (member.blockedByYou) body = <p className="text-muted-foreground">{MEMBER_PAGE_TEXTS.listingsHiddenWhileBlocked(member.username)}</p>;
  else if (listings.isPending) body = <ServiceGridLoading label="Loading listings" count={Math.min(3, Math.max(1, member.activeListings))} />;
  else if (listings.isError) body = <ServicesLoadError onRetry={() => void listings.refetch()} />;
  else {
    const services = listings.data.pages.flatMap((page) => page.services);
    body =
      services.length === 0 ? (
        <p className="text-muted-foreground">{MEMBER_PAGE_TEXTS.listingsEmpty(member.username)}</p>
      ) : (
        <>
          <ul className={serviceGridClasses}>
            {services.map((service) => (
              <li key={service.id}>
                <PublicServiceCard service={service} />
              </li>
            ))}
          </ul>
          <MorePages query={listings} label="listings" />
        </>
      );
  }
  return (
    <section aria-labelledby="member-listings" className="grid gap-4">
      <h2 id="member-listings" className="text-xl font-semibold">
        {MEMBER_PAGE_TEXTS.listingsTitle}
      </h2>
      {body}
    </section>
  );
}

function ReviewList({ member, about }: { member: MemberProfile; about: ReviewAbout }) {
  const reviews = useMemberReviews(member.username, about, { enabled: true });
  if (reviews.isPending) return <Spinner label="Loading reviews" />;
  if (reviews.isError) {
    return (
      <div role="alert" className="flex items-center gap-3 text-sm">
        <p>The reviews could not be loaded.</p>
        <Button variant="outline" size="sm" onClick={() => void reviews.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const items = reviews.data.pages.flatMap((page) => page.reviews);
  if (items.length === 0) {
    return <p className="text-muted-foreground">{about === 'listings' ? MEMBER_PAGE_TEXTS.reviewsOfListingsEmpty(member.username) : MEMBER_PAGE_TEXTS.reviewsAsNeighbourEmpty(member.username)}</p>;
  }
  return (
    <>
      <ul className="divide-y">
        {items.map((review) => (
          <ReviewItem key={review.id} review={review}>
            {review.service && (
              <p className="text-sm text-muted-foreground">
                {about === 'listings' ? 'On ' : 'For '}
                <Link href={paths.service(review.service.id)} className="font-medium text-link underline-offset-4 hover:underline [overflow-wrap:anywhere]">
                  {review.service.title}
                </Link>
              </p>
            )}
          </ReviewItem>
        ))}
      </ul>
      <MorePages query={reviews} label="reviews" />
    </>
  );
}

/**
 * The reviews the member received, in two tabs: of their listings (by the neighbours they helped), and of them as a
 * neighbour (by the owners of listings they dealt with). A tab's list loads when it is opened.
 */
export function MemberReviews({ member }: { member: MemberProfile }) {
  const [about, setAbout] = useState<ReviewAbout>('listings');
  return (
    <section aria-labelledby="member-reviews" className="grid gap-4">
      <h2 id="member-reviews" className="text-xl font-semibold">
        {MEMBER_PAGE_TEXTS.reviewsTitle}
      </h2>
      <Tabs value={about} onValueChange={(value) => setAbout(value as ReviewAbout)}>
        <TabsList>
          <TabsTrigger value="listings">
            {MEMBER_PAGE_TEXTS.reviewsOfListings} ({member.rating.reviewCount})
          </TabsTrigger>
          <TabsTrigger value="member">
            {MEMBER_PAGE_TEXTS.reviewsAsNeighbour} ({member.memberRating.reviewCount})
          </TabsTrigger>
        </TabsList>
        <TabsContent value="listings" className="mt-4">
          <ReviewList member={member} about="listings" />
        </TabsContent>
        <TabsContent value="member" className="mt-4">
          <ReviewList member={member} about="member" />
        </TabsContent>
      </Tabs>
    </section>
  );
}
