import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { SlidersHorizontal } from '#web/components/icons/index.js';
import { Button } from '#web/components/ui/button.js';

// The sheet's dialog code (Radix Dialog, its focus trap and scroll lock) is not needed to show or use the browse page:
// it loads when the sheet is first asked for (decision 067), as the navigation's menus do (navbar-menus.tsx).
const loadSheet = () => import('./filters-sheet-dialog.js');
const SheetDialog = lazy(loadSheet);

interface FiltersSheetProps {
  /** How many filters are on: the button's count. */
  count: number;
  /** The label of the sheet's closing button ('Show 12 listings'). */
  showLabel: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The filter controls, rendered only while the sheet is open (the page shows them in place otherwise). */
  children: ReactNode;
}

/**
 * Below 640 px the browse filters fold into one 'Filters' button with the count of those that are on (decision 067).
 * It opens a bottom sheet that hosts the page's one set of filter controls while it is open.
 */
export function FiltersSheet({ count, showLabel, open, onOpenChange, children }: FiltersSheetProps) {
  // Once asked for, the sheet stays mounted; closing it gives the focus back to the button.
  const [asked, setAsked] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        variant="outline"
        className="sm:hidden"
        aria-haspopup="dialog"
        aria-expanded={open}
        // A finger on the button starts the download the click will need.
        onPointerDown={() => void loadSheet()}
        onClick={() => {
          setAsked(true);
          onOpenChange(true);
        }}
      >
        <SlidersHorizontal aria-hidden="true" />
        Filters
        {count > 0 && (
          <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold leading-5 text-primary-foreground">
            {count}
            <span className="sr-only"> on</span>
          </span>
        )}
      </Button>
      {asked && (
        <Suspense fallback={null}>
          <SheetDialog open={open} onOpenChange={onOpenChange} showLabel={showLabel} returnFocusTo={button}>
            {children}
          </SheetDialog>
        </Suspense>
      )}
    </>
  );
}
