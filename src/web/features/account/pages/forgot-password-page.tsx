import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from '#web/components/icons/index.js';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import type { z } from 'zod';
import { forgotPasswordSchema, type ForgotPasswordInput } from '#shared/account.js';
import { paths } from '#web/core/paths.js';
import { EmailField } from '#web/components/form/email-field.js';
import { FormErrorAlert, showServerErrors } from '#web/components/form/server-errors.js';
import { Button } from '#web/components/ui/button.js';
import { Form } from '#web/components/ui/form.js';
import { usePageMeta } from '#web/lib/use-page-meta.js';
import { useForgotPassword } from '../api/forgot-password.js';
import { AccountCard } from '../components/account-card.js';

function BackToSignIn() {
  return (
    <p className="text-center text-sm">
      <Link href={paths.login} className="font-medium text-link underline-offset-4 hover:underline">
        Back to sign in
      </Link>
    </p>
  );
}

export default function ForgotPasswordPage() {
  usePageMeta('Forgot your password?', 'Ask for a link to set a new password for your Community Services Marketplace account.');
  const forgot = useForgotPassword();
  const form = useForm<z.input<typeof forgotPasswordSchema>, unknown, ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  function onSubmit(values: ForgotPasswordInput) {
    forgot.mutate(values, { onError: (error) => showServerErrors(form.setError, error, ['email']) });
  }

  if (forgot.isSuccess) {
    return (
      <AccountCard title="Check your email" icon={<MailCheck className="size-10 text-primary" aria-hidden="true" />}>
        <div role="status" className="space-y-3">
          <p>{forgot.data.message}</p>
          <p className="text-sm text-muted-foreground">
            Nothing after a few minutes? Check your spam folder and that the address is the one you signed up with, then ask
            again.
          </p>
        </div>
        <Button variant="outline" className="w-full" onClick={() => forgot.reset()}>
          Use another email address
        </Button>
        <BackToSignIn />
      </AccountCard>
    );
  }

  return (
    <AccountCard
      title="Forgot your password?"
      description="Enter the email address you sign in with, and we will send you a link to choose a new password."
    >
      <Form {...form}>
        <form onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} className="space-y-4" noValidate>
          <FormErrorAlert />
          <EmailField control={form.control} name="email" />
          <Button type="submit" className="w-full" disabled={forgot.isPending}>
            {forgot.isPending ? 'Sending...' : 'Send reset link'}
          </Button>
        </form>
      </Form>
      <BackToSignIn />
    </AccountCard>
  );
}
