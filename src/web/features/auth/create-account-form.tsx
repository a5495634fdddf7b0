import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { registerSchema, type RegisterInput } from '#shared/auth.js';
import { USERNAME_MAX, USERNAME_MIN } from '#shared/limits.js';
import { EmailField } from '../../components/form/email-field.js';
import { InputField } from '../../components/form/input-field.js';
import { PasswordField } from '../../components/form/password-field.js';
import { FormErrorAlert, showServerErrors } from '../../components/form/server-errors.js';
import { Button } from '../../components/ui/button.js';
import { Form } from '../../components/ui/form.js';
import { useRegister } from './api/register.js';

export function CreateAccountForm({ onSignedIn }: { onSignedIn: () => void }) {
  const register = useRegister();
  const form = useForm<z.input<typeof registerSchema>, unknown, RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { email: '', password: '', username: '' },
  });
  // After success the page is about to be replaced; keep the form locked until then.
  const busy = register.isPending || register.isSuccess;

  return (
    <Form {...form}>
      <form
        onSubmit={(event) =>
          void form.handleSubmit((values) =>
            // A field the server refused (an address in use, a too common password) gets its message under it.
            register.mutate(values, { onSuccess: onSignedIn, onError: (error) => showServerErrors(form.setError, error, ['email', 'password', 'username']) }),
          )(event)
        }
        className="space-y-4"
        noValidate
      >
        <FormErrorAlert />
        <EmailField control={form.control} name="email" />
        <PasswordField control={form.control} name="password" label="Password" kind="new" />
        <InputField
          control={form.control}
          name="username"
          label="Username (optional)"
          autoComplete="username"
          description={`${USERNAME_MIN} to ${USERNAME_MAX} letters, numbers or underscores. Leave empty to have one made from your email.`}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Creating account...' : 'Create account'}
        </Button>
      </form>
    </Form>
  );
}
