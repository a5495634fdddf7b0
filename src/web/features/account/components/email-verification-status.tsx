import { useId } from 'react';
import { CircleAlert, CircleCheck } from '#web/components/icons/index.js';
import type { User } from '#shared/auth.js';
import { Button } from '#web/components/ui/button.js';
import { toast } from '#web/components/ui/use-toast.js';
import { errorMessage } from '#web/lib/api.js';
import { useResendVerification } from '../api/resend-verification.js';

const NOTIFICATIONS_HINT = 'Open the link we emailed you to confirm this address is yours. Until then, we send no message notifications to it.';

/**
 * Under the address: 'Verified', or 'Email not verified' with 'Resend' for a new link. `hint` says what the
 * confirmation unlocks where the notice is shown (the review form shows it too: decision 022).
 */
export function EmailVerificationStatus({ user, hint = NOTIFICATIONS_HINT }: { user: User; hint?: string }) {
  const resend = useResendVerification();
  const hintId = useId();

  if (user.emailVerified) {
    return (
      <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
        <CircleCheck className="size-4 shrink-0 text-emerald-700 dark:text-emerald-400" aria-hidden="true" />
        Verified
      </p>
    );
  }

  function onResend() {
    resend.mutate(undefined, {
      onSuccess: ({ message }) => toast({ title: 'Verification email sent', description: message }),
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Could not send the email', description: errorMessage(error, 'Please try again later.') }),
    });
  }

  return (
    <div className="flex items-start gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-800 dark:bg-amber-950/40">
      <CircleAlert className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-400" aria-hidden="true" />
      <div className="flex min-w-0 flex-1 flex-col items-start gap-3 sm:flex-row sm:justify-between">
        <div className="min-w-0 space-y-1">
          <p className="font-medium">Email not verified</p>
          <p id={hintId}>{hint}</p>
        </div>
        <Button variant="outline" size="sm" className="shrink-0" onClick={onResend} disabled={resend.isPending} aria-describedby={hintId}>
          {resend.isPending ? 'Sending...' : 'Resend'}
          <span className="sr-only"> verification email</span>
        </Button>
      </div>
    </div>
  );
}
