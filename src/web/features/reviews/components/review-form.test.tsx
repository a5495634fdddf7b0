import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { REVIEW_ERRORS, REVIEW_TEXT_MAX, REVIEW_TEXTS } from '#shared/review-texts.js';
import { type Review } from '#shared/reviews.js';
import { ok, refuse, stubApi } from '#web/test-support/fetch-stub.js';
import { expectToast, renderWithApp } from '#web/test-support/render.js';
import { ReviewForm } from './review-form.js';

const SERVICE_ID = 7;
const COMPLETION_ID = 3;
const REVIEWS = 'POST /api/services/7/reviews';

const review: Review = {
  id: 40,
  rating: 4,
  reviewText: 'Fixed the fence in an afternoon.',
  createdAt: '2026-03-01T12:00:00.000Z',
  reviewer: { firstName: null, lastName: null, username: 'neighbour' },
};

function renderForm(completionId: number | null = COMPLETION_ID) {
  const onReviewed = vi.fn();
  const app = renderWithApp(<ReviewForm target={{ kind: 'listing', serviceId: SERVICE_ID }} completionId={completionId} onReviewed={onReviewed} />);
  return { ...app, onReviewed };
}

const star = (count: number) => screen.getByRole<HTMLInputElement>('radio', { name: `${count} ${count === 1 ? 'star' : 'stars'}` });
const reviewText = () => screen.queryByRole('textbox', { name: 'Review (optional)' });
const submit = () => screen.getByRole('button', { name: 'Submit Review' });

describe('the review form', () => {
  it('needs stars before it sends anything', async () => {
    const api = stubApi({ [REVIEWS]: ok(review) });
    const { user, onReviewed } = renderForm();

    await user.click(submit());

    await expectToast(REVIEW_TEXTS.ratingRequiredTitle, REVIEW_TEXTS.ratingRequired);
    expect(api.requests(REVIEWS)).toEqual([]);
    expect(onReviewed).not.toHaveBeenCalled();
  });

  it('puts the stars first, the text box under them and the submit button last (decision 071)', () => {
    renderForm();
    const form = screen.getByRole('form', { name: 'Leave a review' });
    const stars = screen.getByRole('group', { name: 'How was it?' });
    const order = [stars, reviewText()!, screen.getByText(`0/${REVIEW_TEXT_MAX}`), submit()];
    for (const [before, after] of order.slice(0, -1).map((node, i) => [node, order[i + 1]!] as const)) {
      expect(before.compareDocumentPosition(after) & Node.DOCUMENT_POSITION_FOLLOWING, `${before.textContent} before ${after.textContent}`).toBeTruthy();
    }
    // Nothing the person can reach comes after the button.
    const reachable = form.querySelectorAll('input, textarea, button');
    expect(reachable[reachable.length - 1]).toBe(submit());
  });

  it('counts the characters of the text', async () => {
    const { user } = renderForm();

    await user.click(star(4));
    expect(star(4).checked).toBe(true);
    expect(screen.getByText(`0/${REVIEW_TEXT_MAX}`)).toBeDefined();

    await user.type(screen.getByRole('textbox', { name: 'Review (optional)' }), 'Very tidy');
    expect(screen.getByText(`9/${REVIEW_TEXT_MAX}`)).toBeDefined();
  });

  it('sends the rating, the trimmed text and the completion, then thanks and starts over', async () => {
    const api = stubApi({ [REVIEWS]: ok(review) });
    const { user, onReviewed } = renderForm();

    await user.click(star(4));
    await user.type(screen.getByRole('textbox', { name: 'Review (optional)' }), '  Fixed the fence in an afternoon.  ');
    await user.click(submit());

    await expectToast(REVIEW_TEXTS.submittedTitle, REVIEW_TEXTS.submittedBody);
    expect(api.bodies(REVIEWS)).toEqual([{ rating: 4, reviewText: 'Fixed the fence in an afternoon.', serviceCompletionId: COMPLETION_ID }]);
    expect(onReviewed).toHaveBeenCalledOnce();
    expect(star(4).checked).toBe(false);
    expect(reviewText()).toHaveProperty('value', '');
  });

  it('leaves out a blank text', async () => {
    const api = stubApi({ [REVIEWS]: ok({ ...review, rating: 5, reviewText: null }) });
    const { user } = renderForm();

    await user.click(star(5));
    await user.type(screen.getByRole('textbox', { name: 'Review (optional)' }), '   ');
    await user.click(submit());

    await expectToast(REVIEW_TEXTS.submittedTitle);
    expect(api.bodies(REVIEWS)).toEqual([{ rating: 5, serviceCompletionId: COMPLETION_ID }]);
  });

  it("shows the server's refusal and keeps the stars", async () => {
    stubApi({ [REVIEWS]: refuse(409, REVIEW_ERRORS.alreadyReviewed) });
    const { user, onReviewed } = renderForm();

    await user.click(star(2));
    await user.click(submit());

    await expectToast(REVIEW_TEXTS.reviewFailureTitle, REVIEW_ERRORS.alreadyReviewed);
    expect(star(2).checked).toBe(true);
    expect(onReviewed).not.toHaveBeenCalled();
  });

  it('says so when there is no completion to review, without a request', async () => {
    const api = stubApi({ [REVIEWS]: ok(review) });
    const { user } = renderForm(null);

    await user.click(star(3));
    await user.click(submit());

    await expectToast(REVIEW_TEXTS.reviewFailureTitle, REVIEW_TEXTS.missingCompletion);
    expect(api.requests(REVIEWS)).toEqual([]);
  });
});
