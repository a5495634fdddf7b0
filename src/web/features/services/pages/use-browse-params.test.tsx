import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderHookWithApp } from '#web/test-support/render.js';
import { NEAR_ANYWHERE, readBrowseParams, toServiceFilters, useBrowseParams } from './use-browse-params.js';

const filtersOf = (query: string) => toServiceFilters(readBrowseParams(new URLSearchParams(query)));

describe('the browse address (filters live in the URL, so a search can be shared)', () => {
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

describe("a member's home ZIP code (browse starts near it, with 'Anywhere' one click away)", () => {
  const readWithHome = (query: string) => toServiceFilters(readBrowseParams(new URLSearchParams(query), '07042'));

  it('is where an address without a place starts, with the rest of its filters', () => {
    expect(readWithHome('')).toEqual({ near: '07042' });
    expect(readWithHome('category=pet&radius=25&sort=distance')).toEqual({ categoryId: 'pet', near: '07042', radius: '25', sort: 'distance' });
  });

  it('gives way to a place the address names, and to Anywhere', () => {
    expect(readWithHome('near=10001')).toEqual({ near: '10001' });
    expect(readWithHome(`near=${NEAR_ANYWHERE}&radius=25&sort=distance`)).toEqual({});
    // Without a home ZIP, 'anywhere' is simply no place.
    expect(filtersOf(`near=${NEAR_ANYWHERE}&search=piano`)).toEqual({ search: 'piano' });
  });

  it('goes into the address after the first render, so the page can be shared as it shows', async () => {
    const { result, history } = renderHookWithApp(() => useBrowseParams('07042'), { path: '/services?category=pet' });
    expect(result.current.params.near).toBe('07042');
    await waitFor(() => expect(history.at(-1)).toBe('/services?category=pet&near=07042'));
    // Replaced, not pushed: Back leaves browse rather than undoing a step nobody took.
    expect(history).toHaveLength(1);
  });

  it("sticks to Anywhere once it is chosen, whatever takes the place away", async () => {
    const { result, history } = renderHookWithApp(() => useBrowseParams('07042'), { path: '/services?near=07042&radius=25' });
    act(() => result.current.update({ near: '', radius: '', sort: '', includeVirtual: '' }));
    await waitFor(() => expect(history.at(-1)).toBe(`/services?near=${NEAR_ANYWHERE}`));
    expect(toServiceFilters(result.current.params)).toEqual({});
    // Nothing puts the home ZIP back.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(history.at(-1)).toBe(`/services?near=${NEAR_ANYWHERE}`);
    expect(result.current.params.near).toBe('');
  });

  it('leaves the address alone for a visitor or a member without one', async () => {
    const { result, history } = renderHookWithApp(() => useBrowseParams(null), { path: '/services?near=07042' });
    expect(history).toEqual(['/services?near=07042']);
    act(() => result.current.update({ near: '' }));
    await waitFor(() => expect(history.at(-1)).toBe('/services'));
    expect(result.current.params.near).toBe('');
  });
});
