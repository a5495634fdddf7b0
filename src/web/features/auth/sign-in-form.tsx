import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import type { z } from 'zod';
import { loginSchema } from '../../../shared/auth.js';
import { Button } from '../../components/ui/button.js';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../components/ui/form.js';
import { Input } from '../../components/ui/input.js';
import { useLogin } from './api/login.js';
import { ServerErrorAlert } from './server-error-alert.js';

export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const login = useLogin();
  const form = useForm<z.input<typeof loginSchema>, unknown, z.output<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  // After success the page is about to be replaced; keep the form locked until then.
  const busy = login.isPending || login.isSuccess;

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit((values) => login.mutate(values, { onSuccess: onSignedIn }))} className="space-y-4" noValidate>
        <ServerErrorAlert error={login.error} />
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
              <div className="flex items-baseline justify-between gap-4">
                <FormLabel>Password</FormLabel>
                <Link href="/forgot-password" className="text-sm font-medium text-link underline-offset-4 hover:underline">
                  Forgot your password?
                </Link>
              </div>
              <FormControl>
                <Input type="password" autoComplete="current-password" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
    </Form>
  );
}
