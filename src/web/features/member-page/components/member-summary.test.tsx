import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGING_TEXTS } from '#shared/messaging-limits.js';
import type { MemberProfile } from '#shared/members.js';
import { ok, stubApi } from '#web/test-support/fetch-stub.js';
import { aService, aUser } from '#web/test-support/fixtures.js';
import { expectToast, renderWithApp } from '#web/test-support/render.js';
import { MemberSummary } from './member-summary.js';

const member: MemberProfile = {
  id: 'member-7',
  username: 'priya_r',
  firstName: 'Priya',
  profileImageUrl: null,
  memberSince: '2026-01-05T10:00:00.000Z',
  emailVerified: true,
  activeListings: 1,
  completedJobs: 2,
  rating: { averageRating: null, reviewCount: 0 },
  memberRating: { averageRating: null, reviewCount: 0 },
  response: null,
  blockedByYou: false,
};
const LISTINGS = 'GET /api/users/priya_r/services';
const listing = aService({ id: 12, userId: member.id, title: 'Piano lessons for beginners' });
const messageButton = () => screen.findByRole('button', { name: 'Message' });

describe("a member page's Message", () => {
  it("opens the message dialog of the member's newest public listing, its greeting naming it", async () => {
    stubApi({ [LISTINGS]: ok({ services: [listing], nextCursor: null }), 'GET /api/messages/safety-words': ok({ words: [] }) });
    const { user } = renderWithApp(<MemberSummary member={member} />, { signedInAs: aUser({ id: 'reader-1', emailVerified: true }) });

    await user.click(await messageButton());

    const dialog = await screen.findByRole('dialog', {}, { timeout: 5_000 });
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toContain(`"${listing.title}"`);
    expect(dialog).toBeDefined();
  });

  it('asks a visitor to sign in first', async () => {
    stubApi({ [LISTINGS]: ok({ services: [listing], nextCursor: null }) });
    const { user } = renderWithApp(<MemberSummary member={member} />, { signedInAs: null });

    await user.click(await messageButton());

    await expectToast(MESSAGING_TEXTS.signInTitle, MESSAGING_TEXTS.signInBody);
  });

  it('is not offered for a member without a public listing', async () => {
    const api = stubApi({ [LISTINGS]: ok({ services: [aService({ id: 13, userId: member.id, isActive: false })], nextCursor: null }) });
    renderWithApp(<MemberSummary member={member} />, { signedInAs: aUser({ id: 'reader-1' }) });
    expect(await screen.findByRole('button', { name: /Report/ })).toBeDefined();
    // The listings answered (a paused one only) and were drawn: still no Message.
    await waitFor(() => expect(api.requests(LISTINGS)).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('button', { name: 'Message' })).toBeNull();
  });
});
