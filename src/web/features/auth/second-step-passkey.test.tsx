import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PASSKEY_TEXTS } from '#shared/passkeys.js';
import { TWO_STEP_PAGE_TEXTS, TWO_STEP_TEXTS } from '#shared/two-step.js';
import { ok, refuse, stubApi } from '#web/test-support/fetch-stub.js';
import { aUser } from '#web/test-support/fixtures.js';
import { renderWithApp } from '#web/test-support/render.js';
import { SignInForm } from './sign-in-form.js';

/** A passkey as the second step after the password (decision 061), with the browser's half of WebAuthn played by a mock. */

const webauthn = vi.hoisted(() => ({ startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => ({ startAuthentication: webauthn.startAuthentication, WebAuthnAbortService: { cancelCeremony: vi.fn() } }));

const LOGIN = 'POST /api/auth/login';
const OPTIONS = 'POST /api/auth/login/second-factor/passkey-options';
const PASSKEY = 'POST /api/auth/login/second-factor/passkey';
const OPTIONS_JSON = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', timeout: 300000, userVerification: 'preferred', allowCredentials: [{ id: 'Y3JlZA', type: 'public-key' }] };
const ASSERTION = { id: 'Y3JlZA', rawId: 'Y3JlZA', type: 'public-key', response: { clientDataJSON: 'e30', authenticatorData: 'YXV0aA', signature: 'c2ln' }, clientExtensionResults: {} };
const usePasskey = () => screen.getByRole('button', { name: TWO_STEP_PAGE_TEXTS.secondStepUsePasskey });

beforeEach(() => {
  webauthn.startAuthentication.mockReset();
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
});

async function reachSecondStep(methods: string[]) {
  const api = stubApi({ [LOGIN]: ok({ secondFactorRequired: true, methods }) });
  const onSignedIn = vi.fn();
  const app = renderWithApp(<SignInForm onSignedIn={onSignedIn} />, { signedInAs: null });
  await app.user.type(screen.getByLabelText('Email'), 'organiser@example.com');
  await app.user.type(screen.getByLabelText('Password'), 'correct-horse-battery');
  await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByRole('heading', { name: TWO_STEP_PAGE_TEXTS.secondStepTitle });
  return { ...app, api, onSignedIn };
}

describe('the second step with a passkey', () => {
  it('for an account whose only second step is a passkey: no code field, the passkey button signs in', async () => {
    const { user, onSignedIn } = await reachSecondStep(['passkey']);
    expect(screen.getByText(TWO_STEP_PAGE_TEXTS.secondStepPasskeyHelp)).toBeDefined();
    expect(screen.queryByRole('textbox', { name: TWO_STEP_PAGE_TEXTS.secondStepCodeLabel })).toBeNull();
    // The password field had the focus; the passkey's button is what to press next.
    await waitFor(() => expect(document.activeElement).toBe(usePasskey()));

    const api = stubApi({ [OPTIONS]: ok(OPTIONS_JSON), [PASSKEY]: ok(aUser({ isAdmin: true })) });
    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    await user.click(usePasskey());
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    // The browser was given the server's options, naming the account's passkeys; the answer went back as it came.
    expect(webauthn.startAuthentication).toHaveBeenCalledWith(expect.objectContaining({ optionsJSON: OPTIONS_JSON }));
    expect(api.bodies(PASSKEY)).toEqual([{ response: ASSERTION }]);
  });

  it('offers both to an account with a code and a passkey', async () => {
    await reachSecondStep(['code', 'passkey']);
    expect(screen.getByText(TWO_STEP_PAGE_TEXTS.secondStepHelp)).toBeDefined();
    expect(screen.getByRole('textbox', { name: TWO_STEP_PAGE_TEXTS.secondStepCodeLabel })).toBeDefined();
    expect(usePasskey()).toBeDefined();
  });

  it('says so when the person closes the passkey dialog, and lets them try again', async () => {
    const { user, onSignedIn } = await reachSecondStep(['passkey']);
    stubApi({ [OPTIONS]: ok(OPTIONS_JSON), [PASSKEY]: ok(aUser()) });
    webauthn.startAuthentication.mockRejectedValueOnce(Object.assign(new Error('not allowed'), { name: 'NotAllowedError' }));
    await user.click(usePasskey());
    expect(await screen.findByText(PASSKEY_TEXTS.cancelled)).toBeDefined();
    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    await user.click(usePasskey());
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
  });

  it("shows the server's refusal of a passkey that is not the account's", async () => {
    const { user, onSignedIn } = await reachSecondStep(['passkey']);
    stubApi({ [OPTIONS]: ok(OPTIONS_JSON), [PASSKEY]: refuse(401, PASSKEY_TEXTS.unknownPasskey, { code: 'unknown_passkey' }) });
    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    await user.click(usePasskey());
    expect(await screen.findByText(PASSKEY_TEXTS.unknownPasskey)).toBeDefined();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('returns to the password form when the first step expired', async () => {
    const { user } = await reachSecondStep(['passkey']);
    stubApi({ [OPTIONS]: refuse(401, TWO_STEP_TEXTS.pendingExpired, { code: 'second_factor_expired' }) });
    await user.click(usePasskey());
    expect(await screen.findByText(TWO_STEP_TEXTS.pendingExpired)).toBeDefined();
    expect(screen.getByLabelText('Password')).toBeDefined();
  });
});
