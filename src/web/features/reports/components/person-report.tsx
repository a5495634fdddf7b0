import { lazy, Suspense, type RefObject } from 'react';
import { Dialog } from '#web/components/ui/dialog.js';
import type { ReportTarget } from '../api/report-person.js';

const PersonReportDialogContent = lazy(() => import('./person-report-dialog.js'));

interface PersonReportDialogProps {
  target: ReportTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}

/** Reporting a member or a message (decision 046): the dialog, its form loaded the first time it opens. */
export function PersonReportDialog({ target, open, onOpenChange, returnFocusTo }: PersonReportDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <Suspense fallback={null}>
          <PersonReportDialogContent target={target} onClose={() => onOpenChange(false)} returnFocusTo={returnFocusTo} />
        </Suspense>
      )}
    </Dialog>
  );
}
