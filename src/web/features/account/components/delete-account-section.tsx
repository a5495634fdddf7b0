import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ACCOUNT_MESSAGES, DELETE_CONFIRMATION_WORD, DELETED_USER_NAME } from '#shared/account-texts.js';
import { deleteAccountSchema, type DeleteAccountInput } from '#shared/account.js';
import type { User } from '#shared/auth.js';
import { paths } from '#web/core/paths.js';
import { InputField } from '#web/components/form/input-field.js';
import { PasswordField } from '#web/components/form/password-field.js';
import { FormErrorAlert, showServerErrors } from '#web/components/form/server-errors.js';
import { Button } from '#web/components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.js';
import { Form } from '#web/components/ui/form.js';
import { toastAfterLoad } from '#web/lib/toast-after-load.js';
import { useDeleteAccount } from '../api/delete-account.js';
import { needsProviderConfirmation, ProviderConfirmation, useReturnFromProvider } from './provider-confirmation.js';

/** The shared rule, plus which of its two fields this account must fill in (the server says the same). */
function deleteFormSchema(hasPassword: boolean) {
  return deleteAccountSchema.superRefine((value, ctx) => {
    if (hasPassword && !value.password) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: ACCOUNT_MESSAGES.passwordRequired });
    }
    if (!hasPassword && value.confirmation?.trim() !== DELETE_CONFIRMATION_WORD) {
      ctx.addIssue({ code: 'custom', path: ['confirmation'], message: ACCOUNT_MESSAGES.deleteConfirmationRequired });
    }
  });
}

/** The danger zone at the foot of the profile: 'Delete account', then a dialog that says exactly what happens. */
export function DeleteAccountSection({ user }: { user: User }) {
  // Back from confirming at the provider (an account without a password): the dialog opens again.
  const back = useReturnFromProvider('delete');
  const [open, setOpen] = useState(back.reopen);
  const deleteAccount = useDeleteAccount();
  // After success the whole app loads again, signed out; nothing may be clicked until then.
  const busy = deleteAccount.isPending || deleteAccount.isSuccess;

  return (
    <Card className="border-destructive/60">
      <CardHeader>
        <CardTitle className="text-xl">Delete account</CardTitle>
        <CardDescription>
          Permanently delete your account and your listings. Messages you sent stay with the people you wrote to, under the
          name &lsquo;{DELETED_USER_NAME}&rsquo;.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {user.isAdmin ? (
          <p className="text-sm">{ACCOUNT_MESSAGES.adminCannotDelete}</p>
        ) : (
          <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
            <DialogTrigger asChild>
              <Button variant="destructive">Delete account</Button>
            </DialogTrigger>
            <DialogContent role="alertdialog">
              <DeleteAccountForm user={user} deleteAccount={deleteAccount} busy={busy} confirmFailed={back.failed} onCancel={() => setOpen(false)} />
            </DialogContent>
          </Dialog>
        )}
      </CardContent>
    </Card>
  );
}

interface DeleteAccountFormProps {
  user: User;
  deleteAccount: ReturnType<typeof useDeleteAccount>;
  busy: boolean;
  /** The provider did not confirm this account on the way back. */
  confirmFailed: boolean;
  onCancel: () => void;
}

/** The dialog's content: mounted each time it opens, so the field starts empty every time. */
function DeleteAccountForm({ user, deleteAccount, busy, confirmFailed, onCancel }: DeleteAccountFormProps) {
  const form = useForm<z.input<typeof deleteAccountSchema>, unknown, DeleteAccountInput>({
    resolver: zodResolver(deleteFormSchema(user.hasPassword)),
    defaultValues: user.hasPassword ? { password: '' } : { confirmation: '' },
  });

  function onSubmit({ password, confirmation }: DeleteAccountInput) {
    deleteAccount.mutate(user.hasPassword ? { password } : { confirmation: confirmation?.trim() }, {
      onSuccess: ({ message }) => toastAfterLoad({ title: 'Account deleted', description: message }, paths.home),
      onError: (error) => showServerErrors(form.setError, error, ['password', 'confirmation']),
    });
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>Delete your account?</DialogTitle>
        <DialogDescription>This cannot be undone. Here is exactly what happens.</DialogDescription>
      </DialogHeader>
      <div className="space-y-4 text-sm">
        <div className="space-y-1">
          <h3 className="font-semibold">Removed for good</h3>
          <ul className="list-disc space-y-1 pl-5">
            <li>Your listings, with their photos, likes and reviews</li>
            <li>Your likes on other people&rsquo;s listings</li>
            <li>Your profile picture, username, name, email address and password</li>
          </ul>
        </div>
        <div className="space-y-1">
          <h3 className="font-semibold">Kept, without your name</h3>
          <ul className="list-disc space-y-1 pl-5">
            <li>
              Messages you sent and reviews you wrote stay with the people who received them, shown as from &lsquo;
              {DELETED_USER_NAME}&rsquo;, so their conversations and ratings still make sense.
            </li>
          </ul>
        </div>
        <p>
          You will be signed out everywhere
          {user.email ? (
            <>
              , and we will send a confirmation to <span className="font-medium [overflow-wrap:anywhere]">{user.email}</span>
            </>
          ) : null}
          .
        </p>
      </div>
      {needsProviderConfirmation(user) ? (
        <>
          <ProviderConfirmation step="delete" failed={confirmFailed} />
          <DialogFooter>
            <Button variant="outline" onClick={onCancel}>
              Cancel
            </Button>
          </DialogFooter>
        </>
      ) : (
        <Form {...form}>
          <form onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} className="space-y-4" noValidate>
            <FormErrorAlert />
            {user.hasPassword ? (
              <PasswordField control={form.control} name="password" label="Enter your password to confirm" kind="current" />
            ) : (
              <InputField
                control={form.control}
                name="confirmation"
                label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
              />
            )}
            <DialogFooter>
              <Button variant="outline" onClick={onCancel} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" variant="destructive" disabled={busy}>
                {busy ? 'Deleting...' : 'Delete my account'}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      )}
    </>
  );
}
