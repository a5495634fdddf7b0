import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import type { User } from '#shared/auth.js';
import { NEAR_TEXTS } from '#shared/service-texts.js';
import { routePatterns } from '#web/core/paths.js';
import { ok, refuse, stubApi } from '#web/test-support/fetch-stub.js';
import { aService, aUser, PET_CARE, SERVICE_TYPES } from '#web/test-support/fixtures.js';
import { renderWithApp } from '#web/test-support/render.js';
import ServicePage from './service-page.js';

/** Decision 052: a listing's page says how far away it is from the reader's place. */

const listing = aService({ id: 5, zipCode: '07102', city: 'Newark', state: 'NJ' });
const DISTANCE = 'GET /api/services/5/distance';

function stubListing(distance = ok({ distanceMiles: 6 })) {
  return stubApi({
    'GET /api/services/5': ok(listing),
    'GET /api/services/5/related': ok({ moreFromOwner: [aService({ id: 6, title: 'Cat sitting on weekdays' })], similar: [] }),
    'GET /api/services/5/reviews': ok([]),
    'GET /api/services/5/rating-stats': ok({ averageRating: null, reviewCount: 0 }),
    [`GET /api/categories/${PET_CARE.id}/service-types`]: ok(SERVICE_TYPES[PET_CARE.id]),
    [DISTANCE]: distance,
  });
}

const renderAt = (path: string, signedInAs: User | null = aUser()) => renderWithApp(<Route path={routePatterns.service} component={ServicePage} />, { path, signedInAs });

describe("the listing page's distance", () => {
  it('is measured from the ZIP code the reader searched around, and the related listings keep it', async () => {
    const api = stubListing();
    renderAt('/services/5?near=07042', aUser({ homeZip: '10001' }));
    expect(await screen.findByText('≈ 6.0 mi away')).toBeDefined();
    expect(screen.getByText('from ZIP 07042')).toBeDefined();
    expect(api.requests(DISTANCE).map((r) => r.url)).toEqual(['/api/services/5/distance?near=07042']);
    expect((await screen.findByRole('link', { name: 'Cat sitting on weekdays' })).getAttribute('href')).toBe('/services/6?near=07042');
  });

  it("is measured from the member's home ZIP code when they came from nowhere in particular", async () => {
    const api = stubListing(ok({ distanceMiles: 12.3 }));
    renderAt('/services/5', aUser({ homeZip: '10001' }));
    expect(await screen.findByText('≈ 12.3 mi away')).toBeDefined();
    expect(screen.getByText('from ZIP 10001')).toBeDefined();
    expect(api.requests(DISTANCE).map((r) => r.url)).toEqual(['/api/services/5/distance?near=10001']);
    // The home ZIP stays out of the links: it is the reader's, not the page's.
    expect((await screen.findByRole('link', { name: 'Cat sitting on weekdays' })).getAttribute('href')).toBe('/services/6');
  });

  it("says 'In your ZIP' for a listing in the reader's ZIP, and 'Under 1 mi' under a mile, never '≈ 0.0 mi' (decision 067)", async () => {
    stubListing(ok({ distanceMiles: 0 }));
    const home = renderAt('/services/5?near=07102');
    expect(await screen.findByText('In your ZIP')).toBeDefined();
    expect(screen.getByText('(07102)')).toBeDefined();
    home.unmount();

    stubListing(ok({ distanceMiles: 0.4 }));
    renderAt('/services/5?near=07103');
    expect(await screen.findByText('Under 1 mi')).toBeDefined();
    expect(screen.getByText('from ZIP 07103')).toBeDefined();
    expect(screen.queryByText(/0\.\d mi/)).toBeNull();
  });

  it('is not asked for without a place, and says nothing for a ZIP nobody knows or a virtual listing', async () => {
    let api = stubListing();
    const visitor = renderAt('/services/5', null);
    expect(await screen.findByRole('heading', { level: 1, name: listing.title })).toBeDefined();
    expect(api.requests(DISTANCE)).toEqual([]);
    expect(screen.queryByText(/mi away/)).toBeNull();
    visitor.unmount();

    api = stubListing(refuse(400, NEAR_TEXTS.invalidZip, { errors: { near: NEAR_TEXTS.invalidZip } }));
    const unknown = renderAt('/services/5?near=00000');
    expect(await screen.findByRole('heading', { level: 1, name: listing.title })).toBeDefined();
    await screen.findByText('Member since Nov 3, 2025');
    expect(api.requests(DISTANCE)).toHaveLength(1);
    expect(screen.queryByText(/mi away/)).toBeNull();
    unknown.unmount();

    stubListing(ok({ distanceMiles: null }));
    renderAt('/services/5?near=07042');
    expect(await screen.findByRole('heading', { level: 1, name: listing.title })).toBeDefined();
    expect(screen.queryByText(/mi away/)).toBeNull();
  });
});
