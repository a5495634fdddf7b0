import { useEffect, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import type { z } from 'zod';
import { loginSchema } from '#shared/auth.js';
import { type SecondStepMethod, TWO_STEP_TEXTS } from '#shared/two-step.js';
import { paths } from '../../core/paths.js';
import { EmailField } from '../../components/form/email-field.js';
import { PasswordField } from '../../components/form/password-field.js';
import { FormErrorAlert, showServerErrors } from '../../components/form/server-errors.js';
import { Button } from '../../components/ui/button.js';
import { Form } from '../../components/ui/form.js';
import { ApiError } from '../../lib/api.js';
import { useLogin } from './api/login.js';
import { needsSecondFactor } from './api/login-second-factor.js';
import { SecondFactorForm } from './second-factor-form.js';
import { SuspensionNotice } from './suspension-notice.js';

interface SignInFormProps {
  onSignedIn: () => void;
  emailAutoComplete?: string;
  /** Told when the second step of a two-step sign-in shows or goes: the page hides the other ways in meanwhile. */
  onSecondStep?: (shown: boolean) => void;
}

export function SignInForm({ onSignedIn, emailAutoComplete, onSecondStep }: SignInFormProps) {
  const login = useLogin();
  const form = useForm<z.input<typeof loginSchema>, unknown, z.output<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  // After success the page is about to be replaced; keep the form locked until then.
  const busy = login.isPending || login.isSuccess;
  // With two-step sign-in on, the right password leads to the second step (decision 054); back from it, the field to type in.
  const [methods, setMethods] = useState<readonly SecondStepMethod[] | null>(null);
  const secondStep = methods !== null;
  const returnTo = useRef<'email' | 'password' | null>(null);
  useEffect(() => onSecondStep?.(secondStep), [secondStep, onSecondStep]);
  useEffect(() => {
    if (secondStep || !returnTo.current) return;
    form.setFocus(returnTo.current);
    returnTo.current = null;
  }, [secondStep, form]);

  if (secondStep) {
    const back = (expired: boolean) => {
      login.reset();
      if (expired) {
        form.resetField('password');
        form.setError('root.server', { type: 'server', message: TWO_STEP_TEXTS.pendingExpired });
      } else {
        form.reset();
      }
      returnTo.current = expired ? 'password' : 'email';
      setMethods(null);
    };
    return <SecondFactorForm methods={methods} onSignedIn={onSignedIn} onBack={back} />;
  }

  return (
    <Form {...form}>
      <form
        onSubmit={(event) =>
          void form.handleSubmit((values) =>
            login.mutate(values, {
              onSuccess: (answer) => (needsSecondFactor(answer) ? setMethods(answer.methods) : onSignedIn()),
              onError: (error) => showServerErrors(form.setError, error, ['email', 'password']),
            }),
          )(event)
        }
        className="space-y-4"
        noValidate
      >
        <FormErrorAlert />
        {login.error instanceof ApiError && login.error.suspension && <SuspensionNotice {...login.error.suspension} />}
        <EmailField control={form.control} name="email" autoComplete={emailAutoComplete} />
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
