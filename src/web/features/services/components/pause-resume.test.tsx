import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import { LISTING_ACTIVE_TEXTS } from '#shared/listing-active-texts.js';
import type { Service } from '#shared/services.js';
import { routePatterns } from '#web/core/paths.js';
import { ok, refuse, stubApi, type SentRequest } from '#web/test-support/fetch-stub.js';
import { aService, aUser, PET_CARE, SERVICE_TYPES } from '#web/test-support/fixtures.js';
import { clearToasts, expectToast, renderWithApp } from '#web/test-support/render.js';
import MyServicesPage from '../pages/my-services-page.js';
import ServicePage from '../pages/service-page.js';

/** Pause and Resume (decision 070): in the owner's menu on My Services, and in the owner's panel on the listing page. */

const owner = aUser({ id: 'owner-1', username: 'walker' });
const listing = aService({ id: 5, userId: owner.id });

/** The API as the server answers PATCH /api/services/5/active: the listing in the state asked for. */
function pauseAnswer(state: { listing: Service }) {
  return ({ body }: SentRequest) => {
    state.listing = { ...state.listing, isActive: (body as { isActive: boolean }).isActive };
    return ok(state.listing);
  };
}

afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
});

describe('the owner’s menu on My Services', () => {
  const openMenu = async (user: ReturnType<typeof renderWithApp>['user'], title = listing.title) => {
    await user.click(await screen.findByRole('button', { name: `Manage ${title}` }));
    return screen.findByRole('menu');
  };

  it('offers Pause after Edit, keeps the specification’s items, and shows the card paused once the answer comes, with a toast', async () => {
    const state = { listing };
    const sent = stubApi({ 'GET /api/my-services': () => ok([state.listing]), 'PATCH /api/services/5/active': pauseAnswer(state) });
    const { user } = renderWithApp(<MyServicesPage />, { path: '/my-services', signedInAs: owner });

    const menu = await openMenu(user);
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Edit', 'Pause', 'Share', 'Delete']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Pause' }));

    await expectToast(LISTING_ACTIVE_TEXTS.paused, LISTING_ACTIVE_TEXTS.pausedDescription);
    expect(sent.bodies('PATCH /api/services/5/active')).toEqual([{ isActive: false }]);
    const card = screen.getByRole('article', { name: listing.title });
    expect(await within(card).findByText('Paused')).toBeDefined();

    // Paused: Resume in its place, and no Share (nobody else can open it).
    const again = await openMenu(user);
    expect(within(again).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Edit', 'Resume', 'Delete']);
    await user.click(within(again).getByRole('menuitem', { name: 'Resume' }));
    await expectToast(LISTING_ACTIVE_TEXTS.resumed, LISTING_ACTIVE_TEXTS.resumedDescription);
    await waitFor(() => expect(within(card).queryByText('Paused')).toBeNull());
  });

  it('says why in a toast when the server refuses, and leaves the card as it was', async () => {
    stubApi({
      'GET /api/my-services': ok([{ ...listing, isActive: false }]),
      'PATCH /api/services/5/active': refuse(409, LISTING_ACTIVE_TEXTS.deleted, { code: 'listing_deleted' }),
    });
    const { user } = renderWithApp(<MyServicesPage />, { path: '/my-services', signedInAs: owner });
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Resume' }));
    await expectToast('Error', LISTING_ACTIVE_TEXTS.deleted);
    expect(within(screen.getByRole('article', { name: listing.title })).getByText('Paused')).toBeDefined();
  });

  it('offers no Resume for a paused listing that has expired (Renew is on its card), and only Restore for a deleted one', async () => {
    const expired = aService({ id: 6, userId: owner.id, title: 'Paused and expired walks', isActive: false, expired: true });
    const deleted = aService({ id: 7, userId: owner.id, title: 'Deleted walks', deletedAt: '2026-02-03T09:00:00.000Z' });
    stubApi({ 'GET /api/my-services': ok([expired, deleted]) });
    const { user } = renderWithApp(<MyServicesPage />, { path: '/my-services', signedInAs: owner });

    expect(within(await screen.findByRole('article', { name: expired.title })).getByRole('button', { name: 'Renew' })).toBeDefined();
    expect(within(await openMenu(user, expired.title)).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Edit', 'Delete']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(within(await openMenu(user, deleted.title)).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Restore']);
  });
});

describe('the owner’s panel on the listing page', () => {
  function stubPage(state: { listing: Service }) {
    return stubApi({
      'GET /api/services/5': () => ok(state.listing),
      'GET /api/services/5/related': ok({ moreFromOwner: [], similar: [] }),
      'GET /api/services/5/reviews': ok([]),
      'GET /api/services/5/rating-stats': ok({ averageRating: null, reviewCount: 0 }),
      [`GET /api/categories/${PET_CARE.id}/service-types`]: ok(SERVICE_TYPES[PET_CARE.id]),
      'PATCH /api/services/5/active': pauseAnswer(state),
      'POST /api/services/5/restore': () => ok((state.listing = { ...state.listing, deletedAt: null })),
    });
  }
  const renderPage = (signedInAs: ReturnType<typeof aUser> | null) =>
    renderWithApp(<Route path={routePatterns.service} component={ServicePage} />, { path: '/services/5', signedInAs });
  const panel = async () => within(await screen.findByRole('region', { name: LISTING_ACTIVE_TEXTS.yourListing }));

  it('says "This is your listing" with Edit, Pause and Share in sight, and Share only once on the page', async () => {
    stubPage({ listing });
    renderPage(owner);
    const mine = await panel();
    expect(mine.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/edit-service/5');
    expect(mine.getByRole('button', { name: 'Pause' })).toBeDefined();
    expect(mine.getByRole('button', { name: 'Share' })).toBeDefined();
    expect(screen.getAllByRole('button', { name: 'Share' })).toHaveLength(1);
    // The ⋮ menu stays beside it.
    expect(screen.getByRole('button', { name: `Manage ${listing.title}` })).toBeDefined();
  });

  it('pauses and resumes from the panel: the page says so at once, with a toast each time', async () => {
    const state = { listing };
    const sent = stubPage(state);
    const { user } = renderPage(owner);
    await user.click((await panel()).getByRole('button', { name: 'Pause' }));
    await expectToast(LISTING_ACTIVE_TEXTS.paused);
    expect(await screen.findByText('Only you can see this listing while it is paused.')).toBeDefined();
    const mine = await panel();
    expect(mine.queryByRole('button', { name: 'Share' })).toBeNull();

    await user.click(await mine.findByRole('button', { name: 'Resume' }));
    await expectToast(LISTING_ACTIVE_TEXTS.resumed);
    expect(await mine.findByRole('button', { name: 'Pause' })).toBeDefined();
    expect(screen.queryByText('Only you can see this listing while it is paused.')).toBeNull();
    expect(sent.bodies('PATCH /api/services/5/active')).toEqual([{ isActive: false }, { isActive: true }]);
  });

  it('offers Restore for a deleted listing, and neither Edit nor Pause', async () => {
    const state = { listing: { ...listing, deletedAt: '2026-02-03T09:00:00.000Z' } };
    stubPage(state);
    const { user } = renderPage(owner);
    const mine = await panel();
    expect(mine.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(mine.queryByRole('button', { name: 'Pause' })).toBeNull();
    await user.click(mine.getByRole('button', { name: 'Restore' }));
    await expectToast('Service restored');
    expect(await mine.findByRole('button', { name: 'Pause' })).toBeDefined();
  });

  it.each([
    ['another member', aUser()],
    ['a visitor', null],
  ])('is not there for %s', async (_, who) => {
    stubPage({ listing });
    renderPage(who);
    expect(await screen.findByRole('heading', { level: 1, name: listing.title })).toBeDefined();
    expect(screen.queryByRole('region', { name: LISTING_ACTIVE_TEXTS.yourListing })).toBeNull();
    expect(screen.getByRole('button', { name: 'Share' })).toBeDefined();
  });
});
