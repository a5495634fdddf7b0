import { useEffect, type RefObject } from 'react';
import { onDemand } from '#web/lib/on-demand.js';
import type { ReportTarget } from '../api/report-person.js';

// The dialog and its form load the first time it opens (decision 068).
const personReportDialog = onDemand(() => import('./person-report-dialog.js'));

interface PersonReportDialogProps {
  target: ReportTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}

/** Reporting a member or a message (decision 046): the dialog, loaded the first time it opens. */
export function PersonReportDialog({ target, open, onOpenChange, returnFocusTo }: PersonReportDialogProps) {
  useEffect(() => {
    if (open) void personReportDialog.preload().catch(() => onOpenChange(false));
  }, [open, onOpenChange]);
  return open ? <personReportDialog.Part target={target} onClose={() => onOpenChange(false)} returnFocusTo={returnFocusTo} /> : null;
}
