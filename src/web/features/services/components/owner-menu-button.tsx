import type { ComponentProps } from 'react';
import type { Service } from '#shared/services.js';
import { EllipsisVertical } from '#web/components/icons/index.js';
import { Button } from '#web/components/ui/button.js';

export type OwnedListing = Pick<Service, 'id' | 'title' | 'deletedAt' | 'isActive' | 'expired'>;

/** The owner's menu button, in the page's own code: the stand-in until the menu's code is here, then its trigger. */
export function OwnerMenuButton({ listingTitle, ...props }: ComponentProps<typeof Button> & { listingTitle: string }) {
  return (
    <Button variant="ghost" size="icon" className="-mr-2 -mt-1 size-9" aria-haspopup="menu" {...props}>
      <EllipsisVertical aria-hidden="true" />
      <span className="sr-only">Manage {listingTitle}</span>
    </Button>
  );
}
