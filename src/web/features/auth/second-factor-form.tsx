import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { secondFactorSchema, TWO_STEP_PAGE_TEXTS } from '#shared/two-step.js';
import { InputField } from '../../components/form/input-field.js';
import { FormErrorAlert, showServerErrors } from '../../components/form/server-errors.js';
import { Button } from '../../components/ui/button.js';
import { Form } from '../../components/ui/form.js';
import { ApiError } from '../../lib/api.js';
import { useLoginSecondFactor } from './api/login-second-factor.js';
import { SuspensionNotice } from './suspension-notice.js';

type CodeValues = z.output<typeof secondFactorSchema>;

/**
 * The second step of a sign-in (decision 054), after the right password of an account with two-step
 * sign-in on: a code from the authenticator app or a recovery code. `onBack(expired)` returns to the first step, with
 * `expired` when the five minutes the server keeps the first step have passed.
 */
export function SecondFactorForm({
  onSignedIn,
  onBack,
  backLabel = TWO_STEP_PAGE_TEXTS.useDifferentAccount,
}: {
  onSignedIn: () => void;
  onBack: (expired: boolean) => void;
  backLabel?: string;
}) {
  const verify = useLoginSecondFactor();
  const form = useForm<z.input<typeof secondFactorSchema>, unknown, CodeValues>({
    resolver: zodResolver(secondFactorSchema),
    defaultValues: { code: '' },
  });
  // After success the page is about to be replaced; keep the form locked until then.
  const busy = verify.isPending || verify.isSuccess;

  // The password form this replaces had the focus; the code is what to type next.
  useEffect(() => form.setFocus('code'), [form]);

  function onSubmit({ code }: CodeValues) {
    verify.mutate(code, {
      onSuccess: onSignedIn,
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'second_factor_expired') onBack(true);
        else showServerErrors(form.setError, error, ['code']);
      },
    });
  }

  return (
    <Form {...form}>
      <form onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} className="space-y-4" noValidate aria-labelledby="second-step-title">
        <div className="space-y-1">
          <h2 id="second-step-title" className="text-lg font-semibold">
            {TWO_STEP_PAGE_TEXTS.secondStepTitle}
          </h2>
          <p className="text-sm text-muted-foreground">{TWO_STEP_PAGE_TEXTS.secondStepHelp}</p>
        </div>
        <FormErrorAlert />
        {verify.error instanceof ApiError && verify.error.suspension && <SuspensionNotice {...verify.error.suspension} />}
        <InputField
          control={form.control}
          name="code"
          label={TWO_STEP_PAGE_TEXTS.secondStepCodeLabel}
          autoComplete="one-time-code"
          // No numeric keyboard: a phone's has no letters, and someone who lost the phone with the app types a
          // recovery code ('abcde-fghij') on another.
          autoCapitalize="none"
          spellCheck={false}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? TWO_STEP_PAGE_TEXTS.verifying : TWO_STEP_PAGE_TEXTS.verify}
        </Button>
        <Button type="button" variant="link" className="w-full" onClick={() => onBack(false)} disabled={busy}>
          {backLabel}
        </Button>
      </form>
    </Form>
  );
}
