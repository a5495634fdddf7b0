import type { ReactNode } from 'react';
import { ChevronDown } from '#web/components/icons/index.js';
import type { Review } from '#shared/reviews.js';
import { MemberLink } from '#web/components/member-link.js';
import { reviewCountLabel, Stars } from '#web/components/stars.js';
import { Spinner } from '#web/components/ui/spinner.js';
import { formatDay, useTimeZone } from '#web/lib/dates.js';
import { useRatingStats } from '../api/get-rating-stats.js';
import { useReviews } from '../api/get-reviews.js';

function reviewerName({ reviewer }: Review): string {
  const full = [reviewer.firstName, reviewer.lastName].filter(Boolean).join(' ');
  return reviewer.username ?? (full || 'Member');
}

/** One review: its stars, who wrote it (leading to their member page), when, its text, and `children` below (what it is about). */
export function ReviewItem({ review, children }: { review: Review; children?: ReactNode }) {
  const timeZone = useTimeZone();
  return (
    <li className="grid gap-1 py-2">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Stars value={review.rating} />
        <span className="sr-only">Rated {review.rating} out of 5</span>
        <MemberLink username={review.reviewer.username} className="font-medium">
          {reviewerName(review)}
        </MemberLink>
        <time dateTime={review.createdAt} className="text-xs text-muted-foreground">
          {formatDay(review.createdAt, timeZone)}
        </time>
      </div>
      {children}
      {review.reviewText && <p className="whitespace-pre-line [overflow-wrap:anywhere]">{review.reviewText}</p>}
    </li>
  );
}

interface ReviewsListProps {
  serviceId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The listing's reviews under a summary ('Reviews (2) · 4.5'), folded until asked for so the chat keeps its room. */
export function ReviewsList({ serviceId, open, onOpenChange }: ReviewsListProps) {
  const stats = useRatingStats(serviceId);
  const reviews = useReviews(serviceId, { enabled: open });
  const count = stats.data?.reviewCount;
  const average = stats.data?.averageRating ?? null;

  return (
    <details open={open} onToggle={(event) => onOpenChange(event.currentTarget.open)} className="group">
      <summary className="flex w-fit cursor-pointer list-none items-center gap-2 rounded-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
        <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden="true" />
        Reviews{count !== undefined && ` (${count})`}
        {average !== null && (
          <span className="flex items-center gap-1 font-normal text-muted-foreground">
            <Stars value={average} />
            <span aria-hidden="true">{average.toFixed(1)}</span>
            <span className="sr-only">, rated {average.toFixed(1)} out of 5</span>
          </span>
        )}
      </summary>
      {open &&
        (reviews.isPending ? (
          <Spinner label="Loading reviews" className="my-2" />
        ) : reviews.isError ? (
          <p className="py-2 text-muted-foreground">The reviews could not be loaded.</p>
        ) : reviews.data.length === 0 ? (
          <p className="py-2 text-muted-foreground">No reviews yet. Reviews appear here once a job is complete.</p>
        ) : (
          <ul aria-label={count ? reviewCountLabel(count) : 'Reviews'} className="divide-y">
            {reviews.data.map((review) => (
              <ReviewItem key={review.id} review={review} />
            ))}
          </ul>
        ))}
    </details>
  );
}
