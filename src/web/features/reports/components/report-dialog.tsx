import { useId, type RefObject } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { createReportSchema, REPORT_DESCRIPTION_MAX, REPORT_REASON_LABELS, REPORT_REASONS, REPORT_TEXTS } from '#shared/reports.js';
import type { Service } from '#shared/services.js';
import { Button } from '#web/components/ui/button.js';
import { DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.js';
import { Label } from '#web/components/ui/label.js';
import { Textarea } from '#web/components/ui/textarea.js';
import { toast } from '#web/components/ui/use-toast.js';
import { ApiError, errorMessage } from '#web/lib/api.js';
import { useReportService } from '../api/report-service.js';
import { promptSignInToReport } from './prompt.js';

export type ReportableService = Pick<Service, 'id' | 'title' | 'userId'>;
type ReportFormInput = z.input<typeof createReportSchema>;
type ReportFormOutput = z.output<typeof createReportSchema>;

interface ReportDialogContentProps {
  service: ReportableService;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

/** The Report dialog's form (loaded when it first opens: its form and schema code are not needed to show a card). */
export default function ReportDialogContent({ service, onClose, returnFocusTo }: ReportDialogContentProps) {
  const ids = { reason: useId(), description: useId(), counter: useId() };
  const report = useReportService();
  const form = useForm<ReportFormInput, unknown, ReportFormOutput>({
    resolver: zodResolver(createReportSchema),
    defaultValues: { reason: undefined, description: '' },
  });
  const description = useWatch({ control: form.control, name: 'description' });
  const length = typeof description === 'string' ? description.length : 0;
  const tooLong = form.formState.errors.description?.message;

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
          // Spec section 8: the server's message as the title, the fallback sentence under it.
          toast({ variant: 'destructive', title: errorMessage(error, 'Error'), description: REPORT_TEXTS.failure });
        },
      },
    );
  }

  function onInvalid(errors: Partial<Record<keyof ReportFormInput, unknown>>) {
    if (errors.reason) toast({ variant: 'destructive', title: REPORT_TEXTS.reasonRequiredTitle, description: REPORT_TEXTS.reasonRequired });
  }

  return (
    <DialogContent
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        returnFocusTo.current?.focus();
      }}
    >
      <form onSubmit={form.handleSubmit(onSubmit, onInvalid)} noValidate className="grid gap-4">
        <DialogHeader>
          <DialogTitle>Report Service</DialogTitle>
          <DialogDescription>
            Tell us what is wrong with &ldquo;{service.title}&rdquo;. Our team reviews every report; the owner is not told who sent it.
          </DialogDescription>
        </DialogHeader>

        <fieldset className="grid gap-2" aria-describedby={form.formState.errors.reason ? ids.reason : undefined}>
          <legend className="mb-1 text-sm font-medium">
            Reason <span className="text-muted-foreground">(required)</span>
          </legend>
          {REPORT_REASONS.map((reason) => (
            <label
              key={reason}
              className="flex cursor-pointer items-center gap-3 rounded-md border px-3 py-2 text-sm has-[input:checked]:border-primary has-[input:checked]:bg-accent has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-ring"
            >
              <input type="radio" value={reason} className="size-4 accent-primary" {...form.register('reason')} />
              {REPORT_REASON_LABELS[reason]}
            </label>
          ))}
          {form.formState.errors.reason && (
            <p id={ids.reason} role="alert" className="text-sm font-medium text-destructive">
              {REPORT_TEXTS.reasonRequired}
            </p>
          )}
        </fieldset>

        <div className="grid gap-2">
          <Label htmlFor={ids.description}>Description (optional)</Label>
          <Textarea
            id={ids.description}
            rows={3}
            maxLength={REPORT_DESCRIPTION_MAX}
            placeholder="Anything that helps us understand the problem"
            aria-describedby={ids.counter}
            aria-invalid={tooLong ? true : undefined}
            {...form.register('description')}
          />
          <p id={ids.counter} className="text-right text-xs text-muted-foreground">
            {length}/{REPORT_DESCRIPTION_MAX}
          </p>
          {tooLong && <p className="text-sm font-medium text-destructive">{tooLong}</p>}
        </div>

        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={report.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={report.isPending}>
            {report.isPending ? 'Submitting...' : 'Submit Report'}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
