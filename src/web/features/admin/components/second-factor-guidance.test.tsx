import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_TEXTS } from '#shared/admin.js';
import { TWO_STEP_PAGE_TEXTS, TWO_STEP_TEXTS } from '#shared/two-step.js';
import { ok, stubApi } from '#web/test-support/fetch-stub.js';
import { aUser } from '#web/test-support/fixtures.js';
import { renderWithApp } from '#web/test-support/render.js';
import AdminPage from '../pages/admin-page.js';

/** REQUIRE_ADMIN_2FA=1 (decision 061): the dashboard guides an administrator whose session began without a second factor. */

const refusal = { status: 403, body: { message: TWO_STEP_TEXTS.adminSecondFactorRequired, code: 'second_factor_required', secondFactor: 'set_up' } } as const;
const signInAgain = { status: 403, body: { message: TWO_STEP_TEXTS.adminSignInAgain, code: 'second_factor_required', secondFactor: 'sign_in_again' } } as const;
const admin = aUser({ isAdmin: true });

describe('the admin dashboard without a second factor', () => {
  it('shows what to set up and where, instead of the tabs and their errors', async () => {
    stubApi({ 'GET /api/admin/health-warnings': refusal, 'GET /api/admin/backups': refusal, 'GET /api/admin/users': refusal });
    renderWithApp(<AdminPage />, { path: '/admin', signedInAs: admin });
    const guidance = await screen.findByRole('alert');
    expect(within(guidance).getByText(TWO_STEP_TEXTS.adminSecondFactorRequired)).toBeDefined();
    expect(within(guidance).getByRole('link', { name: TWO_STEP_PAGE_TEXTS.adminGuidanceLink }).getAttribute('href')).toBe('/profile#two-step');
    expect(screen.getByRole('heading', { name: ADMIN_TEXTS.title, level: 1 })).toBeDefined();
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('tells an administrator who has a second factor but signed in without it to sign out and sign in with it', async () => {
    stubApi({ 'GET /api/admin/health-warnings': signInAgain, 'GET /api/admin/backups': signInAgain, 'GET /api/admin/users': signInAgain });
    renderWithApp(<AdminPage />, { path: '/admin', signedInAs: admin });
    const guidance = await screen.findByRole('alert');
    expect(within(guidance).getByRole('heading', { name: TWO_STEP_PAGE_TEXTS.adminSignInAgainTitle })).toBeDefined();
    expect(within(guidance).getByText(TWO_STEP_TEXTS.adminSignInAgain)).toBeDefined();
    expect(within(guidance).getByRole('link', { name: TWO_STEP_PAGE_TEXTS.adminSignInAgainLink }).getAttribute('href')).toBe('/api/logout');
    expect(within(guidance).queryByRole('link', { name: TWO_STEP_PAGE_TEXTS.adminGuidanceLink })).toBeNull();
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('shows the tabs when the calls are answered', async () => {
    stubApi({
      'GET /api/admin/health-warnings': ok({ warnings: [] }),
      'GET /api/admin/backups': ok({ backups: [] }),
      'GET /api/admin/users': ok({ users: [], nextCursor: null }),
    });
    renderWithApp(<AdminPage />, { path: '/admin', signedInAs: admin });
    expect(await screen.findByRole('tablist', { name: 'Administration' })).toBeDefined();
    expect(screen.queryByText(TWO_STEP_TEXTS.adminSecondFactorRequired)).toBeNull();
  });
});
