import { lazy, Suspense, useRef, useState } from 'react';
import { Flag } from '#web/components/icons/index.js';
import { REPORT_TEXTS } from '#shared/report-texts.js';
import { useAuth } from '#web/core/session/index.js';
import { ShareMenuItem } from '#web/components/listing/share-menu-item.js';
import { Dialog } from '#web/components/ui/dialog.js';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '#web/components/ui/dropdown-menu.js';
import { toast } from '#web/components/ui/use-toast.js';
import { useFirstItemFocus } from '#web/lib/on-demand.js';
import { promptSignInToReport } from './prompt.js';
import type { ReportableService } from './report-dialog.js';
import { ReportMenuButton } from './report-menu-button.js';

const ReportDialogContent = lazy(() => import('./report-dialog.js'));

/** The Report menu once its code is here (report-menu.tsx): its button, Share and Report, and the report dialog. */
export default function ReportMenuContent({ service, withKeyboard = false }: { service: ReportableService; withKeyboard?: boolean }) {
  const firstItemMenu = useFirstItemFocus(withKeyboard);
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
      <DropdownMenu modal={false} defaultOpen>
        <DropdownMenuTrigger asChild>
          <ReportMenuButton ref={trigger} listingTitle={service.title} />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" ref={firstItemMenu}>
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

