import type { ComponentProps } from 'react';
import { EllipsisVertical } from '#web/components/icons/index.js';
import { Button } from '#web/components/ui/button.js';

/** The Report menu's button, in the page's own code: the stand-in until the menu's code is here, then its trigger. */
export function ReportMenuButton({ listingTitle, ...props }: ComponentProps<typeof Button> & { listingTitle: string }) {
  return (
    <Button variant="ghost" size="icon" className="-mr-2 -mt-1 size-9" aria-haspopup="menu" {...props}>
      <EllipsisVertical aria-hidden="true" />
      <span className="sr-only">More options for {listingTitle}</span>
    </Button>
  );
}
