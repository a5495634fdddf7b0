import { useEffect, useRef } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { KeyRound } from '../../components/icons/index.js';
import { PASSKEY_TEXTS } from '#shared/passkeys.js';
import { secondFactorSchema, type SecondStepMethod, TWO_STEP_PAGE_TEXTS } from '#shared/two-step.js';
import { InputField } from '../../components/form/input-field.js';
import { FormErrorAlert, showServerErrors } from '../../components/form/server-errors.js';
import { Button } from '../../components/ui/button.js';
import { Form } from '../../components/ui/form.js';
import { ApiError } from '../../lib/api.js';
import { ceremonyAborted, passkeyErrorMessage } from '../../lib/passkey-ceremony.js';
import { useLoginSecondFactor } from './api/login-second-factor.js';
import { useSecondStepWithPasskey } from './api/second-step-with-passkey.js';
import { SuspensionNotice } from './suspension-notice.js';

type CodeValues = z.output<typeof secondFactorSchema>;

/**
 * The second step of a sign-in (decision 054), after the right password: a code from the authenticator app or a
 * recovery code, and, where the account has one, a passkey (decision 061; an administrator under REQUIRE_ADMIN_2FA
 * may have only that). `methods` are the ways the server named. `onBack(expired)` returns to the first step, with
 * `expired` when the five minutes the server keeps the first step have passed.
 */
export function SecondFactorForm({
  methods = ['code'],
  onSignedIn,
  onBack,
  backLabel = TWO_STEP_PAGE_TEXTS.useDifferentAccount,
}: {
  methods?: readonly SecondStepMethod[];
  onSignedIn: () => void;
  onBack: (expired: boolean) => void;
  backLabel?: string;
}) {
  const verify = useLoginSecondFactor();
  const withPasskey = useSecondStepWithPasskey();
  const form = useForm<z.input<typeof secondFactorSchema>, unknown, CodeValues>({
    resolver: zodResolver(secondFactorSchema),
    defaultValues: { code: '' },
  });
  const code = methods.includes('code');
  const passkey = methods.includes('passkey');
  // After success the page is about to be replaced; keep the form locked until then.
  const busy = verify.isPending || verify.isSuccess || withPasskey.isPending || withPasskey.isSuccess;
  const expiredOr = (other: (error: unknown) => void) => (error: unknown) => {
    if (error instanceof ApiError && error.code === 'second_factor_expired') onBack(true);
    else other(error);
  };

  // The password form this replaces had the focus; the code is what to type next, or else the passkey's button.
  const passkeyButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (code) form.setFocus('code');
    else passkeyButton.current?.focus();
  }, [form, code]);

  function onSubmit({ code }: CodeValues) {
    withPasskey.reset();
    verify.mutate(code, { onSuccess: onSignedIn, onError: expiredOr((error) => showServerErrors(form.setError, error, ['code'])) });
  }

  function confirmWithPasskey() {
    verify.reset();
    form.clearErrors();
    withPasskey.mutate(undefined, { onSuccess: onSignedIn, onError: expiredOr(() => undefined) });
  }

  const passkeyFailure = withPasskey.error && !ceremonyAborted(withPasskey.error) ? passkeyErrorMessage(withPasskey.error, PASSKEY_TEXTS.signInFailed) : null;
  const suspension = [verify.error, withPasskey.error].map((error) => (error instanceof ApiError ? error.suspension : undefined)).find(Boolean);

  return (
    <Form {...form}>
      <form onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} className="space-y-4" noValidate aria-labelledby="second-step-title">
        <div className="space-y-1">
          <h2 id="second-step-title" className="text-lg font-semibold">
            {TWO_STEP_PAGE_TEXTS.secondStepTitle}
          </h2>
          <p className="text-sm text-muted-foreground">{code ? TWO_STEP_PAGE_TEXTS.secondStepHelp : TWO_STEP_PAGE_TEXTS.secondStepPasskeyHelp}</p>
        </div>
        <FormErrorAlert />
        {passkey && (
          <div role="alert" className="empty:hidden">
            {passkeyFailure && <p className="rounded-md border border-destructive p-3 text-sm font-medium text-destructive">{passkeyFailure}</p>}
          </div>
        )}
        {suspension && <SuspensionNotice {...suspension} />}
        {code && (
          <>
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
              {verify.isPending || verify.isSuccess ? TWO_STEP_PAGE_TEXTS.verifying : TWO_STEP_PAGE_TEXTS.verify}
            </Button>
          </>
        )}
        {passkey && (
          <Button ref={passkeyButton} type="button" variant={code ? 'outline' : 'default'} className="w-full" onClick={confirmWithPasskey} disabled={busy}>
            <KeyRound aria-hidden="true" />
            {withPasskey.isPending || withPasskey.isSuccess ? TWO_STEP_PAGE_TEXTS.secondStepPasskeyBusy : TWO_STEP_PAGE_TEXTS.secondStepUsePasskey}
          </Button>
        )}
        <Button type="button" variant="link" className="w-full" onClick={() => onBack(false)} disabled={busy}>
          {backLabel}
        </Button>
      </form>
    </Form>
  );
}
