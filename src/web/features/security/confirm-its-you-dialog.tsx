import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from '#web/components/icons/index.js';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PASSKEY_TEXTS } from '#shared/passkeys.js';
import { recentSignInSchema, TWO_STEP_PAGE_TEXTS } from '#shared/two-step.js';
import { useCurrentUser } from '#web/core/session/index.js';
import { PasswordField } from '#web/components/form/password-field.js';
import { FormErrorAlert, showServerErrors } from '#web/components/form/server-errors.js';
import { Button } from '#web/components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.js';
import { Form } from '#web/components/ui/form.js';
import { Spinner } from '#web/components/ui/spinner.js';
import { ceremonyAborted, passkeyErrorMessage } from '#web/lib/passkey-ceremony.js';
import { usePasskeys } from './api/get-passkeys.js';
import { useRecentSignIn } from './api/recent-sign-in.js';
import { useRecentSignInWithPasskey } from './api/recent-sign-in-with-passkey.js';

type PasswordInput = z.input<typeof recentSignInSchema>;
type PasswordOutput = z.output<typeof recentSignInSchema>;

interface ConfirmItsYouDialogProps {
  open: boolean;
  /** The member proved themselves: the session's sign-in is recent again. */
  onProved: () => void;
  onCancel: () => void;
  /** Radix's close auto-focus, once the dialog has gone: the opener decides where the focus goes, and what runs next. */
  onClosed: (event: Event) => void;
}

/**
 * 'Confirm it's you' (decision 061): the password again, or one of the account's passkeys, when a change to how the
 * account signs in meets an older sign-in. The dialog only proves; `useWithRecentSignIn` opens it and retries the change.
 */
export function ConfirmItsYouDialog({ open, onProved, onCancel, onClosed }: ConfirmItsYouDialogProps) {
  const withPassword = useRecentSignIn();
  const withPasskey = useRecentSignInWithPasskey();
  const busy = withPassword.isPending || withPasskey.isPending;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !busy && onCancel()}>
      <DialogContent onCloseAutoFocus={onClosed}>
        {/* Its own component, so each opening starts with an empty form. */}
        <ConfirmBody withPassword={withPassword} withPasskey={withPasskey} busy={busy} onProved={onProved} onCancel={onCancel} />
      </DialogContent>
    </Dialog>
  );
}

function ConfirmBody({
  withPassword,
  withPasskey,
  busy,
  onProved,
  onCancel,
}: {
  withPassword: ReturnType<typeof useRecentSignIn>;
  withPasskey: ReturnType<typeof useRecentSignInWithPasskey>;
  busy: boolean;
  onProved: () => void;
  onCancel: () => void;
}) {
  const user = useCurrentUser().data;
  const passkeys = usePasskeys();
  const form = useForm<PasswordInput, unknown, PasswordOutput>({ resolver: zodResolver(recentSignInSchema), defaultValues: { password: '' } });
  const hasPassword = user?.hasPassword ?? false;
  const hasPasskeys = (passkeys.data?.passkeys.length ?? 0) > 0;
  // An account without a password waits for its passkeys to know what to offer; a failed list offers none.
  const waiting = !hasPassword && passkeys.isPending;

  const help = hasPassword
    ? hasPasskeys
      ? TWO_STEP_PAGE_TEXTS.confirmHelp
      : TWO_STEP_PAGE_TEXTS.confirmHelpPassword
    : hasPasskeys
      ? TWO_STEP_PAGE_TEXTS.confirmHelpPasskey
      : TWO_STEP_PAGE_TEXTS.confirmSignInAgain;

  function submit({ password }: PasswordOutput) {
    withPassword.mutate({ password }, { onSuccess: onProved, onError: (error) => showServerErrors(form.setError, error, ['password']) });
  }

  function confirmWithPasskey() {
    form.clearErrors();
    withPasskey.mutate(undefined, {
      onSuccess: onProved,
      onError: (error) => {
        if (!ceremonyAborted(error)) form.setError('root.server', { type: 'server', message: passkeyErrorMessage(error, PASSKEY_TEXTS.failed) });
      },
    });
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>{TWO_STEP_PAGE_TEXTS.confirmTitle}</DialogTitle>
        <DialogDescription>{waiting ? TWO_STEP_PAGE_TEXTS.confirmHelpPasskey : help}</DialogDescription>
      </DialogHeader>
      <Form {...form}>
        <form
          onSubmit={(event) => {
            // A portal's events bubble through React's tree: a form the dialog was opened from must not see this submit.
            event.stopPropagation();
            void form.handleSubmit(submit)(event);
          }}
          className="space-y-4"
          noValidate
          aria-label={TWO_STEP_PAGE_TEXTS.confirmTitle}
        >
          <FormErrorAlert />
          {hasPassword && (
            <>
              {/* Tells a password manager which account this password belongs to. */}
              <input type="email" name="username" autoComplete="username" value={user?.email ?? ''} readOnly hidden />
              <PasswordField control={form.control} name="password" label={TWO_STEP_PAGE_TEXTS.passwordLabel} kind="current" />
            </>
          )}
          {waiting && (
            <div className="flex justify-center py-2">
              <Spinner label={PASSKEY_TEXTS.loading} />
            </div>
          )}
          {hasPasskeys && (
            <Button type="button" variant="outline" className="w-full sm:w-auto" onClick={confirmWithPasskey} disabled={busy}>
              <KeyRound aria-hidden="true" />
              {withPasskey.isPending ? TWO_STEP_PAGE_TEXTS.secondStepPasskeyBusy : TWO_STEP_PAGE_TEXTS.confirmWithPasskey}
            </Button>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
              {TWO_STEP_PAGE_TEXTS.cancel}
            </Button>
            {hasPassword && (
              <Button type="submit" disabled={busy}>
                {withPassword.isPending ? TWO_STEP_PAGE_TEXTS.checking : TWO_STEP_PAGE_TEXTS.confirmWithPassword}
              </Button>
            )}
          </DialogFooter>
        </form>
      </Form>
    </>
  );
}
