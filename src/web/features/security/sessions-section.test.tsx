import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSIONS_TEXTS, SIGN_IN_METHOD_TEXTS } from '#shared/sessions-texts.js';
import { SESSIONS_LISTED_MAX, TWO_STEP_TEXTS, type SessionInfo } from '#shared/two-step.js';
import { ok, refuse, stubApi } from '#web/test-support/fetch-stub.js';
import { expectToast, renderWithApp } from '#web/test-support/render.js';
import { SessionsSection } from './sessions-section.js';

/** The profile's 'Where you are signed in' (decision 054). */

const LIST = 'GET /api/auth/sessions';
const OTHERS = 'DELETE /api/auth/sessions';
const PHONE_ID = '6f1c1b0e-8d5a-4a57-9a63-3f1e2f9b0a01';
const NOW = new Date('2026-03-10T12:00:00Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 60 * 60 * 1000).toISOString();

function aSession(overrides: Partial<SessionInfo> = {}): SessionInfo {
  return {
    id: crypto.randomUUID(),
    browser: 'Chrome 120',
    system: 'Windows 10',
    createdAt: hoursAgo(1),
    lastSeenAt: hoursAgo(0),
    current: false,
    method: 'password',
    secondFactor: false,
    ...overrides,
  };
}

const laptop = aSession({ current: true, createdAt: '2026-03-01T09:00:00Z' });
const phone = aSession({ id: PHONE_ID, browser: 'Safari 17', system: 'iOS 17.1', method: 'passkey', secondFactor: true, createdAt: '2026-03-08T09:00:00Z', lastSeenAt: hoursAgo(3) });
const tablet = aSession({ browser: null, system: null, method: 'second_factor', secondFactor: true, createdAt: '2026-01-02T09:00:00Z', lastSeenAt: '2026-01-20T09:00:00Z' });

const section = () => screen.getByRole('region', { name: SESSIONS_TEXTS.title });
const item = (text: string) => within(section()).getByText(text).closest('li')!;

function renderSection() {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  return renderWithApp(<SessionsSection />);
}

afterEach(() => vi.useRealTimers());

describe("the profile's 'Where you are signed in'", () => {
  it('lists each session with its browser, how and when it began and when it was last used, this device marked', async () => {
    stubApi({ [LIST]: ok({ sessions: [phone, laptop, tablet] }) });
    renderSection();
    expect(await within(section()).findByText('Chrome 120 on Windows 10')).toBeDefined();
    // This device first, then the others as the server gives them (newest first).
    expect(within(section()).getAllByRole('listitem').map((li) => li.querySelector('p')?.textContent)).toEqual([
      'Chrome 120 on Windows 10',
      'Safari 17 on iOS 17.1',
      'An unknown browser',
    ]);

    const here = item('Chrome 120 on Windows 10');
    expect(within(here).getByText(SESSIONS_TEXTS.thisDevice)).toBeDefined();
    // Began with the password alone: no second step to show.
    expect(within(here).queryByText(SESSIONS_TEXTS.secondFactorBadge)).toBeNull();
    expect(here.textContent).toContain(`${SIGN_IN_METHOD_TEXTS.password} on Mar 1, 2026 · ${SESSIONS_TEXTS.activeNow}`);
    expect(within(here).queryByRole('button')).toBeNull();

    const other = item('Safari 17 on iOS 17.1');
    expect(within(other).queryByText(SESSIONS_TEXTS.thisDevice)).toBeNull();
    expect(within(other).getByText(SESSIONS_TEXTS.secondFactorBadge)).toBeDefined();
    expect(other.textContent).toContain(`${SIGN_IN_METHOD_TEXTS.passkey} on Mar 8, 2026 · Last active 3 hours ago`);
    expect(within(other).getByRole('button', { name: /^Sign out Safari 17 on iOS 17\.1/ })).toBeDefined();

    const unknown = item('An unknown browser');
    expect(unknown.textContent).toContain(`${SIGN_IN_METHOD_TEXTS.second_factor} on Jan 2, 2026 · Last active Jan 20, 2026`);
    expect(within(section()).getByRole('button', { name: SESSIONS_TEXTS.signOutEverywhereElse })).toBeDefined();
  });

  it('signs one other session out, says so and reads the list again', async () => {
    let ended = false;
    const api = stubApi({
      [LIST]: () => ok({ sessions: ended ? [laptop, tablet] : [laptop, phone, tablet] }),
      [`DELETE /api/auth/sessions/${PHONE_ID}`]: () => {
        ended = true;
        return { status: 204 };
      },
    });
    const { user } = renderSection();
    await user.click(await within(section()).findByRole('button', { name: /^Sign out Safari 17/ }));
    await expectToast(SESSIONS_TEXTS.signedOutOne, 'Safari 17 on iOS 17.1');
    await waitFor(() => expect(within(section()).queryByText('Safari 17 on iOS 17.1')).toBeNull());
    expect(api.requests(`DELETE /api/auth/sessions/${PHONE_ID}`)).toHaveLength(1);
    expect(api.requests(LIST)).toHaveLength(2);
    expect(document.activeElement?.id).toBe('sessions');
  });

  it('says a session that had already ended has, and reads the list again', async () => {
    let reads = 0;
    stubApi({
      [LIST]: () => ok({ sessions: reads++ === 0 ? [laptop, phone] : [laptop] }),
      [`DELETE /api/auth/sessions/${PHONE_ID}`]: refuse(404, TWO_STEP_TEXTS.sessionNotFound),
    });
    const { user } = renderSection();
    await user.click(await within(section()).findByRole('button', { name: /^Sign out Safari 17/ }));
    await expectToast(TWO_STEP_TEXTS.sessionNotFound);
    await waitFor(() => expect(within(section()).queryByText('Safari 17 on iOS 17.1')).toBeNull());
    // Only this device is left: nothing else to sign out.
    expect(within(section()).queryByRole('button', { name: SESSIONS_TEXTS.signOutEverywhereElse })).toBeNull();
  });

  it("signs out everywhere else and counts the sessions it ended", async () => {
    let ended = false;
    const api = stubApi({
      [LIST]: () => ok({ sessions: ended ? [laptop] : [laptop, phone, tablet] }),
      [OTHERS]: () => {
        ended = true;
        return ok({ signedOut: 2 });
      },
    });
    const { user } = renderSection();
    await user.click(await within(section()).findByRole('button', { name: SESSIONS_TEXTS.signOutEverywhereElse }));
    await expectToast('Signed out of 2 other sessions');
    await waitFor(() => expect(within(section()).getAllByRole('listitem')).toHaveLength(1));
    expect(api.requests(OTHERS)).toHaveLength(1);
    expect(within(section()).queryByRole('button', { name: SESSIONS_TEXTS.signOutEverywhereElse })).toBeNull();
  });

  it('says so when there was no other session to end, in the singular for one', async () => {
    const answers = [0, 1];
    stubApi({ [LIST]: ok({ sessions: [laptop, phone] }), [OTHERS]: () => ok({ signedOut: answers.shift() }) });
    const { user } = renderSection();
    const everywhereElse = await within(section()).findByRole('button', { name: SESSIONS_TEXTS.signOutEverywhereElse });
    await user.click(everywhereElse);
    await expectToast(SESSIONS_TEXTS.noOtherSessions);
    await user.click(await within(section()).findByRole('button', { name: SESSIONS_TEXTS.signOutEverywhereElse }));
    await expectToast('Signed out of 1 other session');
  });

  it('says when the list is cut at its limit', async () => {
    const many = [laptop, ...Array.from({ length: SESSIONS_LISTED_MAX - 1 }, () => aSession())];
    stubApi({ [LIST]: ok({ sessions: many }) });
    renderSection();
    expect(await within(section()).findByText(SESSIONS_TEXTS.listCapped(SESSIONS_LISTED_MAX))).toBeDefined();
    expect(within(section()).getAllByRole('listitem')).toHaveLength(SESSIONS_LISTED_MAX);
  });

  it('offers to try again when the list cannot be read', async () => {
    stubApi({ [LIST]: refuse(500, 'Internal Server Error') });
    renderSection();
    expect(await within(section()).findByRole('alert')).toHaveProperty('textContent', expect.stringContaining(SESSIONS_TEXTS.failure));
    expect(within(section()).getByRole('button', { name: 'Try again' })).toBeDefined();
  });
});
