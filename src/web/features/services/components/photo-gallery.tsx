import { useRef, useState } from 'react';
import { CategoryIcon } from '#web/components/category-icon.js';
import { cardImageUrl, imageSrcSet } from '#web/components/listing/format.js';
import { onDemand } from '#web/lib/on-demand.js';
import { cn } from '#web/lib/utils.js';
import { photoAlt } from './photo-alt.js';

// The lightbox's code loads when a photo is first opened (decision 068).
const photoLightbox = onDemand(() => import('./photo-lightbox.js'));

interface PhotoGalleryProps {
  images: string[];
  title: string;
  category: { slug: string; color: string; name?: string };
  dimmed?: boolean;
}

/**
 * The listing page's photos: the first one large, every one as a button that opens it full size in a lightbox.
 * In the lightbox the arrow keys (or buttons) move between photos, Escape closes it, and the focus goes back to the
 * photo it was opened from.
 */
export function PhotoGallery({ images, title, category, dimmed }: PhotoGalleryProps) {
  // The photo shown in the lightbox, and the one it was opened from (null while closed).
  const [shown, setShown] = useState<number | null>(null);
  const openedFrom = useRef(0);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const count = images.length;
  const photoClasses = cn('size-full bg-muted object-cover', dimmed && 'opacity-50 grayscale');

  if (count === 0) {
    // No photos: a compact band in the category's colour with its icon and name (decision 067), not a photo-sized
    // empty frame. It repeats what the badges say, so assistive technology skips it. Dimmed, it loses its colour but
    // never its text's contrast.
    return (
      <div
        aria-hidden="true"
        className="flex items-center gap-4 rounded-lg border bg-muted p-4"
        style={dimmed ? undefined : { backgroundColor: `color-mix(in srgb, ${category.color} 14%, var(--muted))` }}
      >
        <CategoryIcon slug={category.slug} color={category.color} size="md" className={cn(dimmed && 'opacity-50 grayscale')} />
        {category.name && <span className="font-semibold">{category.name}</span>}
      </div>
    );
  }

  const open = (index: number) => {
    openedFrom.current = index;
    setShown(index);
    void photoLightbox.preload().catch(() => setShown(null));
  };
  const step = (by: number) => setShown((current) => (current === null ? current : (current + by + count) % count));

  return (
    <div role="group" aria-label={`Photos of ${title}`}>
      <ul className={cn('grid gap-2', count > 1 && 'grid-cols-4')}>
        {images.map((image, index) => (
          <li key={`${index}-${image.slice(0, 64)}`} className={cn(index === 0 && count > 1 && 'col-span-4')}>
            <button
              ref={(node) => {
                buttons.current[index] = node;
              }}
              type="button"
              onClick={() => open(index)}
              aria-haspopup="dialog"
              className="block w-full overflow-hidden rounded-lg focus-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
            >
              <img
                src={index === 0 ? image : cardImageUrl(image)}
                srcSet={imageSrcSet(image)}
                // The first photo spans the gallery (three fifths of the page from 1024 px); the others a quarter of it.
                sizes={index === 0 ? '(min-width: 1024px) 60vw, 100vw' : '(min-width: 1024px) 15vw, 25vw'}
                alt={photoAlt(title, index, count)}
                width={index === 0 ? 1280 : 640}
                height={index === 0 ? 960 : 480}
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'auto'}
                decoding="async"
                className={cn('aspect-[4/3] transition-opacity hover:opacity-90', photoClasses)}
              />
            </button>
          </li>
        ))}
      </ul>

      {shown !== null && (
        <photoLightbox.Part
          images={images}
          title={title}
          shown={shown}
          onStep={step}
          onClose={() => setShown(null)}
          returnFocus={() => buttons.current[openedFrom.current]?.focus()}
        />
      )}
    </div>
  );
}
