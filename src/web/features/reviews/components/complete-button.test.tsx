import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REVIEW_TEXTS } from '#shared/review-texts.js';
import { ok, stubApi } from '#web/test-support/fetch-stub.js';
import { expectToast, renderWithApp } from '#web/test-support/render.js';
import { CompleteButton } from './complete-button.js';

const COMPLETE = 'POST /api/services/5/complete';
const completion = { id: 1, serviceId: 5, conversationId: 9, completedBy: 'member-1', createdAt: '2026-11-28T10:00:00.000Z' };

const markButton = () => screen.getByRole('button', { name: REVIEW_TEXTS.completeButton });
const askDialog = () => screen.findByRole('alertdialog', { name: REVIEW_TEXTS.completeConfirmTitle }, { timeout: 5_000 });

describe("'Mark as Complete'", () => {
  it('asks first, and sends nothing when the person answers not yet; the focus goes back to the button', async () => {
    const api = stubApi({ [COMPLETE]: ok(completion) });
    const { user } = renderWithApp(<CompleteButton serviceId={5} conversationId={9} completed={false} isOwner={false} />);

    await user.click(markButton());
    const dialog = await askDialog();
    expect(within(dialog).getByText(REVIEW_TEXTS.completeConfirmBody)).toBeDefined();
    await user.click(within(dialog).getByRole('button', { name: REVIEW_TEXTS.completeConfirmCancel }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.requests(COMPLETE)).toEqual([]);
    expect(document.activeElement).toBe(markButton());
  });

  it('completes the job once confirmed, and says so', async () => {
    const api = stubApi({ [COMPLETE]: ok(completion) });
    const { user } = renderWithApp(<CompleteButton serviceId={5} conversationId={9} completed={false} isOwner={false} />);

    await user.click(markButton());
    await user.click(within(await askDialog()).getByRole('button', { name: REVIEW_TEXTS.completeButton }));

    await expectToast(REVIEW_TEXTS.completedTitle, REVIEW_TEXTS.completedBody);
    expect(api.requests(COMPLETE)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});
