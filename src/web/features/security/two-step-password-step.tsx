import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { TWO_STEP_PAGE_TEXTS, TWO_STEP_TEXTS, twoStepPasswordSchema, type TotpSetupAnswer } from '#shared/two-step.js';
import { PasswordField } from '#web/components/form/password-field.js';
import { FormErrorAlert, showServerErrors } from '#web/components/form/server-errors.js';
import { Button } from '#web/components/ui/button.js';
import { Form } from '#web/components/ui/form.js';
import { useSetupTotp } from './api/setup-totp.js';
import { enrolmentRequired } from './enrolment-notice.js';
import { StepHeading } from './two-step-parts.js';

type PasswordValues = z.output<typeof twoStepPasswordSchema>;

/**
 * The password again, when the sign-in is older than the recent one (decision 054), then the setup with it. A wrong
 * password lands on the field; the password is handed on, since turning it on asks for the same recent sign-in. An
 * administrator's session may then still need the emailed link (decision 061).
 */
export function TwoStepPasswordStep({
  email,
  onReady,
  onEnrolmentNeeded,
  onCancel,
}: {
  email: string | null;
  onReady: (setup: TotpSetupAnswer, password: string) => void;
  onEnrolmentNeeded: (message: string) => void;
  onCancel: () => void;
}) {
  const setup = useSetupTotp();
  const form = useForm<z.input<typeof twoStepPasswordSchema>, unknown, PasswordValues>({
    resolver: zodResolver(twoStepPasswordSchema),
    defaultValues: { password: '' },
  });

  function onSubmit({ password }: PasswordValues) {
    setup.mutate(
      { password },
      {
        onSuccess: (answer) => onReady(answer, password),
        onError: (error) => {
          const enrolmentReason = enrolmentRequired(error);
          if (enrolmentReason) onEnrolmentNeeded(enrolmentReason);
          else showServerErrors(form.setError, error, ['password']);
        },
      },
    );
  }

  return (
    <Form {...form}>
      <form onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} className="space-y-4 rounded-md border p-4" noValidate aria-label={TWO_STEP_PAGE_TEXTS.passwordTitle}>
        <StepHeading>{TWO_STEP_PAGE_TEXTS.passwordTitle}</StepHeading>
        <p className="text-sm text-muted-foreground">{TWO_STEP_TEXTS.recentSignInRequired}</p>
        {/* Tells a password manager which account this password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={email ?? ''} readOnly hidden />
        <FormErrorAlert />
        <PasswordField control={form.control} name="password" label={TWO_STEP_PAGE_TEXTS.passwordLabel} kind="current" />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" disabled={setup.isPending}>
            {setup.isPending ? TWO_STEP_PAGE_TEXTS.checking : TWO_STEP_PAGE_TEXTS.continue}
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={onCancel} disabled={setup.isPending}>
            {TWO_STEP_PAGE_TEXTS.cancel}
          </Button>
        </div>
      </form>
    </Form>
  );
}
