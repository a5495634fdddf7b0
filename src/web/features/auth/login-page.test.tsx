import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '#shared/texts.js';
import { TWO_STEP_PAGE_TEXTS, TWO_STEP_TEXTS } from '#shared/two-step.js';
import { ok, refuse, stubApi } from '#web/test-support/fetch-stub.js';
import { aUser } from '#web/test-support/fixtures.js';
import { renderWithApp } from '#web/test-support/render.js';
import LoginPage from './login-page.js';

/** /login beside an OpenID Connect provider, which sends a person back here with `?error=` when it cannot sign them in. */
function renderLoginAt(path: string) {
  stubApi({ 'GET /api/auth/providers': ok({ local: true, oidc: { name: 'Test ID', available: true } }) });
  return renderWithApp(<LoginPage />, { path, signedInAs: null });
}

const alertsWithText = () => screen.queryAllByRole('alert').filter((alert) => /\S/.test(alert.textContent ?? ''));

describe('the sign-in page', () => {
  it('says why an external sign-in came back', async () => {
    renderLoginAt('/login?error=suspended');
    expect(await screen.findByRole('heading', { name: 'Welcome', level: 1 })).toBeDefined();
    expect(alertsWithText().map((alert) => alert.textContent)).toEqual([MESSAGES.suspended]);
  });

  it('says nothing for a code it never sends: nobody can make the page say words of their own', async () => {
    renderLoginAt('/login?error=not-one-of-ours');
    expect(await screen.findByRole('heading', { name: 'Welcome', level: 1 })).toBeDefined();
    expect(alertsWithText()).toEqual([]);
  });

  it("asks for the account's own second step after the provider, and nothing else; signed in, it goes where the sign-in began", async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const api = stubApi({ 'POST /api/auth/login/second-factor': ok(aUser({ twoStepEnabled: true })) });
    const { user } = renderLoginAt('/login?secondStep=code&returnTo=%2Fmessages');
    const code = await screen.findByRole('textbox', { name: TWO_STEP_PAGE_TEXTS.secondStepCodeLabel });
    // The other ways in wait: the provider is already behind this step.
    expect(screen.queryByRole('link', { name: 'Continue with Test ID' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Sign in' })).toBeNull();
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: TWO_STEP_PAGE_TEXTS.verify }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/messages'));
    expect(api.bodies('POST /api/auth/login/second-factor')).toEqual([{ code: '123456' }]);
    assign.mockRestore();
  });

  it('goes back to the ways in, saying so, when the waiting sign-in has expired; an unknown step shows no form', async () => {
    stubApi({ 'POST /api/auth/login/second-factor': refuse(401, TWO_STEP_TEXTS.pendingExpired, { code: 'second_factor_expired' }) });
    const { user } = renderLoginAt('/login?secondStep=code');
    await user.type(await screen.findByRole('textbox', { name: TWO_STEP_PAGE_TEXTS.secondStepCodeLabel }), '123456');
    await user.click(screen.getByRole('button', { name: TWO_STEP_PAGE_TEXTS.verify }));
    expect(await screen.findByRole('link', { name: 'Continue with Test ID' })).toBeDefined();
    expect(alertsWithText().map((alert) => alert.textContent)).toContain(TWO_STEP_TEXTS.pendingExpired);
  });

  it('ignores a second step it never asks for', async () => {
    renderLoginAt('/login?secondStep=sms');
    expect(await screen.findByRole('link', { name: 'Continue with Test ID' })).toBeDefined();
    expect(screen.queryByRole('textbox', { name: TWO_STEP_PAGE_TEXTS.secondStepCodeLabel })).toBeNull();
  });
});
