import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { registerSchema, type RegisterInput } from '../../../shared/auth.js';
import { PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '../../../shared/limits.js';
import { Button } from '../../components/ui/button.js';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '../../components/ui/form.js';
import { Input } from '../../components/ui/input.js';
import { FormErrorAlert, showServerErrors } from '../account/components/server-errors.js';
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
        onSubmit={form.handleSubmit((values) =>
          // A field the server refused (an address in use, a too common password) gets its message under it.
          register.mutate(values, { onSuccess: onSignedIn, onError: (error) => showServerErrors(form.setError, error, ['email', 'password', 'username']) }),
        )}
        className="space-y-4"
        noValidate
      >
        <FormErrorAlert />
        <FormField
          control={form.control}
          name="email"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Email</FormLabel>
              <FormControl>
                <Input type="email" autoComplete="email" inputMode="email" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="password"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Password</FormLabel>
              <FormControl>
                <Input type="password" autoComplete="new-password" {...field} />
              </FormControl>
              <FormDescription>At least {PASSWORD_MIN} characters.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="username"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Username (optional)</FormLabel>
              <FormControl>
                {/* The schema trims an empty username away, so its input type is loose; the field itself is always text. */}
                <Input autoComplete="username" {...field} value={typeof field.value === 'string' ? field.value : ''} />
              </FormControl>
              <FormDescription>
                {USERNAME_MIN} to {USERNAME_MAX} letters, numbers or underscores. Leave empty to have one made from your email.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Creating account...' : 'Create account'}
        </Button>
      </form>
    </Form>
  );
}
