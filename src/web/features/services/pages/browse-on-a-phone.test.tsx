import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BROWSE_PAGE_SIZE } from '#shared/service-texts.js';
import { ok, stubApi } from '#web/test-support/fetch-stub.js';
import { aService, MONTCLAIR, PET_CARE, TUTORING } from '#web/test-support/fixtures.js';
import { renderWithApp } from '#web/test-support/render.js';
import BrowsePage from './browse-page.js';

/** Decision 067: below 640 px the filters fold into a sheet behind 'Filters', the active ones show as chips. */

/** happy-dom's window: its size is what `matchMedia` answers from. */
const happyDom = () => (window as unknown as { happyDOM: { setViewport(viewport: { width: number; height: number }): void } }).happyDOM;

function stubBrowse(services = [aService()], nextCursor: string | null = null) {
  return stubApi({
    'GET /api/categories': ok([TUTORING, PET_CARE]),
    'GET /api/services': ok({ services, nextCursor }),
    'GET /api/zip/07042': ok(MONTCLAIR),
  });
}

const renderBrowse = (path = '/services') => renderWithApp(<BrowsePage />, { path, signedInAs: null });
const resultsHeading = () => within(screen.getByRole('region', { name: 'Results' })).getByRole('heading', { level: 2 });
const chipLabels = () => within(screen.getByRole('list', { name: 'Active filters' })).getAllByRole('button').map((chip) => chip.textContent);

beforeEach(() => happyDom().setViewport({ width: 390, height: 844 }));
afterEach(() => happyDom().setViewport({ width: 1024, height: 768 }));

describe('the Filters sheet', () => {
  it('hosts the one set of filter controls while it is open, and what is chosen there goes to the address at once', async () => {
    stubBrowse();
    const { user, history } = renderBrowse();
    await waitFor(() => expect(resultsHeading().textContent).toBe('1 listing'));
    // Closed, the controls are in the page (shown from 640 px up): one of each.
    expect(document.querySelectorAll('#type-filter, #category-filter, #near-zip')).toHaveLength(3);
    expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull();

    const filters = screen.getByRole('button', { name: 'Filters' });
    expect(filters.getAttribute('aria-expanded')).toBe('false');
    await user.click(filters);
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    expect(filters.getAttribute('aria-expanded')).toBe('true');
    // Every control of the specification is in the sheet, and nowhere else in the page.
    within(sheet).getByRole('group', { name: 'Listings to show' });
    within(sheet).getByRole('combobox', { name: 'Type' });
    within(sheet).getByRole('combobox', { name: 'Category' });
    within(sheet).getByRole('textbox', { name: 'ZIP code' });
    within(sheet).getByRole('combobox', { name: 'Order' });
    within(within(sheet).getByRole('region', { name: 'Categories' })).getByRole('button', { name: 'Pet Care' });
    expect(document.querySelectorAll('#type-filter, #category-filter, #near-zip')).toHaveLength(3);
    expect(screen.getAllByRole('searchbox', { name: 'Search', hidden: true })).toHaveLength(1);

    await user.selectOptions(within(sheet).getByRole('combobox', { name: 'Category' }), 'Tutoring');
    await waitFor(() => expect(history.at(-1)).toBe('/services?category=tutoring'));
    await user.click(within(within(sheet).getByRole('group', { name: 'Listings to show' })).getByRole('button', { name: 'Help Wanted' }));
    await waitFor(() => expect(history.at(-1)).toBe('/services?category=tutoring&type=request'));
    expect(within(sheet).getByRole('checkbox', { name: 'No replies yet' })).toBeDefined();

    await user.click(within(sheet).getByRole('button', { name: 'Show 1 request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Filters 2 on' }));
    expect(chipLabels()).toEqual(['Help Wanted', 'Tutoring']);
    expect(document.querySelectorAll('#type-filter, #category-filter, #near-zip')).toHaveLength(3);
  });

  it('closes itself when the window grows past 640 px, where the controls are in the page', async () => {
    stubBrowse();
    const { user } = renderBrowse('/services?category=pet');
    await user.click(await screen.findByRole('button', { name: 'Filters 1 on' }));
    await screen.findByRole('dialog', { name: 'Filters' });
    act(() => happyDom().setViewport({ width: 1280, height: 800 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByRole('combobox', { name: 'Category' }) as HTMLSelectElement).value).toBe('pet');
  });
});

describe('the active filters as chips', () => {
  it('name each filter the sheet holds, and removing one takes it out of the address', async () => {
    stubBrowse([aService({ distanceMiles: 0 })]);
    const { user, history } = renderBrowse('/services?search=dog&category=pet&type=offer&near=07042&radius=25&sort=distance&includeVirtual=false');
    await waitFor(() => expect(chipLabels()).toEqual(['Services Offered', 'Pet Care', 'Within 25 mi of Montclair, NJ', 'Nearest first', 'No virtual services']));
    expect(screen.getByRole('button', { name: 'Filters 5 on' })).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Remove filter: Nearest first' }));
    await waitFor(() => expect(history.at(-1)).toBe('/services?search=dog&category=pet&type=offer&near=07042&radius=25&includeVirtual=false'));
    await user.click(screen.getByRole('button', { name: 'Remove filter: Within 25 mi of Montclair, NJ' }));
    await waitFor(() => expect(history.at(-1)).toBe('/services?search=dog&category=pet&type=offer'));
    await user.click(screen.getByRole('button', { name: 'Remove filter: Services Offered' }));
    await waitFor(() => expect(history.at(-1)).toBe('/services?search=dog&category=pet'));
    expect(chipLabels()).toEqual(['Pet Care']);
    await user.click(screen.getByRole('button', { name: 'Remove filter: Pet Care' }));
    await waitFor(() => expect(history.at(-1)).toBe('/services?search=dog'));
    expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Filters' })).toBeDefined();
  });
});

describe('the results heading', () => {
  it('counts the listings found and names the place searched around', async () => {
    const api = stubBrowse([aService({ id: 1, distanceMiles: 0 }), aService({ id: 2, zipCode: '07102', city: 'Newark', distanceMiles: 6 })]);
    renderBrowse('/services?near=07042');
    await waitFor(() => expect(resultsHeading().textContent).toBe('2 listings within 10 mi of Montclair, NJ'));
    expect(api.requests('GET /api/zip/07042')).toHaveLength(1);
    // The cards say how far in words: the listing in the searched ZIP is not '≈ 0.0 mi away'.
    const cards = within(screen.getByRole('region', { name: 'Results' })).getAllByRole('article');
    expect(cards.map((card) => within(card).getByText(/Montclair, NJ|Newark, NJ/).closest('li')?.textContent)).toEqual([
      'Location: Montclair, NJ · In your ZIP',
      'Location: Newark, NJ · ≈ 6.0 mi away',
    ]);
  });

  it("says '24+' while more pages follow, and the type and words searched for", async () => {
    const page = Array.from({ length: BROWSE_PAGE_SIZE }, (_, index) => aService({ id: index + 1, title: `Dog walking ${index + 1}` }));
    stubBrowse(page, 'next-page');
    renderBrowse('/services?search=dog&type=offer&category=pet');
    await waitFor(() => expect(resultsHeading().textContent).toBe(`${BROWSE_PAGE_SIZE}+ offers for "dog" in Pet Care`));
  });

  it('says that a search found nothing, above the empty state of the specification', async () => {
    stubBrowse([]);
    renderBrowse('/services?search=harpsichord');
    await waitFor(() => expect(resultsHeading().textContent).toBe('No results for "harpsichord"'));
    expect(screen.getByRole('heading', { name: 'No services found' })).toBeDefined();
    expect(screen.getByText('Try adjusting your search or filters.')).toBeDefined();
  });
});
