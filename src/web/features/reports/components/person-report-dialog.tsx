import type { RefObject } from 'react';
import { PERSON_REPORT_TEXTS, REPORT_TEXTS } from '#shared/reports.js';
import { Dialog } from '#web/components/ui/dialog.js';
import { toast } from '#web/components/ui/use-toast.js';
import { errorMessage } from '#web/lib/api.js';
import { type ReportTarget, useReportPerson } from '../api/report-person.js';
import { ReportForm, type ReportFormOutput } from './report-form.js';

interface PersonReportDialogContentProps {
  target: ReportTarget;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}

/** The report dialog for a member or a message (decision 046), loaded when it first opens (decision 068). */
export default function PersonReportDialogContent({ target, onClose, returnFocusTo }: PersonReportDialogContentProps) {
  const report = useReportPerson(target);
  const member = target.kind === 'member';

  function onSubmit(values: ReportFormOutput) {
    report.mutate(values, {
      onSuccess: () => {
        toast({ title: REPORT_TEXTS.submittedTitle, description: member ? PERSON_REPORT_TEXTS.submittedMember : PERSON_REPORT_TEXTS.submittedMessage });
        onClose();
      },
      // As for a listing: the server's message as the title, the fallback sentence under it.
      onError: (error) => toast({ variant: 'destructive', title: errorMessage(error, 'Error'), description: REPORT_TEXTS.failure }),
    });
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <ReportForm
        title={member ? PERSON_REPORT_TEXTS.reportMember(target.name) : PERSON_REPORT_TEXTS.reportMessage}
        description={member ? PERSON_REPORT_TEXTS.memberDialogBody(target.name) : PERSON_REPORT_TEXTS.messageDialogBody(target.name)}
        pending={report.isPending}
        onSubmit={onSubmit}
        onClose={onClose}
        returnFocusTo={returnFocusTo}
      />
    </Dialog>
  );
}
