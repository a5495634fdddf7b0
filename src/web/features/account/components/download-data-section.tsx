import { useEffect, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Download } from '#web/components/icons/index.js';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { User } from '#shared/auth.js';
import { DATA_EXPORT_FILES, DATA_EXPORT_TEXTS, dataExportPasswordSchema } from '#shared/data-export.js';
import { TWO_STEP_TEXTS } from '#shared/two-step.js';
import { PasswordField } from '#web/components/form/password-field.js';
import { FormErrorAlert, showServerErrors } from '#web/components/form/server-errors.js';
import { Button } from '#web/components/ui/button.js';
import { Form } from '#web/components/ui/form.js';
import { ApiError, errorMessage } from '#web/lib/api.js';
import { useDownloadData } from '../api/download-data.js';

type Step = 'closed' | 'password' | 'sign-in-again';
type PasswordValues = z.output<typeof dataExportPasswordSchema>;

/**
 * The profile's 'Download your data' (decision 062): what the file holds, in plain words, and a button that saves it.
 * A sign-in older than the recent one asks for the password first (as two-step sign-in's setup does, decision 054);
 * an account without one is told to sign in again.
 */
export function DownloadDataSection({ user }: { user: User }) {
  const download = useDownloadData();
  const [step, setStep] = useState<Step>('closed');
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);

  useEffect(() => {
    if (step !== 'closed' || !refocus.current) return;
    refocus.current = false;
    button.current?.focus();
  }, [step]);

  const finish = (next: { ok: boolean; text: string } | null) => {
    refocus.current = true;
    setStep('closed');
    setNotice(next);
  };

  function start() {
    setNotice(null);
    download.mutate(
      {},
      {
        onSuccess: () => finish({ ok: true, text: DATA_EXPORT_TEXTS.downloaded }),
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'recent_sign_in_required') setStep(user.hasPassword ? 'password' : 'sign-in-again');
          else setNotice({ ok: false, text: errorMessage(error, DATA_EXPORT_TEXTS.failed) });
        },
      },
    );
  }

  return (
    <section aria-labelledby="download-data-title" className="space-y-4">
      <h2 id="download-data-title" className="text-lg font-semibold">
        {DATA_EXPORT_TEXTS.title}
      </h2>
      <div className="space-y-2 text-sm">
        <p>{DATA_EXPORT_TEXTS.intro}</p>
        <ul className="list-disc space-y-1 pl-5 text-muted-foreground">
          {DATA_EXPORT_FILES.map(({ file, title, holds }) => (
            <li key={file}>
              <span className="font-medium text-foreground">{title}:</span> {holds}
            </li>
          ))}
        </ul>
        <p className="text-muted-foreground">{DATA_EXPORT_TEXTS.readable}</p>
        <p className="text-muted-foreground">
          {DATA_EXPORT_TEXTS.others} {DATA_EXPORT_TEXTS.limit}
        </p>
      </div>
      {step === 'closed' && (
        <Button ref={button} size="sm" className="w-fit" onClick={start} disabled={download.isPending}>
          <Download className="size-4" aria-hidden="true" />
          {download.isPending ? DATA_EXPORT_TEXTS.preparing : DATA_EXPORT_TEXTS.download}
        </Button>
      )}
      {step === 'password' && (
        <PasswordStep
          email={user.email}
          download={download}
          onDone={() => finish({ ok: true, text: DATA_EXPORT_TEXTS.downloaded })}
          onCancel={() => finish(null)}
        />
      )}
      {step === 'sign-in-again' && (
        <div className="space-y-3 rounded-md border p-4">
          <p className="text-sm">{DATA_EXPORT_TEXTS.signInAgain}</p>
          <Button variant="outline" size="sm" onClick={() => finish(null)}>
            {DATA_EXPORT_TEXTS.cancel}
          </Button>
        </div>
      )}
      {/* Said once the file is saved, or why it could not be: always in the page, so screen readers hear it. */}
      <p role="status" className="text-sm empty:hidden">
        {notice?.ok ? notice.text : null}
      </p>
      <div role="alert" className="empty:hidden">
        {notice && !notice.ok && <p className="rounded-md border border-destructive p-3 text-sm font-medium text-destructive">{notice.text}</p>}
      </div>
    </section>
  );
}

/** The password again, then the download with it; a wrong password lands on the field. */
function PasswordStep({
  email,
  download,
  onDone,
  onCancel,
}: {
  email: string | null;
  download: ReturnType<typeof useDownloadData>;
  onDone: () => void;
  onCancel: () => void;
}) {
  const form = useForm<z.input<typeof dataExportPasswordSchema>, unknown, PasswordValues>({
    resolver: zodResolver(dataExportPasswordSchema),
    defaultValues: { password: '' },
  });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  function onSubmit({ password }: PasswordValues) {
    download.mutate({ password }, { onSuccess: onDone, onError: (error) => showServerErrors(form.setError, error, ['password']) });
  }

  return (
    <Form {...form}>
      <form
        onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
        className="space-y-4 rounded-md border p-4"
        noValidate
        aria-labelledby="download-data-password-title"
      >
        <h3 id="download-data-password-title" ref={heading} tabIndex={-1} className="font-semibold focus:outline-none">
          {DATA_EXPORT_TEXTS.passwordTitle}
        </h3>
        <p className="text-sm text-muted-foreground">{TWO_STEP_TEXTS.recentSignInRequired}</p>
        {/* Tells a password manager which account this password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={email ?? ''} readOnly hidden />
        <FormErrorAlert />
        <PasswordField control={form.control} name="password" label={DATA_EXPORT_TEXTS.passwordLabel} kind="current" />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" disabled={download.isPending}>
            {download.isPending ? DATA_EXPORT_TEXTS.preparing : DATA_EXPORT_TEXTS.continue}
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={onCancel} disabled={download.isPending}>
            {DATA_EXPORT_TEXTS.cancel}
          </Button>
        </div>
      </form>
    </Form>
  );
}
