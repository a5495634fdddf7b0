import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import { SECOND_FACTOR_ENROLMENT_PATH, TWO_STEP_PAGE_TEXTS, TWO_STEP_TEXTS } from '#shared/two-step.js';
import { paths } from '#web/core/paths.js';
import { heldAnswer, ok, refuse, stubApi } from '#web/test-support/fetch-stub.js';
import { expectToast, renderWithApp } from '#web/test-support/render.js';
import SecondStepEnrolmentPage from './second-step-enrolment-page.js';

/** The page an administrator's emailed enrolment link opens (decision 061). */

const OPEN = 'POST /api/auth/second-factor-enrolment';
const TOKEN = 'b'.repeat(43);
const renderAt = (path: string, options: Parameters<typeof renderWithApp>[1] = {}) =>
  renderWithApp(<Route path={paths.secondFactorEnrolment} component={SecondStepEnrolmentPage} />, { path, ...options });

afterEach(() => vi.restoreAllMocks());

describe('the enrolment link’s page', () => {
  it('is at the address the server’s email links to', () => {
    expect(paths.secondFactorEnrolment).toBe(SECOND_FACTOR_ENROLMENT_PATH);
  });

  it('spends the link once, then takes the person to two-step sign-in on the profile', async () => {
    const held = heldAnswer();
    const api = stubApi({ [OPEN]: held.answer });
    const { history } = renderAt(`${SECOND_FACTOR_ENROLMENT_PATH}?token=${TOKEN}`);
    expect(await screen.findByRole('status')).toHaveProperty('textContent', TWO_STEP_PAGE_TEXTS.enrolmentOpening);
    held.release(ok({ enrolmentUntil: '2026-03-10T12:15:00.000Z' }));

    await expectToast(TWO_STEP_PAGE_TEXTS.enrolmentOpened);
    expect(api.bodies(OPEN)).toEqual([{ token: TOKEN }]);
    await waitFor(() => expect(history.at(-1)).toBe('/profile#two-step'));
    // In place of the link's page, so going back does not open a spent link.
    expect(history).toHaveLength(1);
  });

  it('says a used or another account’s link no longer works, and leads to the profile', async () => {
    stubApi({ [OPEN]: refuse(400, TWO_STEP_TEXTS.enrolmentLinkInvalid, { code: 'invalid_link' }) });
    renderAt(`${SECOND_FACTOR_ENROLMENT_PATH}?token=${TOKEN}`);
    expect((await screen.findByRole('alert')).textContent).toBe(TWO_STEP_TEXTS.enrolmentLinkInvalid);
    expect(screen.getByRole('heading', { level: 1, name: TWO_STEP_PAGE_TEXTS.enrolmentOpenFailed })).toBeDefined();
    expect(screen.getByRole('link', { name: TWO_STEP_PAGE_TEXTS.goToProfile }).getAttribute('href')).toBe('/profile#two-step');
  });

  it('asks nothing of the server without a token', async () => {
    const api = stubApi({ [OPEN]: ok({ enrolmentUntil: '2026-03-10T12:15:00.000Z' }) });
    renderAt(SECOND_FACTOR_ENROLMENT_PATH);
    expect((await screen.findByRole('alert')).textContent).toBe(TWO_STEP_TEXTS.enrolmentLinkInvalid);
    expect(api.requests(OPEN)).toEqual([]);
  });

  it('offers to try again when the link could not be checked', async () => {
    const answers = [refuse(429, 'Too many attempts. Please try again later.'), ok({ enrolmentUntil: '2026-03-10T12:15:00.000Z' })];
    const api = stubApi({ [OPEN]: () => answers.shift()! });
    const { user, history } = renderAt(`${SECOND_FACTOR_ENROLMENT_PATH}?token=${TOKEN}`);
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Please try again later.');
    await user.click(screen.getByRole('button', { name: TWO_STEP_PAGE_TEXTS.tryAgain }));
    await waitFor(() => expect(history.at(-1)).toBe('/profile#two-step'));
    expect(api.bodies(OPEN)).toEqual([{ token: TOKEN }, { token: TOKEN }]);
  });

  it('sends a signed-out visitor to sign in, and back to the link', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const api = stubApi({ [OPEN]: ok({ enrolmentUntil: '2026-03-10T12:15:00.000Z' }) });
    window.history.replaceState(null, '', `${SECOND_FACTOR_ENROLMENT_PATH}?token=${TOKEN}`);
    renderAt(`${SECOND_FACTOR_ENROLMENT_PATH}?token=${TOKEN}`, { signedInAs: null });
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`/api/login?returnTo=${encodeURIComponent(`${SECOND_FACTOR_ENROLMENT_PATH}?token=${TOKEN}`)}`));
    expect(api.requests(OPEN)).toEqual([]);
    window.history.replaceState(null, '', '/');
  });
});
