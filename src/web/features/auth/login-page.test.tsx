import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/texts.js';
import { ok, stubApi } from '#web/test-support/fetch-stub.js';
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
});
