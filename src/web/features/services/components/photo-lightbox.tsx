import type { KeyboardEvent } from 'react';
import { ChevronLeft, ChevronRight } from '#web/components/icons/index.js';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#web/components/ui/dialog.js';
import { cn } from '#web/lib/utils.js';
import { photoAlt } from './photo-alt.js';

const stepClasses =
  'absolute top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-background/90 text-foreground shadow-md transition-colors hover:bg-background focus-ring';

interface PhotoLightboxProps {
  images: string[];
  title: string;
  /** The photo shown. */
  shown: number;
  /** To the previous (-1) or next (1) photo. */
  onStep: (by: number) => void;
  onClose: () => void;
  /** Focus back to the photo the lightbox was opened from. */
  returnFocus: () => void;
}

/**
 * A listing's photo full size (photo-gallery.tsx loads it when a photo is opened, decision 068): the arrow keys or
 * buttons move between photos, Escape closes it.
 */
export default function PhotoLightbox({ images, title, shown, onStep, onClose, returnFocus }: PhotoLightboxProps) {
  const count = images.length;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') onStep(-1);
    else if (event.key === 'ArrowRight') onStep(1);
    else return;
    event.preventDefault();
  };
  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent
        className="max-h-[95vh] max-w-5xl gap-3 p-4 sm:p-6"
        onKeyDown={onKeyDown}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus();
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
              <button type="button" className={cn(stepClasses, 'left-2')} onClick={() => onStep(-1)} aria-label="Previous photo">
                <ChevronLeft className="size-6" aria-hidden="true" />
              </button>
              <button type="button" className={cn(stepClasses, 'right-2')} onClick={() => onStep(1)} aria-label="Next photo">
                <ChevronRight className="size-6" aria-hidden="true" />
              </button>
            </>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
