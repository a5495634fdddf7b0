import { useId, type ReactNode, type RefObject } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { createReportSchema, REPORT_DESCRIPTION_MAX, REPORT_REASON_LABELS, REPORT_REASONS, REPORT_TEXTS } from '#shared/reports.js';
import { Button } from '#web/components/ui/button.js';
import { CountedTextarea } from '#web/components/ui/counted-textarea.js';
import { DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.js';
import { toast } from '#web/components/ui/use-toast.js';

type ReportFormInput = z.input<typeof createReportSchema>;
export type ReportFormOutput = z.output<typeof createReportSchema>;

interface ReportFormProps {
  title: string;
  description: ReactNode;
  pending: boolean;
  onSubmit: (values: ReportFormOutput) => void;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}

/**
 * The report dialog's form, for whatever is reported (a listing, a member, a message): the reason (required) and an
 * optional description, checked by the shared schema the API checks with.
 */
export function ReportForm({ title, description, pending, onSubmit, onClose, returnFocusTo }: ReportFormProps) {
  const ids = { reason: useId() };
  const form = useForm<ReportFormInput, unknown, ReportFormOutput>({
    resolver: zodResolver(createReportSchema),
    defaultValues: { reason: undefined, description: '' },
  });
  const text = useWatch({ control: form.control, name: 'description' });
  const length = typeof text === 'string' ? text.length : 0;
  const tooLong = form.formState.errors.description?.message;

  function onInvalid(errors: Partial<Record<keyof ReportFormInput, unknown>>) {
    if (errors.reason) toast({ variant: 'destructive', title: REPORT_TEXTS.reasonRequiredTitle, description: REPORT_TEXTS.reasonRequired });
  }

  return (
    <DialogContent
      onCloseAutoFocus={(event) => {
        if (!returnFocusTo.current) return;
        event.preventDefault();
        returnFocusTo.current.focus();
      }}
    >
      <form onSubmit={(event) => void form.handleSubmit(onSubmit, onInvalid)(event)} noValidate className="grid gap-4">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
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

        <CountedTextarea
          label="Description (optional)"
          length={length}
          limit={REPORT_DESCRIPTION_MAX}
          error={tooLong}
          rows={3}
          placeholder="Anything that helps us understand the problem"
          {...form.register('description')}
        />

        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={pending}>
            {pending ? 'Submitting...' : 'Submit Report'}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
