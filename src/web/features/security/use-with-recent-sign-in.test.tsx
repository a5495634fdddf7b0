import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PASSKEY_TEXTS, type Passkey } from '#shared/passkeys.js';
import { SESSIONS_TEXTS } from '#shared/sessions-texts.js';
import { TWO_STEP_PAGE_TEXTS, TWO_STEP_TEXTS, type SessionInfo } from '#shared/two-step.js';
import { ok, refuse, stubApi, type Reply } from '#web/test-support/fetch-stub.js';
import { aUser } from '#web/test-support/fixtures.js';
import { expectToast, renderWithApp } from '#web/test-support/render.js';
import { PasskeysSection } from './passkeys-section.js';
import { SessionsSection } from './sessions-section.js';
import { TwoStepSection } from './two-step-section.js';

/**
 * 'Confirm it's you' (decision 061): a change to how the account signs in that meets an older sign-in asks for the
 * password or a passkey, then is made; the browser's half of WebAuthn is played by a mock.
 */

const webauthn = vi.hoisted(() => ({ startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => ({ startAuthentication: webauthn.startAuthentication, WebAuthnAbortService: { cancelCeremony: vi.fn() } }));

const PASSKEYS = 'GET /api/auth/passkeys';
const SESSIONS = 'GET /api/auth/sessions';
const PROVE = 'POST /api/auth/recent-sign-in';
const PASSKEY_OPTIONS = 'POST /api/auth/recent-sign-in/passkey-options';
const PASSKEY_PROOF = 'POST /api/auth/recent-sign-in/passkey';
const RENAME = 'PATCH /api/auth/passkeys/pk-1';
const REMOVE = 'DELETE /api/auth/passkeys/pk-1';
const OTHERS = 'DELETE /api/auth/sessions';
const DISABLE = 'POST /api/auth/totp/disable';
const PHONE_ID = '6f1c1b0e-8d5a-4a57-9a63-3f1e2f9b0a01';

const stale = refuse(403, TWO_STEP_TEXTS.recentSignInRequired, { code: 'recent_sign_in_required' });
const wrongPassword = refuse(400, TWO_STEP_TEXTS.wrongPassword, { code: 'wrong_password', errors: { password: TWO_STEP_TEXTS.wrongPassword } });
const proved = ok({ recentUntil: '2026-03-10T12:10:00.000Z' });
const OPTIONS_JSON = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', timeout: 300000, userVerification: 'preferred', allowCredentials: [{ id: 'Y3JlZA', type: 'public-key' }] };
const ASSERTION = { id: 'Y3JlZA', rawId: 'Y3JlZA', type: 'public-key', response: { clientDataJSON: 'e30', authenticatorData: 'YXV0aA', signature: 'c2ln' }, clientExtensionResults: {} };

const icloud: Passkey = {
  id: 'pk-1',
  name: 'iCloud Keychain',
  createdAt: '2026-03-02T10:00:00.000Z',
  lastUsedAt: null,
  backedUp: true,
  deviceType: 'multiDevice',
};
const session = (overrides: Partial<SessionInfo>): SessionInfo => ({
  id: crypto.randomUUID(),
  browser: 'Chrome 120',
  system: 'Windows 10',
  createdAt: '2026-03-01T09:00:00.000Z',
  lastSeenAt: '2026-03-01T09:00:00.000Z',
  current: false,
  method: 'password',
  secondFactor: false,
  ...overrides,
});
const laptop = session({ current: true });
const phone = session({ id: PHONE_ID, browser: 'Safari 17', system: 'iOS 17.1' });

/** Refused until the session's sign-in was proved recent again, then `then`. */
function staleUntilProved(state: { recent: boolean }, then: () => Reply) {
  return () => (state.recent ? then() : stale);
}

const confirmDialog = () => within(screen.getByRole('dialog', { name: TWO_STEP_PAGE_TEXTS.confirmTitle }));

beforeEach(() => {
  webauthn.startAuthentication.mockReset();
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
});

describe("'Confirm it's you'", () => {
  it('renames a passkey after the password, showing a wrong one on the field first', async () => {
    const state = { recent: false };
    const api = stubApi({
      [PASSKEYS]: ok({ passkeys: [icloud] }),
      [RENAME]: staleUntilProved(state, () => ok({ ...icloud, name: 'My phone' })),
      [PROVE]: ({ body }) => {
        if ((body as { password: string }).password !== 'correct-horse') return wrongPassword;
        state.recent = true;
        return proved;
      },
    });
    const { user } = renderWithApp(<PasskeysSection />);
    await user.click(await screen.findByRole('button', { name: 'Rename iCloud Keychain' }));
    const rename = within(screen.getByRole('dialog', { name: PASSKEY_TEXTS.renameTitle }));
    const name = rename.getByLabelText(PASSKEY_TEXTS.nameLabel);
    await user.clear(name);
    await user.type(name, 'My phone');
    await user.click(rename.getByRole('button', { name: PASSKEY_TEXTS.save }));

    // The account has a passkey: both ways are offered, and the password field has the focus.
    const dialog = await screen.findByRole('dialog', { name: TWO_STEP_PAGE_TEXTS.confirmTitle });
    expect(within(dialog).getByText(TWO_STEP_PAGE_TEXTS.confirmHelp)).toBeDefined();
    expect(within(dialog).getByRole('button', { name: TWO_STEP_PAGE_TEXTS.confirmWithPasskey })).toBeDefined();
    const password = within(dialog).getByLabelText(TWO_STEP_PAGE_TEXTS.passwordLabel);
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    // The refusal itself is not shown in the rename dialog: the confirmation is what answers it.
    expect(rename.queryByText(TWO_STEP_TEXTS.recentSignInRequired)).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: TWO_STEP_PAGE_TEXTS.confirmWithPassword }));
    expect(await within(dialog).findByText(TWO_STEP_TEXTS.passwordRequired)).toBeDefined();
    await user.type(password, 'wrong-horse');
    await user.click(within(dialog).getByRole('button', { name: TWO_STEP_PAGE_TEXTS.confirmWithPassword }));
    expect(await within(dialog).findByText(TWO_STEP_TEXTS.wrongPassword)).toBeDefined();
    expect(password.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(password));

    await user.clear(password);
    await user.type(password, 'correct-horse{Enter}');
    await expectToast(PASSKEY_TEXTS.renamed);
    expect(api.bodies(PROVE)).toEqual([{ password: 'wrong-horse' }, { password: 'correct-horse' }]);
    // Tried, refused, and tried again with the same name once proved.
    expect(api.bodies(RENAME)).toEqual([{ name: 'My phone' }, { name: 'My phone' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    // Back on the button the rename dialog opened from.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rename iCloud Keychain' })));
  });

  it('removes a passkey after the passkey itself confirms it is the member', async () => {
    const state = { recent: false };
    let removed = false;
    const api = stubApi({
      [PASSKEYS]: () => ok({ passkeys: removed ? [] : [icloud] }),
      [REMOVE]: staleUntilProved(state, () => {
        removed = true;
        return { status: 204 };
      }),
      [PASSKEY_OPTIONS]: ok(OPTIONS_JSON),
      [PASSKEY_PROOF]: () => {
        state.recent = true;
        return proved;
      },
    });
    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    const { user } = renderWithApp(<PasskeysSection />);
    await user.click(await screen.findByRole('button', { name: 'Remove iCloud Keychain' }));
    await user.click(within(screen.getByRole('alertdialog', { name: PASSKEY_TEXTS.removeTitle })).getByRole('button', { name: PASSKEY_TEXTS.remove }));

    await user.click(await confirmDialog().findByRole('button', { name: TWO_STEP_PAGE_TEXTS.confirmWithPasskey }));
    await expectToast(PASSKEY_TEXTS.removed);
    // The browser was given the server's challenge naming the account's passkeys; its answer went back as it came.
    expect(webauthn.startAuthentication).toHaveBeenCalledWith(expect.objectContaining({ optionsJSON: OPTIONS_JSON }));
    expect(api.bodies(PASSKEY_PROOF)).toEqual([{ response: ASSERTION }]);
    expect(api.requests(PROVE)).toEqual([]);
    expect(api.requests(REMOVE)).toHaveLength(2);
    expect(await screen.findByText(PASSKEY_TEXTS.empty)).toBeDefined();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: PASSKEY_TEXTS.add })));
  });

  it('says so when the passkey dialog was closed, and leaves the password to try', async () => {
    stubApi({ [PASSKEYS]: ok({ passkeys: [icloud] }), [RENAME]: stale, [PASSKEY_OPTIONS]: ok(OPTIONS_JSON) });
    webauthn.startAuthentication.mockRejectedValue(Object.assign(new Error('not allowed'), { name: 'NotAllowedError' }));
    const { user } = renderWithApp(<PasskeysSection />);
    await user.click(await screen.findByRole('button', { name: 'Rename iCloud Keychain' }));
    await user.click(within(screen.getByRole('dialog', { name: PASSKEY_TEXTS.renameTitle })).getByRole('button', { name: PASSKEY_TEXTS.save }));
    await user.click(await confirmDialog().findByRole('button', { name: TWO_STEP_PAGE_TEXTS.confirmWithPasskey }));
    expect((await confirmDialog().findByRole('alert')).textContent).toBe(PASSKEY_TEXTS.cancelled);
    expect(confirmDialog().getByLabelText(TWO_STEP_PAGE_TEXTS.passwordLabel)).toBeDefined();
  });

  it('signs another session out after the password; an account without passkeys is offered the password only', async () => {
    const state = { recent: false };
    let ended = false;
    const api = stubApi({
      [SESSIONS]: () => ok({ sessions: ended ? [laptop] : [laptop, phone] }),
      [PASSKEYS]: ok({ passkeys: [] }),
      [`DELETE /api/auth/sessions/${PHONE_ID}`]: staleUntilProved(state, () => {
        ended = true;
        return { status: 204 };
      }),
      [PROVE]: () => {
        state.recent = true;
        return proved;
      },
    });
    const { user } = renderWithApp(<SessionsSection />);
    await user.click(await screen.findByRole('button', { name: /^Sign out Safari 17/ }));
    const dialog = confirmDialog();
    expect(await dialog.findByText(TWO_STEP_PAGE_TEXTS.confirmHelpPassword)).toBeDefined();
    expect(dialog.queryByRole('button', { name: TWO_STEP_PAGE_TEXTS.confirmWithPasskey })).toBeNull();
    // The account's address goes with the password, for a password manager.
    expect(document.querySelector<HTMLInputElement>('input[autocomplete="username"]')?.value).toBe('neighbour@example.com');

    await user.type(dialog.getByLabelText(TWO_STEP_PAGE_TEXTS.passwordLabel), 'correct-horse');
    await user.click(dialog.getByRole('button', { name: TWO_STEP_PAGE_TEXTS.confirmWithPassword }));
    await expectToast(SESSIONS_TEXTS.signedOutOne, 'Safari 17 on iOS 17.1');
    expect(api.requests(`DELETE /api/auth/sessions/${PHONE_ID}`)).toHaveLength(2);
    await waitFor(() => expect(within(screen.getByRole('region', { name: SESSIONS_TEXTS.title })).queryByText('Safari 17 on iOS 17.1')).toBeNull());
    await waitFor(() => expect(document.activeElement?.id).toBe('sessions'));
  });

  it('leaves everything as it was when cancelled, with the focus back on the button', async () => {
    const api = stubApi({ [SESSIONS]: ok({ sessions: [laptop, phone] }), [PASSKEYS]: ok({ passkeys: [] }), [OTHERS]: stale });
    const { user } = renderWithApp(<SessionsSection />);
    const everywhereElse = await screen.findByRole('button', { name: SESSIONS_TEXTS.signOutEverywhereElse });
    await user.click(everywhereElse);
    await user.click(await confirmDialog().findByRole('button', { name: TWO_STEP_PAGE_TEXTS.cancel }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(everywhereElse));
    expect(api.requests(OTHERS)).toHaveLength(1);
    expect(api.requests(PROVE)).toEqual([]);
    expect(within(screen.getByRole('region', { name: SESSIONS_TEXTS.title })).getByText('Safari 17 on iOS 17.1')).toBeDefined();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('turns two-step sign-in off with a code after the password, sending the same code again', async () => {
    const state = { recent: false };
    const api = stubApi({
      [PASSKEYS]: ok({ passkeys: [] }),
      [DISABLE]: staleUntilProved(state, () => ok(aUser({ twoStepEnabled: false }))),
      [PROVE]: () => {
        state.recent = true;
        return proved;
      },
    });
    const { user } = renderWithApp(<TwoStepSection user={aUser({ twoStepEnabled: true })} />);
    await user.click(screen.getByRole('button', { name: /^Turn off/ }));
    await user.type(screen.getByRole('textbox', { name: TWO_STEP_PAGE_TEXTS.secondStepCodeLabel }), '123456');
    await user.click(screen.getByRole('button', { name: TWO_STEP_PAGE_TEXTS.turnOff }));

    await user.type(await confirmDialog().findByLabelText(TWO_STEP_PAGE_TEXTS.passwordLabel), 'correct-horse');
    await user.click(confirmDialog().getByRole('button', { name: TWO_STEP_PAGE_TEXTS.confirmWithPassword }));
    await expectToast(TWO_STEP_TEXTS.disabled);
    expect(api.bodies(DISABLE)).toEqual([{ code: '123456' }, { code: '123456' }]);
  });

  it('tells an account with neither a password nor a passkey to sign in again', async () => {
    stubApi({ [PASSKEYS]: ok({ passkeys: [] }), [DISABLE]: stale });
    const member = aUser({ twoStepEnabled: true, hasPassword: false });
    const { user } = renderWithApp(<TwoStepSection user={member} />, { signedInAs: member });
    await user.click(screen.getByRole('button', { name: /^Turn off/ }));
    await user.type(screen.getByRole('textbox', { name: TWO_STEP_PAGE_TEXTS.secondStepCodeLabel }), '123456');
    await user.click(screen.getByRole('button', { name: TWO_STEP_PAGE_TEXTS.turnOff }));

    expect(await confirmDialog().findByText(TWO_STEP_PAGE_TEXTS.confirmSignInAgain)).toBeDefined();
    expect(confirmDialog().queryByLabelText(TWO_STEP_PAGE_TEXTS.passwordLabel)).toBeNull();
    expect(confirmDialog().queryByRole('button', { name: TWO_STEP_PAGE_TEXTS.confirmWithPasskey })).toBeNull();
  });
});
