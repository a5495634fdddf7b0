import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { User } from '#shared/auth.js';
import { TWO_STEP_PAGE_TEXTS, TWO_STEP_SECTION_ID, type TotpSetupAnswer } from '#shared/two-step.js';
import { refreshCurrentUser } from '#web/core/session/index.js';
import { Badge } from '#web/components/ui/badge.js';
import { Button } from '#web/components/ui/button.js';
import { ApiError, errorMessage } from '#web/lib/api.js';
import { useBringIntoViewOnArrival } from '#web/lib/use-bring-into-view-on-arrival.js';
import { useSetupTotp } from './api/setup-totp.js';
import { EnrolmentNotice, enrolmentRequired } from './enrolment-notice.js';
import { TwoStepPasswordStep } from './two-step-password-step.js';
import { TwoStepRecoveryCodes } from './two-step-recovery-codes.js';
import { TwoStepScanStep } from './two-step-scan-step.js';
import { TwoStepTurnOff } from './two-step-turn-off.js';

type Step =
  | { name: 'closed' }
  | { name: 'password' }
  | { name: 'scan'; setup: TotpSetupAnswer; password?: string }
  | { name: 'codes'; codes: string[] }
  | { name: 'turn-off' }
  | { name: 'enrolment'; message: string };

/**
 * The profile's 'Two-step sign-in' (decision 054). Off: set it up (the password again after an old
 * sign-in), scan the QR code, confirm with the first code, keep the recovery codes. On: turn it off with a code or the
 * password. Closing a step puts the focus back on the section's button. An administrator's session that must first open
 * an emailed link (REQUIRE_ADMIN_2FA, decision 061) is offered the link in place of the setup.
 */
export function TwoStepSection({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ name: 'closed' });
  const [problem, setProblem] = useState<string | null>(null);
  const setup = useSetupTotp();
  const section = useRef<HTMLElement>(null);
  const mainButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);

  // The admin dashboard links here (/profile#two-step) when REQUIRE_ADMIN_2FA refuses an administrator.
  useBringIntoViewOnArrival(TWO_STEP_SECTION_ID, section);

  useEffect(() => {
    if (step.name !== 'closed' || !refocus.current) return;
    refocus.current = false;
    mainButton.current?.focus();
  }, [step]);

  const close = () => {
    refocus.current = true;
    setStep({ name: 'closed' });
  };
  const needsEnrolment = (message: string) => setStep({ name: 'enrolment', message });

  function start() {
    setProblem(null);
    setup.mutate(
      {},
      {
        onSuccess: (answer) => setStep({ name: 'scan', setup: answer }),
        onError: (error) => {
          const enrolmentReason = enrolmentRequired(error);
          if (error instanceof ApiError && error.code === 'recent_sign_in_required' && user.hasPassword) setStep({ name: 'password' });
          else if (enrolmentReason) needsEnrolment(enrolmentReason);
          else if (error instanceof ApiError && error.code === 'two_step_already_enabled') void refreshCurrentUser(queryClient);
          else setProblem(errorMessage(error, 'Could not start the setup. Please try again.'));
        },
      },
    );
  }

  // On from the moment the codes show, before the account is read again.
  const on = user.twoStepEnabled || step.name === 'codes';

  return (
    <section ref={section} id={TWO_STEP_SECTION_ID} tabIndex={-1} aria-labelledby="two-step-title" className="scroll-mt-20 space-y-4 focus:outline-none">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="two-step-title" className="text-lg font-semibold">
          {TWO_STEP_PAGE_TEXTS.title}
        </h2>
        <Badge variant={on ? 'default' : 'outline'}>
          <span className="sr-only">{TWO_STEP_PAGE_TEXTS.statusLabel} </span>
          {on ? TWO_STEP_PAGE_TEXTS.statusOn : TWO_STEP_PAGE_TEXTS.statusOff}
        </Badge>
      </div>
      {step.name === 'closed' && (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between sm:gap-4">
          <p className="text-sm text-muted-foreground">{on ? TWO_STEP_PAGE_TEXTS.explainOn : TWO_STEP_PAGE_TEXTS.explainOff}</p>
          {on ? (
            <Button ref={mainButton} variant="outline" size="sm" className="w-fit" onClick={() => setStep({ name: 'turn-off' })}>
              {TWO_STEP_PAGE_TEXTS.turnOff}
              <span className="sr-only"> two-step sign-in</span>
            </Button>
          ) : (
            <Button ref={mainButton} size="sm" className="w-fit" onClick={start} disabled={setup.isPending}>
              {setup.isPending ? TWO_STEP_PAGE_TEXTS.starting : TWO_STEP_PAGE_TEXTS.setUp}
            </Button>
          )}
        </div>
      )}
      <div role="alert" className="empty:hidden">
        {problem && step.name === 'closed' && <p className="rounded-md border border-destructive p-3 text-sm font-medium text-destructive">{problem}</p>}
      </div>
      {step.name === 'password' && (
        <TwoStepPasswordStep
          email={user.email}
          onReady={(answer, password) => setStep({ name: 'scan', setup: answer, password })}
          onEnrolmentNeeded={needsEnrolment}
          onCancel={close}
        />
      )}
      {step.name === 'scan' && (
        <TwoStepScanStep
          // A new setup (after the password) is a new secret: a fresh form.
          key={step.setup.secret}
          setup={step.setup}
          password={step.password}
          onEnabled={(codes) => setStep({ name: 'codes', codes })}
          onPasswordNeeded={() => setStep({ name: 'password' })}
          onEnrolmentNeeded={needsEnrolment}
          onCancel={close}
        />
      )}
      {step.name === 'codes' && <TwoStepRecoveryCodes codes={step.codes} onDone={close} />}
      {step.name === 'turn-off' && <TwoStepTurnOff user={user} onDone={close} />}
      {step.name === 'enrolment' && <EnrolmentNotice message={step.message} onClose={close} />}
    </section>
  );
}
