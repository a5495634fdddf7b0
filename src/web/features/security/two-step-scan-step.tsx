import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { secondFactorSchema, TWO_STEP_PAGE_TEXTS, type TotpSetupAnswer } from '#shared/two-step.js';
import { InputField } from '#web/components/form/input-field.js';
import { FormErrorAlert, showServerErrors } from '#web/components/form/server-errors.js';
import { Button } from '#web/components/ui/button.js';
import { Form } from '#web/components/ui/form.js';
import { ApiError } from '#web/lib/api.js';
import { useEnableTotp } from './api/enable-totp.js';
import { enrolmentRequired } from './enrolment-notice.js';
import { copyText, StepHeading } from './two-step-parts.js';

type CodeValues = z.output<typeof secondFactorSchema>;

/** The key in groups of four, as authenticator apps print it, so it can be read out and typed without losing the place. */
export const groupedKey = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * The QR code and the key of the new secret, and the first code the app shows, which turns two-step sign-in on and
 * answers the recovery codes. `password` is the one typed before the setup, when it was needed: enabling asks for the
 * same recent sign-in. An administrator's opened enrolment link may have run out meanwhile (decision 061).
 */
export function TwoStepScanStep({
  setup,
  password,
  onEnabled,
  onPasswordNeeded,
  onEnrolmentNeeded,
  onCancel,
}: {
  setup: TotpSetupAnswer;
  password: string | undefined;
  onEnabled: (recoveryCodes: string[]) => void;
  onPasswordNeeded: () => void;
  onEnrolmentNeeded: (message: string) => void;
  onCancel: () => void;
}) {
  const enable = useEnableTotp();
  const form = useForm<z.input<typeof secondFactorSchema>, unknown, CodeValues>({
    resolver: zodResolver(secondFactorSchema),
    defaultValues: { code: '' },
  });

  function onSubmit({ code }: CodeValues) {
    enable.mutate(
      { code, ...(password !== undefined && { password }) },
      {
        onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes),
        onError: (error) => {
          const enrolmentReason = enrolmentRequired(error);
          if (error instanceof ApiError && error.code === 'recent_sign_in_required') onPasswordNeeded();
          else if (enrolmentReason) onEnrolmentNeeded(enrolmentReason);
          else showServerErrors(form.setError, error, ['code']);
        },
      },
    );
  }

  return (
    <div className="space-y-4 rounded-md border p-4">
      <StepHeading>{TWO_STEP_PAGE_TEXTS.scanTitle}</StepHeading>
      <p className="text-sm text-muted-foreground">{TWO_STEP_PAGE_TEXTS.scanHelp}</p>
      {/* The QR code is drawn dark on light whatever the theme: scanners expect that contrast. */}
      <img src={setup.qrCode} alt={TWO_STEP_PAGE_TEXTS.qrAlt} width={192} height={192} className="size-48 rounded-md bg-white p-2" />
      <div className="space-y-2">
        <p id="two-step-key-label" className="text-sm">
          {TWO_STEP_PAGE_TEXTS.secretLabel}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <code aria-labelledby="two-step-key-label" data-secret={setup.secret} className="rounded-md bg-muted px-2 py-1 font-mono text-sm [overflow-wrap:anywhere]">
            {groupedKey(setup.secret)}
          </code>
          <Button type="button" variant="outline" size="sm" onClick={() => void copyText(setup.secret, TWO_STEP_PAGE_TEXTS.keyCopied)}>
            {TWO_STEP_PAGE_TEXTS.copyKey}
          </Button>
        </div>
      </div>
      <Form {...form}>
        <form onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} className="space-y-4" noValidate aria-label={TWO_STEP_PAGE_TEXTS.scanTitle}>
          <FormErrorAlert />
          <InputField
            control={form.control}
            name="code"
            label={TWO_STEP_PAGE_TEXTS.codeLabel}
            description={TWO_STEP_PAGE_TEXTS.codeHelp}
            autoComplete="one-time-code"
            inputMode="numeric"
            spellCheck={false}
            className="w-40"
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={enable.isPending}>
              {enable.isPending ? TWO_STEP_PAGE_TEXTS.turningOn : TWO_STEP_PAGE_TEXTS.turnOn}
            </Button>
            <Button type="button" variant="outline" size="sm" onClick={onCancel} disabled={enable.isPending}>
              {TWO_STEP_PAGE_TEXTS.cancel}
            </Button>
          </div>
        </form>
      </Form>
    </div>
  );
}
