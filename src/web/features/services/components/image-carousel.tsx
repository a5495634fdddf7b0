import { useState, type KeyboardEvent } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../../../lib/utils.js';
import { CategoryIcon } from '../../categories/components/category-icon.js';
import { cardImageUrl } from './service-format.js';

const arrowClasses =
  'absolute top-1/2 flex size-9 -translate-y-1/2 items-center justify-center rounded-full bg-background/90 text-foreground shadow-md transition-colors hover:bg-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

interface ImageCarouselProps {
  images: string[];
  title: string;
  category: { slug: string; color: string };
  dimmed?: boolean;
}

/** One photo at a time (4:3, fixed size so nothing shifts while it loads), with arrows, dots and arrow keys. */
export function ImageCarousel({ images, title, category, dimmed }: ImageCarouselProps) {
  const [index, setIndex] = useState(0);
  const count = images.length;
  const imageClasses = cn('aspect-[4/3] w-full bg-muted object-cover', dimmed && 'opacity-50 grayscale');

  if (count === 0) {
    return (
      <div className={cn('flex aspect-[4/3] w-full items-center justify-center', imageClasses)}>
        <CategoryIcon slug={category.slug} color={category.color} size="lg" />
      </div>
    );
  }

  const current = Math.min(index, count - 1);
  const show = (next: number) => setIndex((next + count) % count);
  const onKeyDown = (event: KeyboardEvent) => {
    if (count < 2) return;
    if (event.key === 'ArrowLeft') show(current - 1);
    else if (event.key === 'ArrowRight') show(current + 1);
    else return;
    event.preventDefault();
  };

  return (
    <div role="group" aria-roledescription="carousel" aria-label={`Photos of ${title}`} className="relative" onKeyDown={onKeyDown}>
      <img
        src={cardImageUrl(images[current] ?? '')}
        alt={count > 1 ? `${title}, photo ${current + 1} of ${count}` : title}
        width={640}
        height={480}
        loading="lazy"
        decoding="async"
        className={imageClasses}
      />
      {count > 1 && (
        <>
          <button type="button" className={cn(arrowClasses, 'left-2')} onClick={() => show(current - 1)} aria-label="Previous photo">
            <ChevronLeft className="size-5" aria-hidden="true" />
          </button>
          <button type="button" className={cn(arrowClasses, 'right-2')} onClick={() => show(current + 1)} aria-label="Next photo">
            <ChevronRight className="size-5" aria-hidden="true" />
          </button>
          <div className="absolute inset-x-0 bottom-1 flex justify-center">
            <div className="flex rounded-full bg-background/80 px-1">
              {images.map((image, i) => (
                <button
                  key={`${i}-${image.slice(0, 64)}`}
                  type="button"
                  className="flex size-6 items-center justify-center rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  onClick={() => show(i)}
                  aria-label={`Show photo ${i + 1} of ${count}`}
                  aria-current={i === current ? 'true' : undefined}
                >
                  <span className={cn('size-2 rounded-full border border-foreground', i === current ? 'bg-foreground' : 'bg-transparent')} />
                </button>
              ))}
            </div>
          </div>
        </>
      )}
    </div>
  );
}
