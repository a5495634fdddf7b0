import { lazy, Suspense, useRef, useState } from 'react';
import { EllipsisVertical, Flag } from '#web/components/icons/index.js';
import { REPORT_TEXTS } from '#shared/report-texts.js';
import { useAuth } from '#web/core/session/index.js';
import { ShareMenuItem } from '#web/components/listing/share.js';
import { Button } from '#web/components/ui/button.js';
import { Dialog } from '#web/components/ui/dialog.js';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '#web/components/ui/dropdown-menu.js';
import { toast } from '#web/components/ui/use-toast.js';
import { promptSignInToReport } from './prompt.js';
import type { ReportableService } from './report-dialog.js';

const ReportDialogContent = lazy(() => import('./report-dialog.js'));

/**
 * The card's menu for anyone but the listing's owner (the specification, §2: 'either an owner menu or a Report menu'):
 * Share, and Report, which opens a dialog with the reason (required) and an optional description.
 */
export function ReportMenu({ service }: { service: ReportableService }) {
  const auth = useAuth();
  const [open, setOpen] = useState(false);
  // The dialog opens from a menu item that is gone once the menu closes: focus goes back to the menu button.
  const trigger = useRef<HTMLButtonElement>(null);

  function onReport() {
    if (auth.status !== 'signed-in') return promptSignInToReport();
    if (auth.user.id === service.userId) {
      return toast({ variant: 'destructive', title: REPORT_TEXTS.ownListingTitle, description: REPORT_TEXTS.ownListing });
    }
    setOpen(true);
  }

  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button ref={trigger} variant="ghost" size="icon" className="-mr-2 -mt-1 size-9">
            <EllipsisVertical aria-hidden="true" />
            <span className="sr-only">More options for {service.title}</span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <ShareMenuItem service={service} />
          <DropdownMenuItem onSelect={onReport}>
            <Flag aria-hidden="true" />
            Report
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <Dialog open={open} onOpenChange={setOpen}>
        {open && (
          <Suspense fallback={null}>
            <ReportDialogContent service={service} onClose={() => setOpen(false)} returnFocusTo={trigger} />
          </Suspense>
        )}
      </Dialog>
    </>
  );
}

