import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PASSKEY_TEXTS } from '#shared/passkeys.js';
import { SANCTION_TEXTS } from '#shared/sanction-texts.js';
import { MESSAGES } from '#shared/texts.js';
import { ok, refuse, stubApi } from '#web/test-support/fetch-stub.js';
import { aUser } from '#web/test-support/fixtures.js';
import { renderWithApp } from '#web/test-support/render.js';
import { PasskeySignIn, usePasskeySignIn } from './passkey-sign-in.js';
import { SignInForm } from './sign-in-form.js';

/** 'Sign in with a passkey' on /login (decision 055), with the browser's half of WebAuthn played by a mock. */

const webauthn = vi.hoisted(() => ({ startAuthentication: vi.fn(), cancelCeremony: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => ({
  startAuthentication: webauthn.startAuthentication,
  WebAuthnAbortService: { cancelCeremony: webauthn.cancelCeremony },
}));

const OPTIONS = 'POST /api/auth/passkeys/authentication-options';
const AUTHENTICATE = 'POST /api/auth/passkeys/authenticate';
const OPTIONS_JSON = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', timeout: 300000, userVerification: 'preferred' };
const ASSERTION = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'YXV0aA', signature: 'c2ln', userHandle: 'bWVtYmVyLTE' },
  clientExtensionResults: {},
};

/** The sign-in tab as the login page puts it together. */
function SignInTab({ onSignedIn }: { onSignedIn: () => void }) {
  const passkey = usePasskeySignIn(onSignedIn);
  return (
    <>
      <SignInForm onSignedIn={onSignedIn} emailAutoComplete={passkey.emailAutoComplete} />
      <PasskeySignIn {...passkey} />
    </>
  );
}

function renderSignIn() {
  const onSignedIn = vi.fn();
  const app = renderWithApp(<SignInTab onSignedIn={onSignedIn} />, { signedInAs: null });
  const button = () => screen.getByRole('button', { name: PASSKEY_TEXTS.signIn });
  return { ...app, onSignedIn, button };
}

/** A browser with WebAuthn; `autofill` says whether it offers passkeys in a field's autofill. */
function browserWithPasskeys({ autofill }: { autofill: boolean }) {
  function PublicKeyCredential() {}
  PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(autofill);
  vi.stubGlobal('PublicKeyCredential', PublicKeyCredential);
}

const notAllowed = () => Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' });

beforeEach(() => {
  webauthn.startAuthentication.mockReset();
  webauthn.cancelCeremony.mockReset();
  browserWithPasskeys({ autofill: false });
});

describe('signing in with a passkey', () => {
  it('asks for a challenge, lets the browser answer it, and signs in as the password does', async () => {
    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    const api = stubApi({ [OPTIONS]: ok(OPTIONS_JSON), [AUTHENTICATE]: ok(aUser()) });
    const { user, onSignedIn, button } = renderSignIn();
    expect(screen.getByLabelText('Email').getAttribute('autocomplete')).toBe('email');

    await user.click(button());
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS_JSON, useBrowserAutofill: false });
    expect(api.bodies(AUTHENTICATE)).toEqual([{ response: ASSERTION }]);
    // The page is about to be replaced: the button stays locked.
    expect(screen.getByRole('button', { name: PASSKEY_TEXTS.signingIn }).hasAttribute('disabled')).toBe(true);
  });

  it('says a passkey nobody added here is unknown, and lets the person try again', async () => {
    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    const api = stubApi({ [OPTIONS]: ok(OPTIONS_JSON), [AUTHENTICATE]: refuse(401, PASSKEY_TEXTS.unknownPasskey, { code: 'unknown_passkey' }) });
    const { user, onSignedIn, button } = renderSignIn();
    await user.click(button());
    expect(await screen.findByText(PASSKEY_TEXTS.unknownPasskey)).toBeDefined();
    expect(onSignedIn).not.toHaveBeenCalled();

    await user.click(button());
    await waitFor(() => expect(api.requests(AUTHENTICATE)).toHaveLength(2));
  });

  it('shows why a suspended account cannot sign in, and where to appeal', async () => {
    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    stubApi({
      [OPTIONS]: ok(OPTIONS_JSON),
      [AUTHENTICATE]: { status: 403, body: { message: MESSAGES.suspended, code: 'account_suspended', reason: 'Spam', appealUrl: '/appeal?token=t' } },
    });
    const { user, onSignedIn, button } = renderSignIn();
    await user.click(button());
    expect(await screen.findByText(MESSAGES.suspended)).toBeDefined();
    expect(screen.getByText(SANCTION_TEXTS.suspendedReason('Spam'))).toBeDefined();
    expect(screen.getByRole('link', { name: SANCTION_TEXTS.appealLink }).getAttribute('href')).toBe('/appeal?token=t');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('says so when the browser dialog was cancelled', async () => {
    webauthn.startAuthentication.mockRejectedValue(notAllowed());
    const api = stubApi({ [OPTIONS]: ok(OPTIONS_JSON) });
    const { user, button } = renderSignIn();
    await user.click(button());
    expect(await screen.findByText(PASSKEY_TEXTS.cancelled)).toBeDefined();
    expect(api.requests(AUTHENTICATE)).toEqual([]);
  });

  it('offers passkeys in the email field where the browser can, signs in with the one picked there, and stops waiting when the page goes', async () => {
    browserWithPasskeys({ autofill: true });
    let pick!: (assertion: typeof ASSERTION) => void;
    webauthn.startAuthentication.mockImplementation(() => new Promise((resolve) => (pick = resolve)));
    const api = stubApi({ [OPTIONS]: ok(OPTIONS_JSON), [AUTHENTICATE]: ok(aUser()) });
    const { onSignedIn, unmount } = renderSignIn();

    await waitFor(() => expect(screen.getByLabelText('Email').getAttribute('autocomplete')).toBe('username webauthn'));
    await waitFor(() => expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS_JSON, useBrowserAutofill: true }));
    expect(onSignedIn).not.toHaveBeenCalled();
    pick(ASSERTION);
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(api.bodies(AUTHENTICATE)).toEqual([{ response: ASSERTION }]);

    unmount();
    expect(webauthn.cancelCeremony).toHaveBeenCalled();
  });

  it.each([
    ['gives up unasked (a timeout)', notAllowed()],
    ['is refused by the browser (a site on an IP address)', Object.assign(new Error('This is an invalid domain.'), { name: 'SecurityError' })],
  ])('shows nothing, and does not ask again, when the waiting autofill request %s', async (_case, error) => {
    browserWithPasskeys({ autofill: true });
    webauthn.startAuthentication.mockRejectedValue(error);
    const api = stubApi({ [OPTIONS]: ok(OPTIONS_JSON) });
    renderSignIn();
    await waitFor(() => expect(webauthn.startAuthentication).toHaveBeenCalledOnce());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requests(OPTIONS)).toHaveLength(1);
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['', '']);
    expect(screen.queryByText(PASSKEY_TEXTS.cancelled)).toBeNull();
  });

  it("shows the server's refusal of a passkey picked in the autofill, and offers passkeys there again", async () => {
    browserWithPasskeys({ autofill: true });
    webauthn.startAuthentication.mockResolvedValueOnce(ASSERTION).mockImplementation(() => new Promise(() => {}));
    stubApi({ [OPTIONS]: ok(OPTIONS_JSON), [AUTHENTICATE]: refuse(401, PASSKEY_TEXTS.unknownPasskey, { code: 'unknown_passkey' }) });
    const { onSignedIn } = renderSignIn();
    expect(await screen.findByText(PASSKEY_TEXTS.unknownPasskey)).toBeDefined();
    await waitFor(() => expect(webauthn.startAuthentication).toHaveBeenCalledTimes(2));
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});
