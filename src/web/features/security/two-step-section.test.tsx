import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '#shared/auth.js';
import { TWO_STEP_PAGE_TEXTS, TWO_STEP_TEXTS } from '#shared/two-step.js';
import { currentUserQueryKey, useCurrentUser } from '#web/core/session/index.js';
import { ok, refuse, stubApi } from '#web/test-support/fetch-stub.js';
import { aUser } from '#web/test-support/fixtures.js';
import { expectToast, letToastAnnounce, renderWithApp } from '#web/test-support/render.js';
import { TwoStepSection } from './two-step-section.js';

/** The profile's 'Two-step sign-in' (decision 054). */

const SETUP = 'POST /api/auth/totp/setup';
const ENABLE = 'POST /api/auth/totp/enable';
const DISABLE = 'POST /api/auth/totp/disable';
const USER = 'GET /api/auth/user';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const SETUP_ANSWER = { secret: SECRET, otpauthUrl: `otpauth://totp/CSM:neighbour?secret=${SECRET}`, qrCode: 'data:image/svg+xml;base64,PHN2Zy8+' };
const CODES = ['abcde-fghjk', 'mnpqr-stuvw', 'xyz23-45678', 'a2b3c-d4e5f', 'g6h7j-k8m9n', 'p2q3r-s4t5u', 'v6w7x-y8z9a', 'b2c3d-e4f5g', 'h6j7k-m8n9p', 'q2r3s-t4u5v'];
const wrongPassword = refuse(400, TWO_STEP_TEXTS.wrongPassword, { code: 'wrong_password', errors: { password: TWO_STEP_TEXTS.wrongPassword } });
const invalidCode = refuse(400, TWO_STEP_TEXTS.invalidCode, { code: 'invalid_second_factor', errors: { code: TWO_STEP_TEXTS.invalidCode } });

/** The section as the profile shows it: for the user the session holds, so turning it on or off shows in the status. */
function SignedInSection() {
  const user = useCurrentUser().data;
  return user ? <TwoStepSection user={user} /> : null;
}

function renderSection(user: User) {
  const app = renderWithApp(<SignedInSection />, { signedInAs: user });
  const section = () => within(screen.getByRole('region', { name: new RegExp(`^${TWO_STEP_PAGE_TEXTS.title}`) }));
  return { ...app, section };
}

describe("the profile's two-step sign-in", () => {
  it('sets it up: the QR code and the key, the first code, then the recovery codes once, and Done', async () => {
    const api = stubApi({ [SETUP]: ok(SETUP_ANSWER), [ENABLE]: ok({ recoveryCodes: CODES }), [USER]: ok(aUser({ twoStepEnabled: true })) });
    const { user, section, queryClient } = renderSection(aUser());
    expect(section().getByText(TWO_STEP_PAGE_TEXTS.explainOff)).toBeDefined();
    expect(section().getByText(TWO_STEP_PAGE_TEXTS.statusOff)).toBeDefined();

    await user.click(section().getByRole('button', { name: TWO_STEP_PAGE_TEXTS.setUp }));
    const heading = await section().findByRole('heading', { name: TWO_STEP_PAGE_TEXTS.scanTitle });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(section().getByRole('img', { name: TWO_STEP_PAGE_TEXTS.qrAlt }).getAttribute('src')).toBe(SETUP_ANSWER.qrCode);
    expect(section().getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeDefined();
    await user.click(section().getByRole('button', { name: TWO_STEP_PAGE_TEXTS.copyKey }));
    await expectToast(TWO_STEP_PAGE_TEXTS.keyCopied);
    await letToastAnnounce();
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    await user.type(section().getByRole('textbox', { name: TWO_STEP_PAGE_TEXTS.codeLabel }), '123 456');
    await user.click(section().getByRole('button', { name: TWO_STEP_PAGE_TEXTS.turnOn }));
    const list = await section().findByRole('list', { name: TWO_STEP_PAGE_TEXTS.recoveryListLabel });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES);
    expect(section().getByRole('status').textContent).toBe(TWO_STEP_TEXTS.enabled);
    expect(api.bodies(SETUP)).toEqual([{}]);
    expect(api.bodies(ENABLE)).toEqual([{ code: '123 456' }]);
    await user.click(section().getByRole('button', { name: TWO_STEP_PAGE_TEXTS.copyCodes }));
    await letToastAnnounce();
    expect(await navigator.clipboard.readText()).toBe(CODES.join('\n'));

    await user.click(section().getByRole('button', { name: TWO_STEP_PAGE_TEXTS.done }));
    expect(section().queryByRole('list', { name: TWO_STEP_PAGE_TEXTS.recoveryListLabel })).toBeNull();
    expect(section().getByText(TWO_STEP_PAGE_TEXTS.statusOn)).toBeDefined();
    expect(queryClient.getQueryData<User>(currentUserQueryKey)?.twoStepEnabled).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(section().getByRole('button', { name: /^Turn off/ })));
  });

  it('shows a wrong first code on the field and keeps the setup open', async () => {
    stubApi({ [SETUP]: ok(SETUP_ANSWER), [ENABLE]: invalidCode });
    const { user, section } = renderSection(aUser());
    await user.click(section().getByRole('button', { name: TWO_STEP_PAGE_TEXTS.setUp }));
    const field = await section().findByRole('textbox', { name: TWO_STEP_PAGE_TEXTS.codeLabel });
    await user.type(field, '000000');
    await user.click(section().getByRole('button', { name: TWO_STEP_PAGE_TEXTS.turnOn }));
    expect(await section().findByText(TWO_STEP_TEXTS.invalidCode)).toBeDefined();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(section().getByRole('img', { name: TWO_STEP_PAGE_TEXTS.qrAlt })).toBeDefined();
  });

  it('asks for the password again after an old sign-in, shows a wrong one on the field, and sends the right one on', async () => {
    const api = stubApi({
      [SETUP]: ({ body }) => {
        const { password } = body as { password?: string };
        if (password === undefined) return refuse(403, TWO_STEP_TEXTS.recentSignInRequired, { code: 'recent_sign_in_required' });
        return password === 'right-password' ? ok(SETUP_ANSWER) : wrongPassword;
      },
      [ENABLE]: ok({ recoveryCodes: CODES }),
      [USER]: ok(aUser({ twoStepEnabled: true })),
    });
    const { user, section } = renderSection(aUser());
    await user.click(section().getByRole('button', { name: TWO_STEP_PAGE_TEXTS.setUp }));
    expect(await section().findByText(TWO_STEP_TEXTS.recentSignInRequired)).toBeDefined();
    const password = section().getByLabelText(TWO_STEP_PAGE_TEXTS.passwordLabel);
    await user.click(section().getByRole('button', { name: TWO_STEP_PAGE_TEXTS.continue }));
    expect(await section().findByText(TWO_STEP_TEXTS.passwordRequired)).toBeDefined();

    await user.type(password, 'wrong-password');
    await user.click(section().getByRole('button', { name: TWO_STEP_PAGE_TEXTS.continue }));
    expect(await section().findByText(TWO_STEP_TEXTS.wrongPassword)).toBeDefined();
    await user.clear(password);
    await user.type(password, 'right-password');
    await user.click(section().getByRole('button', { name: TWO_STEP_PAGE_TEXTS.continue }));

    await user.type(await section().findByRole('textbox', { name: TWO_STEP_PAGE_TEXTS.codeLabel }), '123456');
    await user.click(section().getByRole('button', { name: TWO_STEP_PAGE_TEXTS.turnOn }));
    await section().findByRole('list', { name: TWO_STEP_PAGE_TEXTS.recoveryListLabel });
    expect(api.bodies(SETUP)).toEqual([{}, { password: 'wrong-password' }, { password: 'right-password' }]);
    expect(api.bodies(ENABLE)).toEqual([{ code: '123456', password: 'right-password' }]);
  });

  it('turns it off with a code from the app, after a wrong one', async () => {
    const api = stubApi({ [DISABLE]: ({ body }) => ((body as { code: string }).code === '654321' ? ok(aUser()) : invalidCode), [USER]: ok(aUser()) });
    const { user, section, queryClient } = renderSection(aUser({ twoStepEnabled: true }));
    expect(section().getByText(TWO_STEP_PAGE_TEXTS.explainOn)).toBeDefined();
    await user.click(section().getByRole('button', { name: 'Turn off two-step sign-in' }));
    const field = section().getByRole('textbox', { name: TWO_STEP_PAGE_TEXTS.secondStepCodeLabel });
    await user.type(field, '111111');
    await user.click(section().getByRole('button', { name: TWO_STEP_PAGE_TEXTS.turnOff }));
    expect(await section().findByText(TWO_STEP_TEXTS.invalidCode)).toBeDefined();
    await user.clear(field);
    await user.type(field, '654321');
    await user.click(section().getByRole('button', { name: TWO_STEP_PAGE_TEXTS.turnOff }));
    await expectToast(TWO_STEP_TEXTS.disabled);
    expect(api.bodies(DISABLE)).toEqual([{ code: '111111' }, { code: '654321' }]);
    await waitFor(() => expect(section().getByText(TWO_STEP_PAGE_TEXTS.statusOff)).toBeDefined());
    expect(queryClient.getQueryData<User>(currentUserQueryKey)?.twoStepEnabled).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(section().getByRole('button', { name: TWO_STEP_PAGE_TEXTS.setUp })));
  });

  it('turns it off with the password instead, never sending both', async () => {
    const api = stubApi({ [DISABLE]: ({ body }) => ((body as { password: string }).password === 'right-password' ? ok(aUser()) : wrongPassword), [USER]: ok(aUser()) });
    const { user, section } = renderSection(aUser({ twoStepEnabled: true }));
    await user.click(section().getByRole('button', { name: 'Turn off two-step sign-in' }));
    await user.type(section().getByRole('textbox', { name: TWO_STEP_PAGE_TEXTS.secondStepCodeLabel }), '999');
    await user.click(section().getByRole('button', { name: TWO_STEP_PAGE_TEXTS.usePassword }));
    const password = section().getByLabelText(TWO_STEP_PAGE_TEXTS.passwordLabel);
    await waitFor(() => expect(document.activeElement).toBe(password));
    await user.type(password, 'wrong-password');
    await user.click(section().getByRole('button', { name: TWO_STEP_PAGE_TEXTS.turnOff }));
    expect(await section().findByText(TWO_STEP_TEXTS.wrongPassword)).toBeDefined();
    await user.clear(password);
    await user.type(password, 'right-password');
    await user.click(section().getByRole('button', { name: TWO_STEP_PAGE_TEXTS.turnOff }));
    await expectToast(TWO_STEP_TEXTS.disabled);
    expect(api.bodies(DISABLE)).toEqual([{ password: 'wrong-password' }, { password: 'right-password' }]);
  });

  it('offers only a code to an account without a password', async () => {
    const { user, section } = renderSection(aUser({ twoStepEnabled: true, hasPassword: false }));
    await user.click(section().getByRole('button', { name: 'Turn off two-step sign-in' }));
    expect(section().getByRole('textbox', { name: TWO_STEP_PAGE_TEXTS.secondStepCodeLabel })).toBeDefined();
    expect(section().queryByRole('button', { name: TWO_STEP_PAGE_TEXTS.usePassword })).toBeNull();
  });
});
