import { useEffect, useRef } from 'react';
import { TWO_STEP_PAGE_TEXTS } from '#shared/two-step.js';
import { Button } from '#web/components/ui/button.js';
import { ApiError, errorMessage } from '#web/lib/api.js';
import { cn } from '#web/lib/utils.js';
import { useSendEnrolmentLink } from './api/send-enrolment-link.js';
import { StepHeading } from './two-step-parts.js';

/** The server's reason when an administrator's session must open an emailed link before adding a second factor, else null. */
export function enrolmentRequired(error: unknown): string | null {
  return error instanceof ApiError && error.code === 'second_factor_enrolment_required' ? error.message : null;
}

/**
 * Under REQUIRE_ADMIN_2FA an administrator's session without a second factor adds its first one only from a link
 * emailed to the confirmed address (decision 061), so a password alone enrols nothing: the server's reason, and a
 * button that sends the link. Once sent, where it went; the close button then reads 'Done' and takes the focus.
 */
export function EnrolmentNotice({ message, onClose, className }: { message: string; onClose: () => void; className?: string }) {
  const send = useSendEnrolmentLink();
  const close = useRef<HTMLButtonElement>(null);
  const sent = send.data?.message;

  // 'Email me the link' goes away once it worked: the keyboard carries on from the button that is left.
  useEffect(() => {
    if (sent) close.current?.focus();
  }, [sent]);

  return (
    <div className={cn('space-y-4 rounded-md border p-4', className)}>
      <StepHeading>{TWO_STEP_PAGE_TEXTS.enrolmentTitle}</StepHeading>
      <p className="text-sm text-muted-foreground">{message}</p>
      {/* Always in the page, so screen readers hear what appears in them. */}
      <p role="status" className="text-sm font-medium empty:hidden">
        {sent}
      </p>
      <div role="alert" className="empty:hidden">
        {send.isError && (
          <p className="rounded-md border border-destructive p-3 text-sm font-medium text-destructive">
            {errorMessage(send.error, TWO_STEP_PAGE_TEXTS.enrolmentSendFailed)}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {!sent && (
          <Button type="button" size="sm" onClick={() => send.mutate()} disabled={send.isPending}>
            {send.isPending ? TWO_STEP_PAGE_TEXTS.enrolmentSending : TWO_STEP_PAGE_TEXTS.enrolmentSend}
          </Button>
        )}
        <Button ref={close} type="button" variant="outline" size="sm" onClick={onClose} disabled={send.isPending}>
          {sent ? TWO_STEP_PAGE_TEXTS.done : TWO_STEP_PAGE_TEXTS.cancel}
        </Button>
      </div>
    </div>
  );
}
