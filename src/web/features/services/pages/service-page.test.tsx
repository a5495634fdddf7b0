import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import { routePatterns } from '#web/core/paths.js';
import { ok, refuse, stubApi } from '#web/test-support/fetch-stub.js';
import { aService, PET_CARE, SERVICE_TYPES } from '#web/test-support/fixtures.js';
import { expectToast, renderWithApp } from '#web/test-support/render.js';
import ServicePage from './service-page.js';

const listing = aService({ id: 5, images: ['/api/images/a', '/api/images/b', '/api/images/c'] });

function stubListing() {
  return stubApi({
    'GET /api/services/5': ok(listing),
    'GET /api/services/5/related': ok({ moreFromOwner: [aService({ id: 6, title: 'Cat sitting on weekdays' })], similar: [] }),
    'GET /api/services/5/reviews': ok([]),
    'GET /api/services/5/rating-stats': ok({ averageRating: null, reviewCount: 0 }),
    [`GET /api/categories/${PET_CARE.id}/service-types`]: ok(SERVICE_TYPES[PET_CARE.id]),
  });
}

const renderAt = (path: string) => renderWithApp(<Route path={routePatterns.service} component={ServicePage} />, { path });

afterEach(() => vi.unstubAllGlobals());

describe('the listing page', () => {
  it('shows the listing, its service type, its provider and the owner’s other listings', async () => {
    stubListing();
    renderAt('/services/5');
    expect(await screen.findByRole('heading', { level: 1, name: listing.title })).toBeDefined();
    expect(screen.getByText(listing.description)).toBeDefined();
    expect(screen.getByText('$20/hr')).toBeDefined();
    expect(await screen.findByText('· Dog Walking', { exact: false })).toBeDefined();
    expect(screen.getByText('Member since Nov 3, 2025')).toBeDefined();
    expect(await screen.findByRole('heading', { name: 'More from walker' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Cat sitting on weekdays' }).getAttribute('href')).toBe('/services/6');
    expect(screen.queryByRole('heading', { name: 'Similar listings' })).toBeNull();
  });

  it("says 'Budget' beside a request's figure, and 'Price' to a screen reader beside an offer's", async () => {
    stubApi({
      'GET /api/services/7': ok(aService({ id: 7, listingType: 'request', rate: 40, rateType: 'fixed', pricesVary: false })),
      'GET /api/services/7/related': ok({ moreFromOwner: [], similar: [] }),
      'GET /api/services/7/reviews': ok([]),
      'GET /api/services/7/rating-stats': ok({ averageRating: null, reviewCount: 0 }),
      [`GET /api/categories/${PET_CARE.id}/service-types`]: ok(SERVICE_TYPES[PET_CARE.id]),
    });
    renderAt('/services/7');
    const details = within(await screen.findByRole('complementary', { name: 'Details' }));
    expect(details.getByText('Budget')).toBeDefined();
    expect(details.queryByText('Price:')).toBeNull();
  });

  it('opens a photo full size, moves with the arrow keys and gives the focus back on Escape', async () => {
    stubListing();
    const { user } = renderAt('/services/5');
    const second = await screen.findByRole('button', { name: `${listing.title}, photo 2 of 3` });
    await user.click(second);

    const dialog = await screen.findByRole('dialog', { name: listing.title });
    expect(within(dialog).getByText('2 of 3')).toBeDefined();
    expect(within(dialog).getByRole('img', { name: `${listing.title}, photo 2 of 3` }).getAttribute('src')).toBe('/api/images/b');
    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByText('3 of 3')).toBeDefined();
    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByText('1 of 3')).toBeDefined();
    await user.keyboard('{ArrowLeft}');
    expect(within(dialog).getByText('3 of 3')).toBeDefined();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(second);
  });

  it('copies the link where there is no share sheet, and says so', async () => {
    stubListing();
    const { user } = renderAt('/services/5');
    // After the render: user-event puts a clipboard of its own on the navigator when it is set up.
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    await expectToast('Link copied');
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/services/5`);
  });

  it('says nothing when the person cancels the share sheet', async () => {
    stubListing();
    const share = vi.fn(() => Promise.reject(new DOMException('cancelled', 'AbortError')));
    const writeText = vi.fn(() => Promise.resolve());
    const { user } = renderAt('/services/5');
    vi.stubGlobal('navigator', { ...navigator, share, clipboard: { writeText } });
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({ title: listing.title, url: `${window.location.origin}/services/5` });
    expect(writeText).not.toHaveBeenCalled();
  });

  it('shows the not-found screen for a listing the API does not show', async () => {
    stubApi({ 'GET /api/services/9': refuse(404, 'Service not found') });
    renderAt('/services/9');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeDefined();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeDefined();
  });

  it.each(['abc', '0', '99999999999'])('shows the not-found screen for /services/%s without asking the API', async (id) => {
    renderAt(`/services/${id}`);
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeDefined();
  });
});
