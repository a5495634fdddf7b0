import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { KeyRound } from '#web/components/icons/index.js';
import { PASSKEY_TEXTS } from '#shared/passkeys.js';
import { Button } from '#web/components/ui/button.js';
import { ApiError } from '#web/lib/api.js';
import { cancelPasskeyCeremony, ceremonyAborted, getPasskey, passkeyAutofillAvailable, passkeyErrorMessage } from '#web/lib/passkey-ceremony.js';
import { getPasskeyAuthenticationOptions } from './api/get-passkey-authentication-options.js';
import { authenticateWithPasskey, useSignInWithPasskey } from './api/sign-in-with-passkey.js';
import { SuspensionNotice } from './suspension-notice.js';

/** What the email field asks the browser for when it can offer passkeys in its autofill. */
const AUTOFILL_AUTOCOMPLETE = 'username webauthn';

export interface PasskeySignInState {
  /** For the sign-in form's email field: undefined keeps the field's own. */
  emailAutoComplete: string | undefined;
  start: () => void;
  busy: boolean;
  /** Why the last passkey sign-in failed, or null. */
  failure: unknown;
}

/**
 * Sign-in with a passkey on /login (decision 055): the button's request, and, where the browser offers
 * passkeys in the email field's autofill, a quiet request waiting for the person to pick one there. Either ends, on
 * success, as password sign-in does: `onSignedIn` (a full page load).
 */
export function usePasskeySignIn(onSignedIn: () => void): PasskeySignInState {
  const signIn = useSignInWithPasskey();
  const [autofill, setAutofill] = useState(false);
  const [autofillRound, setAutofillRound] = useState(0);
  const [autofillFailure, setAutofillFailure] = useState<unknown>(null);
  const autofillSignedIn = useEffectEvent(onSignedIn);
  // The latest failure is the one shown, whichever request it came from.
  const autofillFailed = useEffectEvent((error: unknown) => {
    signIn.reset();
    setAutofillFailure(error);
  });
  const autofillRequest = useRef<AbortController | null>(null);

  useEffect(() => {
    let live = true;
    void passkeyAutofillAvailable().then((available) => live && setAutofill(available));
    return () => {
      live = false;
    };
  }, []);

  // Started once the email field carries 'webauthn' (the effect runs after that render), again after each modal
  // request (which cancels it), and cancelled when the page goes away. Nobody asked for it: what the browser reports
  // (a dismissed or timed-out wait, a site it refuses) stays quiet, and only the server's answer to a passkey the
  // person picked is shown, after which the field offers passkeys again.
  useEffect(() => {
    if (!autofill) return;
    const controller = new AbortController();
    autofillRequest.current = controller;
    const { signal } = controller;
    void (async () => {
      let response;
      try {
        const options = await getPasskeyAuthenticationOptions(signal);
        response = await getPasskey(options, { autofill: true, signal });
      } catch {
        return;
      }
      if (signal.aborted) return;
      try {
        await authenticateWithPasskey(response);
        autofillSignedIn();
      } catch (error) {
        if (signal.aborted) return;
        autofillFailed(error);
        setAutofillRound((round) => round + 1);
      }
    })();
    return () => {
      controller.abort();
      cancelPasskeyCeremony();
    };
  }, [autofill, autofillRound]);

  function start() {
    // The library cancels a waiting autofill request itself; one still fetching its challenge must not start after this.
    autofillRequest.current?.abort();
    setAutofillFailure(null);
    signIn.reset();
    signIn.mutate(
      {},
      {
        onSuccess: onSignedIn,
        onSettled: (_user, error) => {
          if (error) setAutofillRound((round) => round + 1);
        },
      },
    );
  }

  return {
    emailAutoComplete: autofill ? AUTOFILL_AUTOCOMPLETE : undefined,
    start,
    // After success the page is about to be replaced; keep the button locked until then.
    busy: signIn.isPending || signIn.isSuccess,
    failure: signIn.error ?? autofillFailure,
  };
}

/** 'Sign in with a passkey' under the sign-in form, with what went wrong the last time. */
export function PasskeySignIn({ start, busy, failure }: PasskeySignInState) {
  const message = failure === null || ceremonyAborted(failure) ? null : passkeyErrorMessage(failure, PASSKEY_TEXTS.signInFailed);
  const suspension = failure instanceof ApiError ? failure.suspension : undefined;
  return (
    <div className="mt-6 space-y-4">
      <div className="flex items-center gap-3 text-xs uppercase text-muted-foreground" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        {PASSKEY_TEXTS.or}
        <span className="h-px flex-1 bg-border" />
      </div>
      <div role="alert" className="space-y-2 empty:hidden">
        {message && <p className="rounded-md border border-destructive p-3 text-sm font-medium text-destructive">{message}</p>}
        {suspension && <SuspensionNotice {...suspension} />}
      </div>
      <Button variant="outline" className="w-full" onClick={start} disabled={busy}>
        <KeyRound aria-hidden="true" />
        {busy ? PASSKEY_TEXTS.signingIn : PASSKEY_TEXTS.signIn}
      </Button>
    </div>
  );
}
