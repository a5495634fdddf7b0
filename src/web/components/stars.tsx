import { Star } from './icons/index.js';
import { cn } from '../lib/utils.js';

export const STARS = [1, 2, 3, 4, 5] as const;

/** Five stars, the first `value` (rounded) filled; hidden from screen readers, which get the figure in words. */
export function Stars({ value, className }: { value: number; className?: string }) {
  return (
    <span aria-hidden="true" className={cn('flex items-center gap-0.5', className)}>
      {STARS.map((star) => (
        <Star key={star} className={cn('size-4', star <= Math.round(value) ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground')} />
      ))}
    </span>
  );
}

export const reviewCountLabel = (count: number) => `${count} ${count === 1 ? 'review' : 'reviews'}`;

/** Average rating as 1 to 5 stars with one decimal and the review count; nothing until there is a review. */
export function Rating({ average, count }: { average: number | null; count: number }) {
  if (count <= 0 || average === null) return null;
  const value = average.toFixed(1);
  return (
    <p className="flex items-center gap-1 text-sm">
      <span className="sr-only">
        Rated {value} out of 5 from {reviewCountLabel(count)}
      </span>
      <Stars value={average} />
      <span aria-hidden="true" className="font-medium">
        {value}
      </span>
      <span aria-hidden="true" className="text-muted-foreground">
        ({count})
      </span>
    </p>
  );
}
