import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { EXPIRY_TEXTS } from '#shared/listing-expiry-texts.js';
import { routePatterns } from '#web/core/paths.js';
import { heldAnswer, ok, refuse, stubApi } from '#web/test-support/fetch-stub.js';
import { aService } from '#web/test-support/fixtures.js';
import { expectToast, renderWithApp } from '#web/test-support/render.js';
import { ServiceCard } from '../components/service-card.js';
import RenewListingPage from './renew-listing-page.js';

const TOKEN = 'a'.repeat(43);
const renderAt = (path: string, signedIn = false) =>
  renderWithApp(<Route path={routePatterns.renewService} component={RenewListingPage} />, { path, ...(!signedIn && { signedInAs: null }) });

describe('the renewal link’s page', () => {
  it('shows the listing, renews nothing on opening, and renews with the button', async () => {
    const api = stubApi({
      'GET /api/services/5/renewal': ok({ id: 5, title: 'Dog walking around the park', expiresAt: '2027-03-05T12:00:00.000Z', expired: true }),
      'POST /api/services/5/renewal': ok({ id: 5, title: 'Dog walking around the park', expiresAt: '2027-05-04T12:00:00.000Z', expired: false }),
    });
    const { user } = renderAt(`/services/5/renew?token=${TOKEN}`);
    expect(await screen.findByText('“Dog walking around the park”')).toBeDefined();
    expect(screen.getByText('Expired on Mar 5, 2027')).toBeDefined();
    expect(screen.getByText('It is hidden from others until you renew it.')).toBeDefined();
    expect(api.requests('GET /api/services/5/renewal')[0]!.url).toBe(`/api/services/5/renewal?token=${TOKEN}`);
    expect(api.requests('POST /api/services/5/renewal')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: EXPIRY_TEXTS.renewListing }));
    expect(await screen.findByRole('heading', { level: 1, name: EXPIRY_TEXTS.renewed })).toBeDefined();
    expect(screen.getByRole('status').textContent).toBe('“Dog walking around the park” now expires on May 4, 2027.');
    expect(api.bodies('POST /api/services/5/renewal')).toEqual([{ token: TOKEN }]);
    expect(screen.getByRole('link', { name: 'View listing' }).getAttribute('href')).toBe('/services/5');
    expect(screen.getByRole('link', { name: 'Sign in to My Services' })).toBeDefined();
  });

  it('says plainly when the link no longer works', async () => {
    stubApi({ 'GET /api/services/5/renewal': refuse(400, EXPIRY_TEXTS.invalidLink, { code: 'invalid_link' }) });
    renderAt(`/services/5/renew?token=${TOKEN}`, true);
    expect((await screen.findByRole('alert')).textContent).toBe(EXPIRY_TEXTS.invalidLink);
    expect(screen.getByRole('heading', { level: 1, name: 'This link no longer works' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Go to My Services' }).getAttribute('href')).toBe('/my-services');
  });

  it('says so when the link was used meanwhile, and without a token asks for nothing', async () => {
    const held = heldAnswer();
    stubApi({
      'GET /api/services/5/renewal': ok({ id: 5, title: 'Dog walking around the park', expiresAt: '2027-03-05T12:00:00.000Z', expired: false }),
      'POST /api/services/5/renewal': held.answer,
    });
    const { user, unmount } = renderAt(`/services/5/renew?token=${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: EXPIRY_TEXTS.renewListing }));
    expect(screen.getByRole('button', { name: 'Renewing...' }).hasAttribute('disabled')).toBe(true);
    held.release(refuse(400, EXPIRY_TEXTS.invalidLink, { code: 'invalid_link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(EXPIRY_TEXTS.invalidLink);
    unmount();

    renderAt('/services/5/renew');
    expect((await screen.findByRole('alert')).textContent).toBe(EXPIRY_TEXTS.missingLink);
  });
});

describe('an expired listing in My Services', () => {
  it('reads Expired, with the day and Renew, which renews it', async () => {
    const expired = aService({ id: 7, expired: true, expiresAt: '2026-03-01T12:00:00.000Z' });
    const api = stubApi({ 'POST /api/services/7/renew': ok({ ...expired, expired: false, expiresAt: '2099-05-01T12:00:00.000Z' }) });
    const { user } = renderWithApp(<ServiceCard service={expired} showOwnerControls />);
    expect(screen.getByText(EXPIRY_TEXTS.expired)).toBeDefined();
    expect(screen.getByText('Expired on Mar 1, 2026')).toBeDefined();
    await user.click(screen.getByRole('button', { name: EXPIRY_TEXTS.renew }));
    await expectToast(EXPIRY_TEXTS.renewed, 'Expires on May 1, 2099');
    expect(api.requests('POST /api/services/7/renew')).toHaveLength(1);
  });

  it('offers nothing for a listing far from its day, nor to anyone but its owner', async () => {
    renderWithApp(<ServiceCard service={aService({ id: 8, expiresAt: '2099-01-01T00:00:00.000Z' })} showOwnerControls />);
    renderWithApp(<ServiceCard service={aService({ id: 9, expiresAt: new Date(Date.now() + 86_400_000).toISOString() })} />);
    expect(screen.queryByRole('button', { name: EXPIRY_TEXTS.renew })).toBeNull();
    expect(screen.queryByText(/^Expires on/)).toBeNull();
  });
});
