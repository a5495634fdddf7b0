import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ACCOUNT_MESSAGES } from '#shared/account-texts.js';
import { changeEmailSchema, type ChangeEmailInput } from '#shared/account.js';
import type { User } from '#shared/auth.js';
import { EmailField } from '#web/components/form/email-field.js';
import { PasswordField } from '#web/components/form/password-field.js';
import { FormErrorAlert, showServerErrors } from '#web/components/form/server-errors.js';
import { Button } from '#web/components/ui/button.js';
import { Form } from '#web/components/ui/form.js';
import { toast } from '#web/components/ui/use-toast.js';
import { useChangeEmail } from '../api/change-email.js';

/** A new address, and the current password when the account has one. Nothing changes until the emailed link is opened. */
export function ChangeEmailForm({ user, onDone }: { user: User; onDone: () => void }) {
  const changeEmail = useChangeEmail();
  const form = useForm<z.input<typeof changeEmailSchema>, unknown, ChangeEmailInput>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: user.hasPassword ? { newEmail: '', currentPassword: '' } : { newEmail: '' },
  });

  function onSubmit({ newEmail, currentPassword }: ChangeEmailInput) {
    changeEmail.mutate(user.hasPassword ? { newEmail, currentPassword } : { newEmail }, {
      onSuccess: (updated) => {
        toast({ title: 'Check your new inbox', description: ACCOUNT_MESSAGES.emailChangeSent(updated.pendingEmail ?? newEmail) });
        onDone();
      },
      onError: (error) => showServerErrors(form.setError, error, ['newEmail', 'currentPassword']),
    });
  }

  return (
    <Form {...form}>
      <form onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} className="space-y-4 rounded-md border p-4" noValidate aria-label="Change email">
        <FormErrorAlert />
        <EmailField
          control={form.control}
          name="newEmail"
          label="New email"
          autoFocus
          description={`We will send a link to this address. Your email changes when you open it${user.email ? '; until then you keep signing in with the current one' : ''}.`}
        />
        {user.hasPassword && (
          <PasswordField control={form.control} name="currentPassword" label="Current password" kind="current" />
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" disabled={changeEmail.isPending}>
            {changeEmail.isPending ? 'Sending...' : 'Send verification link'}
          </Button>
          <Button variant="outline" size="sm" onClick={onDone} disabled={changeEmail.isPending}>
            Cancel
          </Button>
        </div>
      </form>
    </Form>
  );
}
