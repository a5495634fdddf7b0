import { useRef, useState, type KeyboardEvent } from 'react';
import { ChevronLeft, ChevronRight } from '#web/components/icons/index.js';
import { CategoryIcon } from '#web/components/category-icon.js';
import { cardImageUrl, imageSrcSet } from '#web/components/listing/format.js';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#web/components/ui/dialog.js';
import { cn } from '#web/lib/utils.js';

interface PhotoGalleryProps {
  images: string[];
  title: string;
  category: { slug: string; color: string; name?: string };
  dimmed?: boolean;
}

const photoAlt = (title: string, index: number, count: number) => (count > 1 ? `${title}, photo ${index + 1} of ${count}` : title);

const stepClasses =
  'absolute top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-background/90 text-foreground shadow-md transition-colors hover:bg-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

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
  };
  const step = (by: number) => setShown((current) => (current === null ? current : (current + by + count) % count));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') step(-1);
    else if (event.key === 'ArrowRight') step(1);
    else return;
    event.preventDefault();
  };

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
              className="block w-full overflow-hidden rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
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

      <Dialog open={shown !== null} onOpenChange={(isOpen) => !isOpen && setShown(null)}>
        {shown !== null && (
          <DialogContent
            className="max-h-[95vh] max-w-5xl gap-3 p-4 sm:p-6"
            onKeyDown={onKeyDown}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              buttons.current[openedFrom.current]?.focus();
            }}
          >
            <div className="grid gap-1 pr-8">
              <DialogTitle className="leading-snug [overflow-wrap:anywhere]">{title}</DialogTitle>
              <DialogDescription aria-live="polite">
                {shown + 1} of {count}
              </DialogDescription>
            </div>
            <div className="relative flex items-center justify-center">
              <img src={images[shown]} alt={photoAlt(title, shown, count)} className="max-h-[75vh] w-auto max-w-full rounded-md object-contain" />
              {count > 1 && (
                <>
                  <button type="button" className={cn(stepClasses, 'left-2')} onClick={() => step(-1)} aria-label="Previous photo">
                    <ChevronLeft className="size-6" aria-hidden="true" />
                  </button>
                  <button type="button" className={cn(stepClasses, 'right-2')} onClick={() => step(1)} aria-label="Next photo">
                    <ChevronRight className="size-6" aria-hidden="true" />
                  </button>
                </>
              )}
            </div>
          </DialogContent>
        )}
      </Dialog>
    </div>
  );
}
