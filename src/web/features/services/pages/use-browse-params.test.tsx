import { describe, expect, it } from 'vitest';
import { readBrowseParams, toServiceFilters } from './use-browse-params.js';

const filtersOf = (query: string) => toServiceFilters(readBrowseParams(new URLSearchParams(query)));

describe('the browse address (issue 19: filters live in the URL, so a search can be shared)', () => {
  it('reads a search around a ZIP code with its radius, order and virtual services', () => {
    expect(filtersOf('near=07042&radius=25&sort=distance&includeVirtual=false&search=piano')).toEqual({
      search: 'piano',
      near: '07042',
      radius: '25',
      sort: 'distance',
      includeVirtual: 'false',
    });
  });

  it('drops what means nothing without a ZIP, and what no control offers', () => {
    expect(filtersOf('radius=25&sort=distance&includeVirtual=false')).toEqual({});
    expect(filtersOf('near=7042&radius=25')).toEqual({});
    expect(filtersOf('near=07042&radius=30&sort=relevance&includeVirtual=no')).toEqual({ near: '07042' });
  });

  it("keeps 'No replies yet' with or without a place", () => {
    expect(filtersOf('type=request&unanswered=true')).toEqual({ listingType: 'request', unanswered: 'true' });
    expect(filtersOf('unanswered=yes')).toEqual({});
  });
});
