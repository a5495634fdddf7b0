import { useId, useRef, useState, type RefObject } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { EllipsisVertical, Flag } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { createReportSchema, REPORT_DESCRIPTION_MAX, REPORT_REASON_LABELS, REPORT_REASONS, REPORT_TEXTS } from '../../../../shared/reports.js';
import type { Service } from '../../../../shared/services.js';
import { promptSignIn } from '../../../components/sign-in-prompt.js';
import { Button } from '../../../components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.js';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../../components/ui/dropdown-menu.js';
import { Label } from '../../../components/ui/label.js';
import { Textarea } from '../../../components/ui/textarea.js';
import { toast } from '../../../components/ui/use-toast.js';
import { ApiError, errorMessage } from '../../../lib/api.js';
import { useAuth } from '../../auth/use-auth.js';
import { useReportService } from '../api/report-service.js';

type ReportableService = Pick<Service, 'id' | 'title' | 'userId'>;
type ReportFormInput = z.input<typeof createReportSchema>;
type ReportFormOutput = z.output<typeof createReportSchema>;

const promptSignInToReport = () => promptSignIn(REPORT_TEXTS.signInTitle, REPORT_TEXTS.signInBody);

/**
 * The card's menu for anyone but the listing's owner (spec section 2: 'either an owner menu or a Report menu'):
 * Report opens a dialog with the reason (required) and an optional description.
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
          <DropdownMenuItem onSelect={onReport}>
            <Flag aria-hidden="true" />
            Report
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <Dialog open={open} onOpenChange={setOpen}>
        {open && <ReportDialogContent service={service} onClose={() => setOpen(false)} returnFocusTo={trigger} />}
      </Dialog>
    </>
  );
}

interface ReportDialogContentProps {
  service: ReportableService;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

function ReportDialogContent({ service, onClose, returnFocusTo }: ReportDialogContentProps) {
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
