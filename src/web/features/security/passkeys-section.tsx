import { useEffect, useRef, useState, type RefObject } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from '#web/components/icons/index.js';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { addPasskeyFormSchema, PASSKEY_TEXTS, renamePasskeySchema, type Passkey } from '#shared/passkeys.js';
import { TWO_STEP_TEXTS } from '#shared/two-step.js';
import { InputField } from '#web/components/form/input-field.js';
import { FormErrorAlert, showServerErrors } from '#web/components/form/server-errors.js';
import { QuerySection } from '#web/components/query-section.js';
import { Badge } from '#web/components/ui/badge.js';
import { Button } from '#web/components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.js';
import { Form } from '#web/components/ui/form.js';
import { toast } from '#web/components/ui/use-toast.js';
import { ApiError, errorMessage } from '#web/lib/api.js';
import { formatDay, useTimeZone } from '#web/lib/dates.js';
import { ceremonyAborted, passkeyErrorMessage } from '#web/lib/passkey-ceremony.js';
import { usePasskeys } from './api/get-passkeys.js';
import { useAddPasskey } from './api/register-passkey.js';
import { useRemovePasskey } from './api/remove-passkey.js';
import { useRenamePasskey } from './api/rename-passkey.js';
import { EnrolmentNotice, enrolmentRequired } from './enrolment-notice.js';
import { useWithRecentSignIn } from './use-with-recent-sign-in.js';

/** The profile's 'Passkeys' (decision 055): the member's passkeys, each renamed or removed, and a new one added. */
export function PasskeysSection() {
  const passkeys = usePasskeys();
  const list = passkeys.data?.passkeys ?? [];
  // Where the focus goes once a removed passkey's row is gone.
  const addButton = useRef<HTMLButtonElement>(null);
  return (
    <QuerySection
      title={PASSKEY_TEXTS.sectionTitle}
      help={PASSKEY_TEXTS.sectionHelp}
      query={passkeys}
      loadingLabel={PASSKEY_TEXTS.loading}
      failure={PASSKEY_TEXTS.failure}
      empty={null}
    >
      {list.length === 0 ? (
        <p className="text-sm">{PASSKEY_TEXTS.empty}</p>
      ) : (
        <ul className="divide-y rounded-md border">
          {list.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} afterRemove={addButton} />
          ))}
        </ul>
      )}
      <AddPasskey buttonRef={addButton} />
    </QuerySection>
  );
}

function PasskeyRow({ passkey, afterRemove }: { passkey: Passkey; afterRemove: RefObject<HTMLButtonElement | null> }) {
  const timeZone = useTimeZone();
  return (
    <li className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <KeyRound className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            <span className="[overflow-wrap:anywhere]">{passkey.name}</span>
            {passkey.backedUp && <Badge variant="secondary">{PASSKEY_TEXTS.synced}</Badge>}
          </p>
          <p className="text-xs text-muted-foreground">
            {PASSKEY_TEXTS.addedOn} {formatDay(passkey.createdAt, timeZone)} ·{' '}
            {passkey.lastUsedAt ? `${PASSKEY_TEXTS.lastUsed} ${formatDay(passkey.lastUsedAt, timeZone)}` : PASSKEY_TEXTS.neverUsed}
          </p>
        </div>
      </div>
      <div className="flex gap-2 pl-8 sm:pl-0">
        <RenamePasskey passkey={passkey} />
        <RemovePasskey passkey={passkey} afterRemove={afterRemove} />
      </div>
    </li>
  );
}

type AddInput = z.input<typeof addPasskeyFormSchema>;
type AddOutput = z.output<typeof addPasskeyFormSchema>;

/**
 * 'Add a passkey': a dialog with an optional name, then the browser's own passkey dialog. When the sign-in is more
 * than 10 minutes old the server asks for the password first; the field appears with its reason and takes the focus.
 * An administrator's session that must first open an emailed link (decision 061) is offered the link instead.
 */
function AddPasskey({ buttonRef }: { buttonRef: RefObject<HTMLButtonElement | null> }) {
  const [open, setOpen] = useState(false);
  const [passwordNeeded, setPasswordNeeded] = useState<string | null>(null);
  const [enrolment, setEnrolment] = useState<string | null>(null);
  const add = useAddPasskey();
  const form = useForm<AddInput, unknown, AddOutput>({ resolver: zodResolver(addPasskeyFormSchema), defaultValues: { name: '', password: '' } });
  const pending = add.isPending;

  useEffect(() => {
    if (passwordNeeded) form.setFocus('password');
  }, [passwordNeeded, form]);

  function close() {
    setOpen(false);
    form.reset();
    setPasswordNeeded(null);
    setEnrolment(null);
  }

  function openChange(next: boolean) {
    if (pending) return;
    if (next) setOpen(true);
    else close();
  }

  function submit({ name, password }: AddOutput) {
    if (passwordNeeded && !password) {
      form.setError('password', { type: 'required', message: TWO_STEP_TEXTS.passwordRequired }, { shouldFocus: true });
      return;
    }
    add.mutate(
      { name: name || undefined, password: passwordNeeded ? password : undefined },
      {
        onSuccess: () => {
          close();
          toast({ title: PASSKEY_TEXTS.added });
        },
        onError: (error) => {
          const enrolmentReason = enrolmentRequired(error);
          if (error instanceof ApiError && error.code === 'recent_sign_in_required') setPasswordNeeded(error.message);
          else if (enrolmentReason) setEnrolment(enrolmentReason);
          else if (error instanceof ApiError && error.errors) showServerErrors(form.setError, error, ['name', 'password']);
          else if (!ceremonyAborted(error)) form.setError('root.server', { type: 'server', message: passkeyErrorMessage(error, PASSKEY_TEXTS.failed) });
        },
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button ref={buttonRef} variant="outline" size="sm">
          <KeyRound aria-hidden="true" />
          {PASSKEY_TEXTS.add}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{PASSKEY_TEXTS.addTitle}</DialogTitle>
          <DialogDescription>{PASSKEY_TEXTS.addDescription}</DialogDescription>
        </DialogHeader>
        {enrolment ? (
          <EnrolmentNotice message={enrolment} onClose={close} className="border-0 p-0" />
        ) : (
          <Form {...form}>
            <form onSubmit={(event) => void form.handleSubmit(submit)(event)} className="space-y-4" noValidate>
              <FormErrorAlert />
              <InputField control={form.control} name="name" label={PASSKEY_TEXTS.nameOptionalLabel} description={PASSKEY_TEXTS.nameHint} autoComplete="off" />
              {passwordNeeded && (
                // The server's reason is the field's description, so it is read out with the field as the focus lands there.
                <InputField
                  control={form.control}
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  label={PASSKEY_TEXTS.passwordLabel}
                  description={passwordNeeded}
                />
              )}
              <DialogActions onCancel={() => openChange(false)} pending={pending} submit={PASSKEY_TEXTS.continue} submitting={PASSKEY_TEXTS.waiting} />
            </form>
          </Form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** A passkey dialog's Cancel and submit buttons, both held while its request is under way. */
function DialogActions({ onCancel, pending, submit, submitting }: { onCancel: () => void; pending: boolean; submit: string; submitting: string }) {
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onCancel} disabled={pending}>
        {PASSKEY_TEXTS.cancel}
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? submitting : submit}
      </Button>
    </DialogFooter>
  );
}

/** Renaming changes how the account signs in, so an older sign-in is confirmed first (decision 061). */
function RenamePasskey({ passkey }: { passkey: Passkey }) {
  const [open, setOpen] = useState(false);
  const rename = useRenamePasskey();
  const confirm = useWithRecentSignIn();
  const form = useForm<z.input<typeof renamePasskeySchema>, unknown, z.output<typeof renamePasskeySchema>>({
    resolver: zodResolver(renamePasskeySchema),
    defaultValues: { name: passkey.name },
  });
  const pending = rename.isPending;

  function openChange(next: boolean) {
    if (pending) return;
    if (next) form.reset({ name: passkey.name });
    setOpen(next);
  }

  function submit({ name }: { name: string }) {
    confirm.run(() => rename.mutateAsync({ id: passkey.id, name }), {
      onSuccess: () => {
        setOpen(false);
        toast({ title: PASSKEY_TEXTS.renamed });
      },
      onError: (error) => showServerErrors(form.setError, error, ['name']),
    });
  }

  return (
    <>
      <Dialog open={open} onOpenChange={openChange}>
        <DialogTrigger asChild>
          <Button variant="outline" size="sm">
            {PASSKEY_TEXTS.rename}
            <span className="sr-only"> {passkey.name}</span>
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{PASSKEY_TEXTS.renameTitle}</DialogTitle>
            <DialogDescription className="[overflow-wrap:anywhere]">{passkey.name}</DialogDescription>
          </DialogHeader>
          <Form {...form}>
            <form onSubmit={(event) => void form.handleSubmit(submit)(event)} className="space-y-4" noValidate>
              <FormErrorAlert />
              <InputField control={form.control} name="name" label={PASSKEY_TEXTS.nameLabel} autoComplete="off" />
              <DialogActions onCancel={() => openChange(false)} pending={pending} submit={PASSKEY_TEXTS.save} submitting={PASSKEY_TEXTS.saving} />
            </form>
          </Form>
        </DialogContent>
      </Dialog>
      {confirm.dialog}
    </>
  );
}

/**
 * Asks first: a removed passkey cannot sign in again, and the authenticator keeps a useless copy. An older sign-in is
 * confirmed too (decision 061).
 */
function RemovePasskey({ passkey, afterRemove }: { passkey: Passkey; afterRemove: RefObject<HTMLButtonElement | null> }) {
  const [open, setOpen] = useState(false);
  const remove = useRemovePasskey();
  const confirmItsYou = useWithRecentSignIn();
  const pending = remove.isPending;
  const removed = useRef(false);

  function confirm() {
    // mutateAsync rather than mutate's callbacks: those are dropped once this row is gone as the list is read back.
    confirmItsYou.run(() => remove.mutateAsync(passkey.id), {
      onSuccess: () => {
        removed.current = true;
        setOpen(false);
        toast({ title: PASSKEY_TEXTS.removed });
      },
      onError: (error) => toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, PASSKEY_TEXTS.failed) }),
    });
  }

  return (
    <>
      <Dialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
        <DialogTrigger asChild>
          <Button variant="outline" size="sm">
            {PASSKEY_TEXTS.remove}
            <span className="sr-only"> {passkey.name}</span>
          </Button>
        </DialogTrigger>
        <DialogContent
          role="alertdialog"
          onCloseAutoFocus={(event) => {
            if (!removed.current || !afterRemove.current) return;
            event.preventDefault();
            afterRemove.current.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>{PASSKEY_TEXTS.removeTitle}</DialogTitle>
            <DialogDescription>
              <span className="font-medium text-foreground [overflow-wrap:anywhere]">{passkey.name}</span>: {PASSKEY_TEXTS.removeConfirm}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={pending}>
              {PASSKEY_TEXTS.cancel}
            </Button>
            <Button variant="destructive" onClick={confirm} disabled={pending}>
              {pending ? PASSKEY_TEXTS.removing : PASSKEY_TEXTS.remove}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      {confirmItsYou.dialog}
    </>
  );
}
