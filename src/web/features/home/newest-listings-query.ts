import { useInfiniteQuery } from '@tanstack/react-query';
import type { BrowseQuery, BrowseResult } from '#shared/services.js';
import { serviceKeys } from '#web/core/cache/index.js';
import { api } from '#web/lib/api.js';
import { browseQuery } from '../services/index.js';

/** How many listings Home shows (decision 072): two rows of three from 1024 px, a short swipe on a phone. */
export const HOME_LISTINGS = 6;

/**
 * Home's newest listings near a ZIP code, or anywhere (null). Among the browse lists, so a like or a deletion patches
 * them and a change to any listing marks them stale as it does browse's; apart from browse's own first page of the
 * same place, which holds more listings.
 */
export const newestListingsKey = (near: string | null) => [...serviceKeys.lists(), 'home', near ?? 'anywhere'] as const;

/** What GET /api/services is asked, by the browser and by the server render alike: the browse page's query, shorter. */
export function newestListingsQuery(near: string | null): BrowseQuery & Record<string, string> {
  return Object.assign(browseQuery(near ? { near } : {}, null), { limit: String(HOME_LISTINGS) });
}

/**
 * One page of browse's answer, kept in browse's shape (an infinite query that never asks for a second page) so the
 * listing caches' patches reach it. `enabled: false` leaves it unasked (and reads what a server render put there).
 */
export function useNewestListings(near: string | null, options: { enabled: boolean; keepShown?: boolean }) {
  return useInfiniteQuery({
    queryKey: newestListingsKey(near),
    queryFn: ({ signal }) => api.get<BrowseResult>(`/api/services?${new URLSearchParams(newestListingsQuery(near))}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: () => undefined,
    enabled: options.enabled,
    // While a place the browser remembered is asked about, the listings already painted stay (no empty flash).
    placeholderData: options.keepShown ? (previous) => previous : undefined,
  });
}
