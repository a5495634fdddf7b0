import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { PASSKEY_TEXTS } from '#shared/passkeys.js';
import { ApiError } from './api.js';

/**
 * The browser's half of a passkey (decision 055), shared by the profile and the login page.
 * @simplewebauthn/browser is loaded with import() when a ceremony starts, never with the page: the initial bundle
 * has no room for it, and most visits never need it.
 */
type WebAuthn = typeof import('@simplewebauthn/browser');
let loaded: WebAuthn | undefined;
async function loadWebAuthn(): Promise<WebAuthn> {
  loaded ??= await import('@simplewebauthn/browser');
  return loaded;
}

/** A browser without WebAuthn: told so in our words rather than the library's. */
class PasskeysUnsupportedError extends Error {
  override readonly name = 'NotSupportedError';
}

function assertSupported(): void {
  if (typeof window.PublicKeyCredential !== 'function') throw new PasskeysUnsupportedError(PASSKEY_TEXTS.unsupported);
}

/** `navigator.credentials.create()` with the server's options; the answer goes back to the server as it is. */
export async function createPasskey(optionsJSON: PublicKeyCredentialCreationOptionsJSON): Promise<RegistrationResponseJSON> {
  assertSupported();
  const { startRegistration } = await loadWebAuthn();
  return startRegistration({ optionsJSON });
}

/**
 * `navigator.credentials.get()` with the server's options. With `autofill`, the request waits quietly for the person
 * to pick a passkey in the email field's autofill (`mediation: 'conditional'`); a new ceremony cancels it.
 */
export async function getPasskey(
  optionsJSON: PublicKeyCredentialRequestOptionsJSON,
  { autofill = false, signal }: { autofill?: boolean; signal?: AbortSignal } = {},
): Promise<AuthenticationResponseJSON> {
  assertSupported();
  const { startAuthentication } = await loadWebAuthn();
  signal?.throwIfAborted();
  return startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
}

/**
 * Cancels the ceremony under way (the autofill's, when the login page goes away). Synchronous on purpose: a
 * cancellation that waited for the library could land on the next ceremony instead; without the library loaded,
 * no ceremony has started.
 */
export function cancelPasskeyCeremony(): void {
  loaded?.WebAuthnAbortService.cancelCeremony();
}

/** Whether the browser offers passkeys in a field's autofill, checked without loading the library. */
export async function passkeyAutofillAvailable(): Promise<boolean> {
  const credential = typeof window === 'undefined' ? undefined : window.PublicKeyCredential;
  if (typeof credential?.isConditionalMediationAvailable !== 'function') return false;
  return credential.isConditionalMediationAvailable().catch(() => false);
}

/** A ceremony that was aborted on purpose (by a newer one, or as the page went away): nothing to tell anyone. */
export function ceremonyAborted(error: unknown): boolean {
  return nameOf(error) === 'AbortError';
}

const nameOf = (error: unknown) => (typeof error === 'object' && error !== null && 'name' in error ? error.name : undefined);

/**
 * What to tell the person when adding or using a passkey failed: the server's message for a refused answer, ours for
 * what the browser reports (dismissed or timed out, no support, a passkey this authenticator already holds).
 */
export function passkeyErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.fromServer || error.status === 0 ? error.message : fallback;
  switch (nameOf(error)) {
    // Browsers answer NotAllowedError for a dismissed dialog and a timeout alike, and tell no more on purpose.
    case 'NotAllowedError':
      return PASSKEY_TEXTS.cancelled;
    case 'NotSupportedError':
      return PASSKEY_TEXTS.unsupported;
    // The authenticator already holds a passkey of this account (the server's excludeCredentials).
    case 'InvalidStateError':
      return PASSKEY_TEXTS.alreadyAdded;
    default:
      return fallback;
  }
}
