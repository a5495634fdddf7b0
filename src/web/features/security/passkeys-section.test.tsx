import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PASSKEY_TEXTS, type Passkey } from '#shared/passkeys.js';
import { TWO_STEP_TEXTS } from '#shared/two-step.js';
import { ok, refuse, stubApi } from '#web/test-support/fetch-stub.js';
import { expectToast, renderWithApp } from '#web/test-support/render.js';
import { PasskeysSection } from './passkeys-section.js';

/** The profile's 'Passkeys' (decision 055), with the browser's half of WebAuthn played by a mock. */

const webauthn = vi.hoisted(() => ({ startRegistration: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => ({ startRegistration: webauthn.startRegistration, WebAuthnAbortService: { cancelCeremony: vi.fn() } }));

const LIST = 'GET /api/auth/passkeys';
const OPTIONS = 'POST /api/auth/passkeys/registration-options';
const REGISTER = 'POST /api/auth/passkeys';

const OPTIONS_JSON = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { name: 'Community Services Marketplace', id: 'localhost' },
  user: { id: 'bWVtYmVyLTE', name: 'neighbour@example.com', displayName: 'neighbour' },
  pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
};
const REGISTRATION = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'o2Nmb3Jt' },
  clientExtensionResults: {},
};

function aPasskey(overrides: Partial<Passkey> = {}): Passkey {
  return {
    id: 'pk-1',
    name: 'iCloud Keychain',
    createdAt: '2026-03-02T10:00:00.000Z',
    lastUsedAt: '2026-03-09T10:00:00.000Z',
    backedUp: true,
    deviceType: 'multiDevice',
    ...overrides,
  };
}

/** The list the server holds, changed by the routes a test stubs after it. */
function passkeysOnServer(initial: Passkey[]) {
  const state = { passkeys: initial };
  stubApi({ [LIST]: () => ok({ passkeys: state.passkeys }) });
  return state;
}

const section = () => within(screen.getByRole('region', { name: PASSKEY_TEXTS.sectionTitle }));

beforeEach(() => {
  webauthn.startRegistration.mockReset();
  // jsdom has no WebAuthn; the page asks for it before loading the library.
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
});

describe("the profile's passkeys", () => {
  it('lists each passkey with when it was added and last used, and whether it is synced', async () => {
    passkeysOnServer([aPasskey(), aPasskey({ id: 'pk-2', name: 'YubiKey', lastUsedAt: null, backedUp: false, deviceType: 'singleDevice' })]);
    renderWithApp(<PasskeysSection />);
    const rows = await section().findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('iCloud Keychain');
    expect(rows[0]?.textContent).toContain(`${PASSKEY_TEXTS.addedOn} Mar 2, 2026`);
    expect(rows[0]?.textContent).toContain(`${PASSKEY_TEXTS.lastUsed} Mar 9, 2026`);
    expect(within(rows[0]!).getByText(PASSKEY_TEXTS.synced)).toBeDefined();
    expect(rows[1]?.textContent).toContain(PASSKEY_TEXTS.neverUsed);
    expect(within(rows[1]!).queryByText(PASSKEY_TEXTS.synced)).toBeNull();
    expect(within(rows[1]!).getByRole('button', { name: 'Rename YubiKey' })).toBeDefined();
  });

  it('says when there is none yet', async () => {
    passkeysOnServer([]);
    renderWithApp(<PasskeysSection />);
    expect(await section().findByText(PASSKEY_TEXTS.empty)).toBeDefined();
    expect(section().getByRole('button', { name: PASSKEY_TEXTS.add })).toBeDefined();
  });

  it('adds a named passkey: options, the browser, then the server; the list is read again', async () => {
    const server = passkeysOnServer([]);
    webauthn.startRegistration.mockResolvedValue(REGISTRATION);
    const added = aPasskey({ id: 'pk-9', name: 'Work laptop', lastUsedAt: null });
    const api = stubApi({
      [OPTIONS]: ok(OPTIONS_JSON),
      [REGISTER]: () => {
        server.passkeys = [added];
        return { status: 201, body: added };
      },
    });
    const { user } = renderWithApp(<PasskeysSection />);
    await user.click(await section().findByRole('button', { name: PASSKEY_TEXTS.add }));
    const dialog = within(screen.getByRole('dialog', { name: PASSKEY_TEXTS.addTitle }));
    await user.type(dialog.getByLabelText(PASSKEY_TEXTS.nameOptionalLabel), '  Work laptop ');
    await user.click(dialog.getByRole('button', { name: PASSKEY_TEXTS.continue }));

    await expectToast(PASSKEY_TEXTS.added);
    expect(api.bodies(OPTIONS)).toEqual([{}]);
    expect(webauthn.startRegistration).toHaveBeenCalledWith({ optionsJSON: OPTIONS_JSON });
    expect(api.bodies(REGISTER)).toEqual([{ response: REGISTRATION, name: 'Work laptop' }]);
    expect(await section().findByRole('button', { name: 'Rename Work laptop' })).toBeDefined();
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(section().getByRole('button', { name: PASSKEY_TEXTS.add })));
  });

  it('asks for the password when the sign-in is not recent, shows a wrong one on the field, and goes on with the right one', async () => {
    passkeysOnServer([]);
    webauthn.startRegistration.mockResolvedValue(REGISTRATION);
    const api = stubApi({
      [OPTIONS]: ({ body }) => {
        const { password } = body as { password?: string };
        if (password === undefined) return refuse(403, TWO_STEP_TEXTS.recentSignInRequired, { code: 'recent_sign_in_required' });
        if (password !== 'correct-horse') return refuse(400, TWO_STEP_TEXTS.wrongPassword, { code: 'wrong_password', errors: { password: TWO_STEP_TEXTS.wrongPassword } });
        return ok(OPTIONS_JSON);
      },
      [REGISTER]: { status: 201, body: aPasskey({ lastUsedAt: null }) },
    });
    const { user } = renderWithApp(<PasskeysSection />);
    await user.click(await section().findByRole('button', { name: PASSKEY_TEXTS.add }));
    const dialog = within(screen.getByRole('dialog', { name: PASSKEY_TEXTS.addTitle }));
    await user.click(dialog.getByRole('button', { name: PASSKEY_TEXTS.continue }));

    expect(await dialog.findByText(TWO_STEP_TEXTS.recentSignInRequired)).toBeDefined();
    const password = dialog.getByLabelText(PASSKEY_TEXTS.passwordLabel);
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(webauthn.startRegistration).not.toHaveBeenCalled();

    await user.type(password, 'wrong-horse');
    await user.click(dialog.getByRole('button', { name: PASSKEY_TEXTS.continue }));
    expect(await dialog.findByText(TWO_STEP_TEXTS.wrongPassword)).toBeDefined();
    expect(password.getAttribute('aria-invalid')).toBe('true');

    await user.clear(password);
    await user.type(password, 'correct-horse');
    await user.click(dialog.getByRole('button', { name: PASSKEY_TEXTS.continue }));
    await expectToast(PASSKEY_TEXTS.added);
    expect(api.bodies(OPTIONS)).toEqual([{}, { password: 'wrong-horse' }, { password: 'correct-horse' }]);
    // No name given: the server names it after the provider.
    expect(api.bodies(REGISTER)).toEqual([{ response: REGISTRATION }]);
  });

  it('says so when the browser dialog was cancelled, and sends nothing to store', async () => {
    passkeysOnServer([]);
    webauthn.startRegistration.mockRejectedValue(Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }));
    const api = stubApi({ [OPTIONS]: ok(OPTIONS_JSON) });
    const { user } = renderWithApp(<PasskeysSection />);
    await user.click(await section().findByRole('button', { name: PASSKEY_TEXTS.add }));
    const dialog = within(screen.getByRole('dialog', { name: PASSKEY_TEXTS.addTitle }));
    await user.click(dialog.getByRole('button', { name: PASSKEY_TEXTS.continue }));
    expect((await dialog.findByRole('alert')).textContent).toBe(PASSKEY_TEXTS.cancelled);
    expect(api.requests(REGISTER)).toEqual([]);
  });

  it("shows the server's refusal of the browser's answer", async () => {
    passkeysOnServer([]);
    webauthn.startRegistration.mockResolvedValue(REGISTRATION);
    stubApi({ [OPTIONS]: ok(OPTIONS_JSON), [REGISTER]: refuse(409, PASSKEY_TEXTS.alreadyAdded, { code: 'passkey_already_added' }) });
    const { user } = renderWithApp(<PasskeysSection />);
    await user.click(await section().findByRole('button', { name: PASSKEY_TEXTS.add }));
    const dialog = within(screen.getByRole('dialog', { name: PASSKEY_TEXTS.addTitle }));
    await user.click(dialog.getByRole('button', { name: PASSKEY_TEXTS.continue }));
    expect((await dialog.findByRole('alert')).textContent).toBe(PASSKEY_TEXTS.alreadyAdded);
  });

  it('says a browser without passkeys does not support them, without loading anything', async () => {
    passkeysOnServer([]);
    vi.stubGlobal('PublicKeyCredential', undefined);
    stubApi({ [OPTIONS]: ok(OPTIONS_JSON) });
    const { user } = renderWithApp(<PasskeysSection />);
    await user.click(await section().findByRole('button', { name: PASSKEY_TEXTS.add }));
    const dialog = within(screen.getByRole('dialog', { name: PASSKEY_TEXTS.addTitle }));
    await user.click(dialog.getByRole('button', { name: PASSKEY_TEXTS.continue }));
    expect((await dialog.findByRole('alert')).textContent).toBe(PASSKEY_TEXTS.unsupported);
    expect(webauthn.startRegistration).not.toHaveBeenCalled();
  });

  it('renames a passkey', async () => {
    const server = passkeysOnServer([aPasskey()]);
    const api = stubApi({
      'PATCH /api/auth/passkeys/pk-1': ({ body }) => {
        server.passkeys = [aPasskey({ name: (body as { name: string }).name })];
        return ok(server.passkeys[0]);
      },
    });
    const { user } = renderWithApp(<PasskeysSection />);
    await user.click(await section().findByRole('button', { name: 'Rename iCloud Keychain' }));
    const dialog = within(screen.getByRole('dialog', { name: PASSKEY_TEXTS.renameTitle }));
    const name = dialog.getByLabelText(PASSKEY_TEXTS.nameLabel);
    await user.clear(name);
    await user.click(dialog.getByRole('button', { name: PASSKEY_TEXTS.save }));
    expect(await dialog.findByText(PASSKEY_TEXTS.nameRequired)).toBeDefined();

    await user.type(name, 'My phone');
    await user.click(dialog.getByRole('button', { name: PASSKEY_TEXTS.save }));
    await expectToast(PASSKEY_TEXTS.renamed);
    expect(api.bodies('PATCH /api/auth/passkeys/pk-1')).toEqual([{ name: 'My phone' }]);
    // Back on the button the dialog opened from.
    await waitFor(() => expect(document.activeElement).toBe(section().getByRole('button', { name: 'Rename My phone' })));
  });

  it('removes a passkey after asking, and gives the focus to Add a passkey', async () => {
    const server = passkeysOnServer([aPasskey()]);
    const api = stubApi({
      'DELETE /api/auth/passkeys/pk-1': () => {
        server.passkeys = [];
        return { status: 204 };
      },
    });
    const { user } = renderWithApp(<PasskeysSection />);
    await user.click(await section().findByRole('button', { name: 'Remove iCloud Keychain' }));
    const dialog = within(screen.getByRole('alertdialog', { name: PASSKEY_TEXTS.removeTitle }));
    expect(dialog.getByText(PASSKEY_TEXTS.removeConfirm, { exact: false })).toBeDefined();
    await user.click(dialog.getByRole('button', { name: PASSKEY_TEXTS.remove }));

    await expectToast(PASSKEY_TEXTS.removed);
    expect(api.requests('DELETE /api/auth/passkeys/pk-1')).toHaveLength(1);
    expect(await section().findByText(PASSKEY_TEXTS.empty)).toBeDefined();
    await waitFor(() => expect(document.activeElement).toBe(section().getByRole('button', { name: PASSKEY_TEXTS.add })));
  });
});
