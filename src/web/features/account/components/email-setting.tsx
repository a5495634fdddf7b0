import { MailQuestion } from '#web/components/icons/index.js';
import { ACCOUNT_MESSAGES } from '#shared/account-texts.js';
import type { User } from '#shared/auth.js';
import { Button } from '#web/components/ui/button.js';
import { ChangeEmailForm } from './change-email-form.js';
import { EmailVerificationStatus } from './email-verification-status.js';
import { needsProviderConfirmation, ProviderConfirmation, useReturnFromProvider } from './provider-confirmation.js';
import { useInlineEditor } from './use-inline-editor.js';

/** The address (or 'Not provided'), whether it is verified, a change waiting for its link, and 'Change'. */
export function EmailSetting({ user }: { user: User }) {
  // Back from confirming at the provider (an account without a password): the form opens again.
  const back = useReturnFromProvider('email');
  const { open: editing, opener, show, close } = useInlineEditor(back.reopen);

  return (
    <div className="space-y-3">
      <div className="flex items-end justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <h3 className="text-sm font-medium">Email</h3>
          <p className={user.email ? '[overflow-wrap:anywhere]' : 'text-muted-foreground'}>{user.email || 'Not provided'}</p>
        </div>
        {!editing && (
          <Button ref={opener} variant="outline" size="sm" onClick={show}>
            {user.email ? 'Change' : 'Add'}
            <span className="sr-only"> email</span>
          </Button>
        )}
      </div>
      {user.email && <EmailVerificationStatus user={user} />}
      {user.pendingEmail && (
        <p className="flex items-start gap-2 rounded-md border bg-muted p-3 text-sm [overflow-wrap:anywhere]">
          <MailQuestion className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {ACCOUNT_MESSAGES.emailChangeSent(user.pendingEmail)}
        </p>
      )}
      {editing &&
        (needsProviderConfirmation(user) ? (
          <div className="space-y-3 rounded-md border p-4">
            <ProviderConfirmation step="email" failed={back.failed} />
            <Button variant="outline" size="sm" onClick={close}>
              Cancel
            </Button>
          </div>
        ) : (
          <ChangeEmailForm user={user} onDone={close} />
        ))}
    </div>
  );
}
