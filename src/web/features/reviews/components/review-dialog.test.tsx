import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MEMBER_REVIEW_TEXTS, REVIEW_TEXTS, REVIEW_VERIFY_TEXTS } from '#shared/review-texts.js';
import { ok, stubApi } from '#web/test-support/fetch-stub.js';
import { aUser } from '#web/test-support/fixtures.js';
import { expectToast, renderWithApp } from '#web/test-support/render.js';
import { ReviewDialog } from './review-dialog.js';
import type { ReviewTarget } from './review-form.js';

const listing: ReviewTarget = { kind: 'listing', serviceId: 7 };
const member: ReviewTarget = { kind: 'member', memberId: 'member-2' };
const reviewed = { id: 40, rating: 5, reviewText: null, createdAt: '2026-11-28T12:00:00.000Z', reviewer: { firstName: null, lastName: null, username: 'neighbour' } };

function renderDialog(target: ReviewTarget, user = aUser()) {
  const onReviewed = vi.fn();
  const texts =
    target.kind === 'listing'
      ? { prompt: REVIEW_TEXTS.reviewListingButton, title: REVIEW_TEXTS.reviewListingTitle('Hedge trimming'), description: REVIEW_TEXTS.reviewListingDescription }
      : { prompt: MEMBER_REVIEW_TEXTS.reviewMember('gardener'), title: MEMBER_REVIEW_TEXTS.dialogTitle('gardener'), description: MEMBER_REVIEW_TEXTS.dialogDescription };
  const app = renderWithApp(<ReviewDialog target={target} completionId={3} onReviewed={onReviewed} {...texts} />, { signedInAs: user });
  return { ...app, onReviewed, texts };
}

/** The dialog's controls in the order a person meets them. */
const controlsOf = (dialog: HTMLElement) =>
  [...dialog.querySelectorAll('form input[type="radio"], form textarea, form button')].map((node) =>
    node instanceof HTMLTextAreaElement ? 'text' : node instanceof HTMLInputElement ? 'star' : node.textContent,
  );

describe('the one review dialog (decision 071)', () => {
  it.each([
    ['listing', listing],
    ['member', member],
  ] as const)('reviews a %s with the stars, the text box under them and the button last', async (_kind, target) => {
    const { user, texts } = renderDialog(target);
    await user.click(screen.getByRole('button', { name: texts.prompt }));
    const dialog = await screen.findByRole('dialog', { name: texts.title });
    expect(within(dialog).getByText(texts.description)).toBeDefined();
    expect(controlsOf(dialog)).toEqual(['star', 'star', 'star', 'star', 'star', 'text', 'Submit Review']);
  });

  it('thanks, closes and tells the conversation once the review is in', async () => {
    const api = stubApi({ 'POST /api/users/member-2/reviews': ok({ ...reviewed, service: { id: 7, title: 'Hedge trimming' } }) });
    const { user, onReviewed, texts } = renderDialog(member);
    await user.click(screen.getByRole('button', { name: texts.prompt }));
    const dialog = await screen.findByRole('dialog', { name: texts.title });
    await user.click(within(dialog).getByRole('radio', { name: '5 stars' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Review (optional)' }), 'Kind and on time');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Review' }));

    await expectToast(REVIEW_TEXTS.submittedTitle, REVIEW_TEXTS.submittedBody);
    expect(api.bodies('POST /api/users/member-2/reviews')).toEqual([{ rating: 5, reviewText: 'Kind and on time', completionId: 3 }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onReviewed).toHaveBeenCalledOnce();
  });

  it('asks someone who has not confirmed their address to do so, in the form’s place', async () => {
    const { user, texts } = renderDialog(listing, aUser({ email: null, emailVerified: false }));
    await user.click(screen.getByRole('button', { name: texts.prompt }));
    const dialog = await screen.findByRole('dialog', { name: texts.title });
    expect(within(dialog).getByText(REVIEW_VERIFY_TEXTS.noEmail)).toBeDefined();
    expect(within(dialog).queryByRole('form')).toBeNull();
  });
});
