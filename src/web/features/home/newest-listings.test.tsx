import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Service } from '#shared/services.js';
import { rememberChosenZip } from '#web/lib/chosen-zip.js';
import { ok, stubApi, type SentRequest } from '#web/test-support/fetch-stub.js';
import { aService, aUser } from '#web/test-support/fixtures.js';
import { renderWithApp } from '#web/test-support/render.js';
import { NewestListings } from './newest-listings.js';

/** Home's newest listings (decision 072): where they come from, the heading that says it, and 'See all'. */

const DOG = aService({ id: 1, title: 'Dog walking around the park' });
const PIANO = aService({ id: 2, title: 'Piano lessons for beginners', distanceMiles: 0 });
const LISTINGS = Array.from({ length: 9 }, (_, index) => aService({ id: 100 + index, title: `Listing ${index + 1}` }));

/** Answers browse with `near`'s listings, and the newest anywhere without it. */
function stubNewest(byPlace: Record<string, Service[]>) {
  return stubApi({
    'GET /api/services': (request: SentRequest) => ok({ services: byPlace[new URL(request.url, 'http://x').searchParams.get('near') ?? 'anywhere'] ?? [], nextCursor: null }),
  });
}

const section = () => screen.getByRole('region', { name: /^Newest/ });
const titles = () => within(section()).getAllByRole('article').map((card) => within(card).getByRole('heading', { level: 3 }).textContent);
const seeAll = () => within(section()).getByRole('link', { name: /^See all/ });
/** The heading and the cards' titles, once the cards are there. */
async function shown() {
  await waitFor(() => expect(within(section()).queryAllByRole('article').length).toBeGreaterThan(0));
  return { heading: within(section()).getByRole('heading', { level: 2 }).textContent, titles: titles() };
}
const asked = (api: ReturnType<typeof stubApi>) => api.requests('GET /api/services').map((request) => Object.fromEntries(new URL(request.url, 'http://x').searchParams));

afterEach(() => window.localStorage.clear());

describe("Home's newest listings", () => {
  it('shows the newest anywhere to a visitor, at most six, with See all leading to browse', async () => {
    const api = stubNewest({ anywhere: LISTINGS });
    renderWithApp(<NewestListings />, { signedInAs: null });
    expect(await shown()).toEqual({ heading: 'Newest listings', titles: ['Listing 1', 'Listing 2', 'Listing 3', 'Listing 4', 'Listing 5', 'Listing 6'] });
    expect(seeAll().getAttribute('href')).toBe('/services');
    expect(asked(api)).toEqual([{ sort: 'newest', limit: '6' }]);
  });

  it("shows a member the newest near their home ZIP, says where, and See all keeps the place (the cards' links too)", async () => {
    const api = stubNewest({ '07042': [PIANO] });
    renderWithApp(<NewestListings />, { signedInAs: aUser({ homeZip: '07042' }) });
    expect(await shown()).toEqual({ heading: 'Newest near 07042', titles: ['Piano lessons for beginners'] });
    expect(within(section()).getByRole('article').textContent).toContain('In your ZIP');
    expect(seeAll().getAttribute('href')).toBe('/services?near=07042');
    expect(within(section()).getByRole('link', { name: 'Piano lessons for beginners' }).getAttribute('href')).toBe('/services/2?near=07042');
    expect(asked(api)).toEqual([{ near: '07042', sort: 'newest', limit: '6' }]);
  });

  it('falls back to the newest anywhere when nothing is listed near the home ZIP, and says so', async () => {
    stubNewest({ '07042': [], anywhere: [DOG] });
    renderWithApp(<NewestListings />, { signedInAs: aUser({ homeZip: '07042' }) });
    await screen.findByText('Nothing is listed near 07042 yet. Here are the newest anywhere.');
    expect(await shown()).toEqual({ heading: 'Newest listings', titles: ['Dog walking around the park'] });
    // Browse would start at the home ZIP again: 'See all' asks for anywhere.
    expect(seeAll().getAttribute('href')).toBe('/services?near=anywhere');
  });

  it('shows a visitor the newest near the ZIP this browser chose last, after the newest anywhere', async () => {
    rememberChosenZip('07042');
    stubNewest({ '07042': [PIANO], anywhere: [DOG] });
    renderWithApp(<NewestListings />, { signedInAs: null });
    await waitFor(() => expect(titles()).toEqual(['Piano lessons for beginners']));
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Newest near 07042');
    expect(seeAll().getAttribute('href')).toBe('/services?near=07042');
  });

  it('forgets the chosen ZIP when anywhere is chosen, and a member’s home ZIP comes first', async () => {
    rememberChosenZip('07042');
    rememberChosenZip('anywhere');
    expect(window.localStorage.length).toBe(0);
    rememberChosenZip('19103');
    stubNewest({ '07042': [PIANO], '19103': [DOG] });
    renderWithApp(<NewestListings />, { signedInAs: aUser({ homeZip: '07042' }) });
    expect(await shown()).toEqual({ heading: 'Newest near 07042', titles: ['Piano lessons for beginners'] });
  });

  it('is left out while nothing is listed anywhere', async () => {
    const api = stubNewest({ anywhere: [] });
    const { container } = renderWithApp(<NewestListings />, { signedInAs: null });
    await waitFor(() => expect(api.requests('GET /api/services')).toHaveLength(1));
    await waitFor(() => expect(container.querySelector('section')).toBeNull());
  });
});
