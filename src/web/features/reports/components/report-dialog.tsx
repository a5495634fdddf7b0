import type { RefObject } from 'react';
import { REPORT_TEXTS } from '#shared/reports.js';
import type { Service } from '#shared/services.js';
import { toast } from '#web/components/ui/use-toast.js';
import { ApiError, errorMessage } from '#web/lib/api.js';
import { useReportService } from '../api/report-service.js';
import { promptSignInToReport } from './prompt.js';
import { ReportForm, type ReportFormOutput } from './report-form.js';

export type ReportableService = Pick<Service, 'id' | 'title' | 'userId'>;

interface ReportDialogContentProps {
  service: ReportableService;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

/** The Report dialog's form (loaded when it first opens: its form and schema code are not needed to show a card). */
export default function ReportDialogContent({ service, onClose, returnFocusTo }: ReportDialogContentProps) {
  const report = useReportService();

  function onSubmit(values: ReportFormOutput) {
    report.mutate(
      { serviceId: service.id, ...values },
      {
        onSuccess: () => {
          toast({ title: REPORT_TEXTS.submittedTitle, description: REPORT_TEXTS.submittedBody });
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) return promptSignInToReport();
          // The specification (§8): the server's message as the title, the fallback sentence under it.
          toast({ variant: 'destructive', title: errorMessage(error, 'Error'), description: REPORT_TEXTS.failure });
        },
      },
    );
  }

  return (
    <ReportForm
      title="Report Service"
      description={<>Tell us what is wrong with &ldquo;{service.title}&rdquo;. Our team reviews every report; the owner is not told who sent it.</>}
      pending={report.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
    />
  );
}
