import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '#shared/account-texts.js';
import { TWO_STEP_PAGE_TEXTS, TWO_STEP_TEXTS } from '#shared/two-step.js';
import { ok, refuse, stubApi } from '#web/test-support/fetch-stub.js';
import { aUser } from '#web/test-support/fixtures.js';
import { renderWithApp } from '#web/test-support/render.js';
import { toastAfterLoad } from '#web/lib/toast-after-load.js';
import ResetPasswordPage from './reset-password-page.js';

/** A password reset of an account with two-step sign-in on (decision 054): the new password, then a code. */

vi.mock('#web/lib/toast-after-load.js', () => ({ toastAfterLoad: vi.fn() }));

const RESET = 'POST /api/auth/reset-password';
const SECOND_FACTOR = 'POST /api/auth/login/second-factor';
const TOKEN = 'a'.repeat(43);

async function setNewPassword() {
  const app = renderWithApp(<ResetPasswordPage />, { path: `/reset-password?token=${TOKEN}`, signedInAs: null });
  await app.user.type(screen.getByLabelText('New password'), 'a-new-long-password');
  await app.user.type(screen.getByLabelText('Confirm new password'), 'a-new-long-password');
  await app.user.click(screen.getByRole('button', { name: 'Set new password' }));
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: TWO_STEP_PAGE_TEXTS.secondStepCodeLabel })));
  return app;
}

describe('the reset-password page with two-step sign-in on', () => {
  beforeEach(() => vi.mocked(toastAfterLoad).mockClear());

  it('asks for the code after setting the password, then signs in', async () => {
    const api = stubApi({ [RESET]: ok({ secondFactorRequired: true, methods: ['code'] }), [SECOND_FACTOR]: ok(aUser({ twoStepEnabled: true })) });
    const { user } = await setNewPassword();
    expect(screen.getByText(TWO_STEP_PAGE_TEXTS.resetSecondStep)).toBeDefined();
    await user.type(screen.getByRole('textbox', { name: TWO_STEP_PAGE_TEXTS.secondStepCodeLabel }), '123456');
    await user.click(screen.getByRole('button', { name: TWO_STEP_PAGE_TEXTS.verify }));
    await waitFor(() => expect(toastAfterLoad).toHaveBeenCalledWith({ title: 'Password reset', description: ACCOUNT_MESSAGES.passwordReset }, '/'));
    expect(api.bodies(SECOND_FACTOR)).toEqual([{ code: '123456' }]);
  });

  it('sends the person to sign in with the new password when the second step expired', async () => {
    stubApi({ [RESET]: ok({ secondFactorRequired: true, methods: ['code'] }), [SECOND_FACTOR]: refuse(401, TWO_STEP_TEXTS.pendingExpired, { code: 'second_factor_expired' }) });
    const { user, history } = await setNewPassword();
    await user.type(screen.getByRole('textbox', { name: TWO_STEP_PAGE_TEXTS.secondStepCodeLabel }), '123456');
    await user.click(screen.getByRole('button', { name: TWO_STEP_PAGE_TEXTS.verify }));
    expect((await screen.findByRole('alert')).textContent).toBe(TWO_STEP_PAGE_TEXTS.resetExpired);
    expect(screen.getByRole('link', { name: TWO_STEP_PAGE_TEXTS.signIn }).getAttribute('href')).toBe('/login');
    expect(toastAfterLoad).not.toHaveBeenCalled();
    expect(history.at(-1)).toBe(`/reset-password?token=${TOKEN}`);
  });

  it("'Back to sign in' opens the sign-in page", async () => {
    stubApi({ [RESET]: ok({ secondFactorRequired: true, methods: ['code'] }) });
    const { user, history } = await setNewPassword();
    await user.click(screen.getByRole('button', { name: TWO_STEP_PAGE_TEXTS.backToSignIn }));
    expect(history.at(-1)).toBe('/login');
  });
});
