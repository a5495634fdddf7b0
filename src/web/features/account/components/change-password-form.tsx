import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ACCOUNT_MESSAGES } from '#shared/account-texts.js';
import { PasswordField } from '#web/components/form/password-field.js';
import { FormErrorAlert, showServerErrors } from '#web/components/form/server-errors.js';
import { Button } from '#web/components/ui/button.js';
import { Form } from '#web/components/ui/form.js';
import { toast } from '#web/components/ui/use-toast.js';
import { useChangePassword } from '../api/change-password.js';
import { changePasswordFormSchema, type ChangePasswordFormValues } from './password-schemas.js';

/** Current password, then the new one twice. The server signs out every other session of the account. */
export function ChangePasswordForm({ email, onDone }: { email: string | null; onDone: () => void }) {
  const changePassword = useChangePassword();
  const form = useForm<z.input<typeof changePasswordFormSchema>, unknown, ChangePasswordFormValues>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  function onSubmit({ currentPassword, newPassword }: ChangePasswordFormValues) {
    changePassword.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          toast({ title: 'Password changed', description: ACCOUNT_MESSAGES.passwordChanged });
          onDone();
        },
        onError: (error) => showServerErrors(form.setError, error, ['currentPassword', 'newPassword']),
      },
    );
  }

  return (
    <Form {...form}>
      <form onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} className="space-y-4 rounded-md border p-4" noValidate aria-label="Change password">
        {/* Tells a password manager which account the new password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={email ?? ''} readOnly hidden />
        <FormErrorAlert />
        <PasswordField control={form.control} name="currentPassword" label="Current password" kind="current" autoFocus />
        <PasswordField control={form.control} name="newPassword" label="New password" kind="new" />
        <PasswordField control={form.control} name="confirmPassword" label="Confirm new password" kind="confirm" />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" disabled={changePassword.isPending}>
            {changePassword.isPending ? 'Saving...' : 'Save new password'}
          </Button>
          <Button variant="outline" size="sm" onClick={onDone} disabled={changePassword.isPending}>
            Cancel
          </Button>
        </div>
      </form>
    </Form>
  );
}
