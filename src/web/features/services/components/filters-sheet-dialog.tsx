import { useEffect, type ReactNode, type RefObject } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from '#web/components/icons/index.js';
import { Button } from '#web/components/ui/button.js';

/** Tailwind's `sm`: from here up the page shows its filters in place, so an open sheet closes. */
const WIDE = '(min-width: 640px)';

interface FiltersSheetDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  showLabel: string;
  /** The 'Filters' button, which opened the sheet without being Radix's trigger. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  children: ReactNode;
}

/**
 * The phone's filters as a modal sheet from the bottom of the screen (decision 067), loaded on demand by
 * filters-sheet.tsx. Every change applies at once (the address, so the results behind it, follow); the button at the
 * bottom closes it.
 */
export default function FiltersSheetDialog({ open, onOpenChange, showLabel, returnFocusTo, children }: FiltersSheetDialogProps) {
  useEffect(() => {
    if (!open) return;
    const wide = window.matchMedia(WIDE);
    const close = () => wide.matches && onOpenChange(false);
    close();
    wide.addEventListener('change', close);
    return () => wide.removeEventListener('change', close);
  }, [open, onOpenChange]);

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[90dvh] flex-col rounded-t-xl border-t bg-background text-foreground shadow-lg"
        >
          <div className="flex items-center justify-between gap-4 border-b px-4 py-3">
            <DialogPrimitive.Title className="text-lg font-semibold">Filters</DialogPrimitive.Title>
            <DialogPrimitive.Close className="flex size-10 items-center justify-center rounded-md hover:bg-accent hover:text-accent-foreground focus-ring">
              <X className="size-5" aria-hidden="true" />
              <span className="sr-only">Close</span>
            </DialogPrimitive.Close>
          </div>
          <div className="grid grid-cols-1 gap-5 overflow-y-auto overscroll-contain p-4">{open && children}</div>
          <div className="border-t p-4">
            <DialogPrimitive.Close asChild>
              <Button className="w-full">{showLabel}</Button>
            </DialogPrimitive.Close>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
