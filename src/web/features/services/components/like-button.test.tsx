import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WRITE_LIMIT_TEXTS } from '#shared/service-texts.js';
import { heldAnswer, ok, refuse, stubApi } from '#web/test-support/fetch-stub.js';
import { aService } from '#web/test-support/fixtures.js';
import { expectToast, renderWithApp } from '#web/test-support/render.js';
import { useService } from '../api/get-service.js';
import { ServiceCard } from './service-card.js';

/** A card as the pages show one: drawn from the cached listing, so it shows whatever the like writes there. */
function CachedCard({ id }: { id: number }) {
  const service = useService(id);
  return service.data ? <ServiceCard service={service.data} /> : null;
}

const LIKE = 'POST /api/services/5/like';
const UNLIKE = 'DELETE /api/services/5/like';

const likeButton = () => screen.getByRole('button', { name: /^like/i });
const pressed = () => likeButton().getAttribute('aria-pressed');
const likes = () => Number(within(likeButton()).getByText(/^\d+$/).textContent);

async function renderCard(listing: { likeCount: number; isLikedByUser: boolean }) {
  stubApi({ 'GET /api/services/5': ok(aService({ id: 5, ...listing })) });
  const app = renderWithApp(<CachedCard id={5} />);
  await screen.findByRole('button', { name: /^like/i });
  return app;
}

describe('the like button', () => {
  it('counts the like at once, ignores clicks while it is sent, then shows the count the server gives', async () => {
    const held = heldAnswer();
    const api = stubApi({ [LIKE]: held.answer });
    const { user } = await renderCard({ likeCount: 3, isLikedByUser: false });
    expect([pressed(), likes()]).toEqual(['false', 3]);

    await user.click(likeButton());
    expect([pressed(), likes()]).toEqual(['true', 4]);
    await user.click(likeButton());
    expect(api.requests(LIKE)).toHaveLength(1);

    held.release(ok({ liked: true, likeCount: 9 }));
    await expectToast('Service liked');
    expect([pressed(), likes()]).toEqual(['true', 9]);
  });

  it('goes back to the count before when the server refuses', async () => {
    const held = heldAnswer();
    stubApi({ [LIKE]: held.answer });
    const { user } = await renderCard({ likeCount: 3, isLikedByUser: false });

    await user.click(likeButton());
    expect([pressed(), likes()]).toEqual(['true', 4]);

    held.release(refuse(429, WRITE_LIMIT_TEXTS.likes));
    await expectToast('Error', 'Failed to like service.');
    expect([pressed(), likes()]).toEqual(['false', 3]);
  });

  it('takes an unlike off at once', async () => {
    const held = heldAnswer();
    const api = stubApi({ [UNLIKE]: held.answer });
    const { user } = await renderCard({ likeCount: 3, isLikedByUser: true });

    await user.click(likeButton());
    expect([pressed(), likes()]).toEqual(['false', 2]);

    held.release(ok({ liked: false, likeCount: 2 }));
    await expectToast('Service unliked');
    expect(api.requests(UNLIKE)).toHaveLength(1);
    expect([pressed(), likes()]).toEqual(['false', 2]);
  });
});
