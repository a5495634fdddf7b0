import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useSearch } from 'wouter';
import type { z } from 'zod';
import { ACCOUNT_MESSAGES } from '#shared/account-texts.js';
import { accountTokenSchema } from '#shared/account.js';
import { type SecondStepMethod, TWO_STEP_PAGE_TEXTS } from '#shared/two-step.js';
import { paths } from '#web/core/paths.js';
import { PasswordField } from '#web/components/form/password-field.js';
import { FormErrorAlert, showServerErrors } from '#web/components/form/server-errors.js';
import { Button } from '#web/components/ui/button.js';
import { Form } from '#web/components/ui/form.js';
import { ApiError } from '#web/lib/api.js';
import { toastAfterLoad } from '#web/lib/toast-after-load.js';
import { usePageMeta } from '#web/lib/use-page-meta.js';
import { needsSecondFactor, SecondFactorForm } from '../../auth/index.js';
import { useResetPassword } from '../api/reset-password.js';
import { AccountCard } from '../components/account-card.js';
import { LinkProblem } from '../components/link-problem.js';
import { resetPasswordFormSchema, type ResetPasswordFormValues } from '../components/password-schemas.js';

/** The server refused the token itself (unknown, spent or expired), as opposed to the new password. */
function isInvalidLink(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'invalid_link' || !!error.errors?.token);
}

export default function ResetPasswordPage() {
  usePageMeta('Set a new password', 'Choose a new password for your Community Services Marketplace account.');
  const parsed = accountTokenSchema.safeParse(new URLSearchParams(useSearch()).get('token') ?? '');
  const [linkRefused, setLinkRefused] = useState(false);
  // The new password is set; with two-step sign-in on, the session still waits for a code (decision 054).
  const [step, setStep] = useState<'password' | 'second-factor' | 'expired'>('password');
  const [methods, setMethods] = useState<readonly SecondStepMethod[]>(['code']);
  const [, navigate] = useLocation();
  const reset = useResetPassword();
  const form = useForm<z.input<typeof resetPasswordFormSchema>, unknown, ResetPasswordFormValues>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  // After success the whole app loads again, signed in; keep the form locked until then.
  const busy = reset.isPending || reset.isSuccess;

  if (!parsed.success || linkRefused) {
    return (
      <LinkProblem message={ACCOUNT_MESSAGES.invalidLink}>
        <Button asChild>
          <Link href={paths.forgotPassword}>Request a new link</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href={paths.login}>Back to sign in</Link>
        </Button>
      </LinkProblem>
    );
  }
  const token = parsed.data;
  const signedIn = () => toastAfterLoad({ title: 'Password reset', description: ACCOUNT_MESSAGES.passwordReset }, paths.home);

  if (step === 'expired') {
    return (
      <LinkProblem title={TWO_STEP_PAGE_TEXTS.resetExpiredTitle} message={TWO_STEP_PAGE_TEXTS.resetExpired}>
        <Button asChild>
          <Link href={paths.login}>{TWO_STEP_PAGE_TEXTS.signIn}</Link>
        </Button>
      </LinkProblem>
    );
  }
  if (step === 'second-factor') {
    return (
      <AccountCard title="Set a new password" description={TWO_STEP_PAGE_TEXTS.resetSecondStep}>
        <SecondFactorForm
          methods={methods}
          onSignedIn={signedIn}
          onBack={(expired) => (expired ? setStep('expired') : navigate(paths.login))}
          backLabel={TWO_STEP_PAGE_TEXTS.backToSignIn}
        />
      </AccountCard>
    );
  }

  function onSubmit({ password }: ResetPasswordFormValues) {
    reset.mutate(
      { token, password },
      {
        // A full page load: the new session cookie, and nothing cached from before it.
        onSuccess: (answer) => {
          if (!needsSecondFactor(answer)) return signedIn();
          setMethods(answer.methods);
          setStep('second-factor');
        },
        onError: (error) => {
          if (isInvalidLink(error)) setLinkRefused(true);
          else showServerErrors(form.setError, error, ['password']);
        },
      },
    );
  }

  return (
    <AccountCard
      title="Set a new password"
      description="Choose the password you will sign in with from now on. You will be signed in here, and signed out everywhere else."
    >
      <Form {...form}>
        <form onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} className="space-y-4" noValidate>
          <FormErrorAlert />
          <PasswordField control={form.control} name="password" label="New password" kind="new" />
          <PasswordField control={form.control} name="confirmPassword" label="Confirm new password" kind="confirm" />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? 'Saving...' : 'Set new password'}
          </Button>
        </form>
      </Form>
    </AccountCard>
  );
}
