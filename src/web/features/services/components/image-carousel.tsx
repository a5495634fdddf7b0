import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { ChevronLeft, ChevronRight } from '#web/components/icons/index.js';
import { Link } from 'wouter';
import { CategoryIcon } from '#web/components/category-icon.js';
import { cardImageUrl, imageSrcSet } from '#web/components/listing/format.js';
import { cn } from '#web/lib/utils.js';

const arrowClasses =
  'absolute top-1/2 flex size-9 -translate-y-1/2 items-center justify-center rounded-full bg-background/90 text-foreground shadow-md transition-colors hover:bg-background focus-ring';

interface ImageCarouselProps {
  images: string[];
  title: string;
  category: { slug: string; color: string };
  dimmed?: boolean;
  /**
   * The listing's page: the photo links there too, a second way to the title's link, so it is left out of the tab
   * order. It stays visible to screen readers: the photo's own description ('…, photo 1 of 2') is the carousel's.
   */
  href?: string;
  /** The first card of a page of results: its photo is likely the largest thing on the first screen, so it loads first. */
  priority?: boolean;
}

/** How wide a card's photo is drawn: the whole width on a phone, half from 640 px, a third of 1280 px from 1024 px. */
const CARD_SIZES = '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw';

/** One photo at a time (4:3, fixed size so nothing shifts while it loads), with arrows, dots and arrow keys. */
export function ImageCarousel({ images, title, category, dimmed, href, priority = false }: ImageCarouselProps) {
  const [index, setIndex] = useState(0);
  const count = images.length;
  const imageClasses = cn('aspect-[4/3] w-full bg-muted object-cover', dimmed && 'opacity-50 grayscale');

  // A listing without photos shows its category's icon, which says nothing the card does not: that link is hidden.
  const linked = (picture: ReactNode, { hidden = false } = {}) =>
    href ? (
      <Link href={href} tabIndex={-1} aria-hidden={hidden || undefined} className="block">
        {picture}
      </Link>
    ) : (
      picture
    );

  if (count === 0) {
    // On a phone's single column a card without photos starts with a low band, not a photo-sized empty frame
    // (decision 067); in a grid it keeps the photos' 4:3 so the cards beside it line up.
    return linked(
      <div
        className={cn('flex h-24 w-full items-center justify-center sm:aspect-[4/3] sm:h-auto', dimmed && 'opacity-50 grayscale')}
        style={{ backgroundColor: `color-mix(in srgb, ${category.color} 14%, var(--muted))` }}
      >
        <CategoryIcon slug={category.slug} color={category.color} size="lg" />
      </div>,
      { hidden: true },
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
      {linked(
        <img
          src={cardImageUrl(images[current] ?? '')}
          srcSet={imageSrcSet(images[current] ?? '')}
          sizes={CARD_SIZES}
          alt={count > 1 ? `${title}, photo ${current + 1} of ${count}` : title}
          width={640}
          height={480}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          className={imageClasses}
        />,
      )}
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
                  className="flex size-6 items-center justify-center rounded-full focus-ring"
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
