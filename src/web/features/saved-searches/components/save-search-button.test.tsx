import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SAVED_SEARCH_TEXTS } from '#shared/saved-search-texts.js';
import { type SavedSearch } from '#shared/saved-searches.js';
import { refuse, stubApi } from '#web/test-support/fetch-stub.js';
import { TUTORING } from '#web/test-support/fixtures.js';
import { expectToast, renderWithApp } from '#web/test-support/render.js';
import { describeSearch } from '../describe.js';
import { SaveSearchButton } from './save-search-button.js';

const SAVE = 'POST /api/saved-searches';
const filters = { search: 'piano', categoryId: 'tutoring', near: '07042', radius: 25 };

const saved: SavedSearch = {
  id: 4,
  name: '“piano” in Tutoring within 25 mi of 07042',
  search: 'piano',
  categoryId: TUTORING.id,
  listingType: null,
  near: '07042',
  radius: 25,
  includeVirtual: true,
  frequency: 'instant',
  newCount: 0,
  createdAt: '2026-11-27T10:00:00.000Z',
  lastOpenedAt: '2026-11-27T10:00:00.000Z',
};

describe("'Save this search'", () => {
  it('says the search in words, and saves the filters with the chosen frequency and no name unless one is typed', async () => {
    const api = stubApi({ [SAVE]: { status: 201, body: saved } });
    const summary = describeSearch(filters, [TUTORING]);
    expect(summary).toBe('“piano” · Tutoring · Offers and requests · Within 25 mi of 07042, online too');
    const { user } = renderWithApp(<SaveSearchButton signedIn filters={filters} summary={summary} defaultName={saved.name} />);

    await user.click(screen.getByRole('button', { name: SAVED_SEARCH_TEXTS.save }));
    // The dialog's code loads when the button is first pressed (decision 068): the first import takes its time here.
    const dialog = await screen.findByRole('dialog', { name: SAVED_SEARCH_TEXTS.saveTitle }, { timeout: 5_000 });
    expect(within(dialog).getByText(summary)).toBeDefined();
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Name (optional)' }).placeholder).toBe(saved.name);
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: 'Email me once a day' }).checked).toBe(true);
    await user.click(within(dialog).getByRole('radio', { name: 'Email me right away' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));

    await expectToast(SAVED_SEARCH_TEXTS.saved);
    expect(api.bodies(SAVE)).toEqual([{ ...filters, frequency: 'instant' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    stubApi({ [SAVE]: refuse(409, SAVED_SEARCH_TEXTS.tooMany, { code: 'saved_search_limit' }) });
    const { user } = renderWithApp(<SaveSearchButton signedIn filters={{}} summary="All categories" defaultName="All listings" />);

    await user.click(screen.getByRole('button', { name: SAVED_SEARCH_TEXTS.save }));
    const dialog = await screen.findByRole('dialog', { name: SAVED_SEARCH_TEXTS.saveTitle });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name (optional)' }), '  Everything  ');
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(SAVED_SEARCH_TEXTS.tooMany);
    expect(screen.getByRole('dialog')).toBeDefined();
  });

  it('leads a signed-out visitor to sign in', () => {
    renderWithApp(<SaveSearchButton signedIn={false} filters={{}} summary="All categories" defaultName="All listings" />);
    expect(screen.getByRole('link', { name: SAVED_SEARCH_TEXTS.save }).getAttribute('href')).toMatch(/^\/api\/login/);
  });
});
