import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import type { z } from 'zod';
import { loginSchema } from '#shared/auth.js';
import { paths } from '../../app/paths.js';
import { EmailField } from '../../components/form/email-field.js';
import { PasswordField } from '../../components/form/password-field.js';
import { FormErrorAlert, showServerErrors } from '../../components/form/server-errors.js';
import { Button } from '../../components/ui/button.js';
import { Form } from '../../components/ui/form.js';
import { ApiError } from '../../lib/api.js';
import { useLogin } from './api/login.js';
import { SANCTION_TEXTS } from '#shared/sanction-texts.js';

/**
 * Under 'Your account has been suspended', once the password was right (issue 18): the reason the administrator
 * gave, and the appeal link, or word that the appeal is with the team.
 */
function SuspensionNotice({ reason, appealUrl }: { reason: string | null; appealUrl: string | null }) {
  return (
    <div className="space-y-2 rounded-md border p-3 text-sm">
      {reason && <p className="[overflow-wrap:anywhere]">{SANCTION_TEXTS.suspendedReason(reason)}</p>}
      {appealUrl ? (
        <a href={appealUrl} className="font-medium text-link underline underline-offset-4">
          {SANCTION_TEXTS.appealLink}
        </a>
      ) : (
        <p>{SANCTION_TEXTS.appealPending}</p>
      )}
    </div>
  );
}

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
      <form
        onSubmit={form.handleSubmit((values) =>
          login.mutate(values, { onSuccess: onSignedIn, onError: (error) => showServerErrors(form.setError, error, ['email', 'password']) }),
        )}
        className="space-y-4"
        noValidate
      >
        <FormErrorAlert />
        {login.error instanceof ApiError && login.error.suspension && <SuspensionNotice {...login.error.suspension} />}
        <EmailField control={form.control} name="email" />
        <PasswordField
          control={form.control}
          name="password"
          label="Password"
          kind="current"
          labelAside={
            <Link href={paths.forgotPassword} className="text-sm font-medium text-link underline-offset-4 hover:underline">
              Forgot your password?
            </Link>
          }
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
    </Form>
  );
}
