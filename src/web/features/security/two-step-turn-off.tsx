import { useState, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import type { User } from '#shared/auth.js';
import { secondFactorSchema, TWO_STEP_PAGE_TEXTS, TWO_STEP_TEXTS, twoStepPasswordSchema, type TotpDisableInput } from '#shared/two-step.js';
import { InputField } from '#web/components/form/input-field.js';
import { PasswordField } from '#web/components/form/password-field.js';
import { FormErrorAlert, showServerErrors } from '#web/components/form/server-errors.js';
import { Button } from '#web/components/ui/button.js';
import { Form } from '#web/components/ui/form.js';
import { toast } from '#web/components/ui/use-toast.js';
import { useDisableTotp } from './api/disable-totp.js';
import { StepHeading } from './two-step-parts.js';
import { useWithRecentSignIn, type WithRecentSignIn } from './use-with-recent-sign-in.js';

type Method = 'code' | 'password';

/**
 * 'Turn off two-step sign-in', confirmed with a code (time or recovery) or with the password; an account without a
 * password (signed in through the provider) only has the code. With a code, an older sign-in is confirmed first
 * (decision 061); the password is that confirmation already.
 */
export function TwoStepTurnOff({ user, onDone }: { user: User; onDone: () => void }) {
  const [method, setMethod] = useState<Method>('code');
  const confirm = useWithRecentSignIn();
  const other: Method = method === 'code' ? 'password' : 'code';
  const TurnOffForm = method === 'code' ? TurnOffWithCode : TurnOffWithPassword;
  return (
    <div className="space-y-4 rounded-md border p-4">
      <StepHeading>{TWO_STEP_PAGE_TEXTS.turnOffTitle}</StepHeading>
      <p className="text-sm text-muted-foreground">{user.hasPassword ? TWO_STEP_PAGE_TEXTS.turnOffHelp : TWO_STEP_TEXTS.codeRequired}</p>
      {/* The server takes a code or the password, never both: each is its own form, with its own field and errors. */}
      <TurnOffForm email={user.email} confirm={confirm.run} onDone={onDone}>
        {user.hasPassword && (
          <Button type="button" variant="link" size="sm" className="h-auto px-0" onClick={() => setMethod(other)}>
            {other === 'password' ? TWO_STEP_PAGE_TEXTS.usePassword : TWO_STEP_PAGE_TEXTS.useCode}
          </Button>
        )}
      </TurnOffForm>
      {confirm.dialog}
    </div>
  );
}

interface FormProps {
  email: string | null;
  confirm: WithRecentSignIn['run'];
  onDone: () => void;
  /** The switch to the other way of confirming. */
  children: ReactNode;
}

/** The mutation both forms send, the toast, and the server's refusal on the form's one field. */
function useTurnOff<T extends FieldValues>(setError: UseFormSetError<T>, field: Path<T>, confirm: WithRecentSignIn['run'], onDone: () => void) {
  const disable = useDisableTotp();
  const send = (input: TotpDisableInput) =>
    confirm(() => disable.mutateAsync(input), {
      onSuccess: () => {
        toast({ title: TWO_STEP_TEXTS.disabled });
        onDone();
      },
      onError: (error) => showServerErrors(setError, error, [field]),
    });
  return { send, busy: disable.isPending };
}

function TurnOffWithCode({ confirm, onDone, children }: FormProps) {
  const form = useForm<z.input<typeof secondFactorSchema>, unknown, z.output<typeof secondFactorSchema>>({
    resolver: zodResolver(secondFactorSchema),
    defaultValues: { code: '' },
  });
  const { send, busy } = useTurnOff(form.setError, 'code', confirm, onDone);
  return (
    <Form {...form}>
      <form onSubmit={(event) => void form.handleSubmit(({ code }) => send({ code }))(event)} className="space-y-4" noValidate aria-label={TWO_STEP_PAGE_TEXTS.turnOffTitle}>
        <FormErrorAlert />
        <InputField
          control={form.control}
          name="code"
          label={TWO_STEP_PAGE_TEXTS.secondStepCodeLabel}
          autoComplete="one-time-code"
          // A recovery code too, so a keyboard with letters.
          autoCapitalize="none"
          spellCheck={false}
          className="w-48"
          autoFocus
        />
        {children}
        <TurnOffButtons busy={busy} onCancel={onDone} />
      </form>
    </Form>
  );
}

function TurnOffWithPassword({ email, confirm, onDone, children }: FormProps) {
  const form = useForm<z.input<typeof twoStepPasswordSchema>, unknown, z.output<typeof twoStepPasswordSchema>>({
    resolver: zodResolver(twoStepPasswordSchema),
    defaultValues: { password: '' },
  });
  const { send, busy } = useTurnOff(form.setError, 'password', confirm, onDone);
  return (
    <Form {...form}>
      <form onSubmit={(event) => void form.handleSubmit(({ password }) => send({ password }))(event)} className="space-y-4" noValidate aria-label={TWO_STEP_PAGE_TEXTS.turnOffTitle}>
        <FormErrorAlert />
        <input type="email" name="username" autoComplete="username" value={email ?? ''} readOnly hidden />
        <PasswordField control={form.control} name="password" label={TWO_STEP_PAGE_TEXTS.passwordLabel} kind="current" autoFocus />
        {children}
        <TurnOffButtons busy={busy} onCancel={onDone} />
      </form>
    </Form>
  );
}

function TurnOffButtons({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" variant="destructive" size="sm" disabled={busy}>
        {busy ? TWO_STEP_PAGE_TEXTS.turningOff : TWO_STEP_PAGE_TEXTS.turnOff}
      </Button>
      <Button type="button" variant="outline" size="sm" onClick={onCancel} disabled={busy}>
        {TWO_STEP_PAGE_TEXTS.cancel}
      </Button>
    </div>
  );
}
