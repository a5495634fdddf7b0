/** Saved searches' limits, texts and addresses (decision 053), without their schemas: what the browse page shows needs no zod (decision 068). */
import type { SavedSearch } from './saved-searches.js';
import { NEAR_ANYWHERE, RADIUS_DEFAULT_MILES } from './service-texts.js';

/** The most saved searches a member may keep (decision 053). */
export const SAVED_SEARCHES_MAX = 10;

/** Saved searches created, changed or deleted in an hour, per member (every write has a rate limit). */
export const SAVED_SEARCH_CHANGES_PER_HOUR = 60;

export const SAVED_SEARCH_NAME_MAX = 80;

/** `newCount` is counted up to this: the page says '99+' beyond it. */
export const NEW_COUNT_MAX = 99;

/**
 * `instant`: an email soon after a match, several matches batched, at most one per saved search per 10 minutes;
 * `daily`: one digest a day at DIGEST_HOUR; `off`: no email (new matches are still counted). An unsubscribe link sets `off`.
 */
export const ALERT_FREQUENCIES = ['instant', 'daily', 'off'] as const;

export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** At most one instant email per saved search in this many minutes (decision 053). */
export const INSTANT_ALERT_GAP_MINUTES = 10;

/** The most listings one alert email names; the rest are counted. */
export const ALERT_EMAIL_LISTINGS_MAX = 20;

export const SAVED_SEARCH_TEXTS = {
  notFound: 'Saved search not found',
  tooMany: `You can save up to ${SAVED_SEARCHES_MAX} searches. Delete one to save another.`,
  tooManyChanges: 'Too many changes to your saved searches. Please try again later.',
  nameTooLong: `Name must be at most ${SAVED_SEARCH_NAME_MAX} characters`,
  nameRequired: 'Name is required',
  frequency: "Choose 'instant', 'daily' or 'off'",
  nothingToChange: 'Nothing to change',
  invalidUnsubscribe: 'This unsubscribe link is not valid.',
  // The browser's words.
  save: 'Save this search',
  saveTitle: 'Save this search',
  saveHelp: 'We will email you when a new listing matches it.',
  saved: 'Search saved',
  pageTitle: 'Saved searches',
  pageEmpty: "You haven't saved a search yet. Browse the listings and choose 'Save this search'.",
  open: 'Open',
  delete: 'Delete',
  deleted: 'Saved search deleted',
  changed: 'Saved search updated',
  unsubscribeTitle: 'Stop these emails',
  unsubscribeBody: 'You will no longer receive emails about new listings for this saved search. It stays on your saved searches page.',
  unsubscribeAction: 'Stop emails',
  unsubscribed: 'Done. You will no longer receive these emails.',
  failure: 'Something went wrong. Please try again.',
} as const;

export const FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  instant: 'Email me right away',
  daily: 'Email me once a day',
  off: 'No emails',
};

/** The browse page's address for a saved search: its filters in the query string, as browse reads them. */
export function savedSearchQuery(s: Pick<SavedSearch, 'search' | 'categoryId' | 'listingType' | 'near' | 'radius' | 'includeVirtual'>): URLSearchParams {
  const params = new URLSearchParams();
  if (s.search) params.set('search', s.search);
  if (s.categoryId !== null) params.set('category', String(s.categoryId));
  if (s.listingType) params.set('type', s.listingType);
  if (s.near) {
    params.set('near', s.near);
    if (s.radius !== null) params.set('radius', String(s.radius));
    if (!s.includeVirtual) params.set('includeVirtual', 'false');
  } else {
    // A search anywhere stays anywhere for a member whose browse would start near their home ZIP.
    params.set('near', NEAR_ANYWHERE);
  }
  return params;
}

/**
 * What a saved search is called when the member gives it no name, from its filters: '“piano” in Tutoring within
 * 10 mi of 07042, requests only'. The server names it so; the Save dialog shows the same as the name's placeholder.
 */
export function defaultSavedSearchName(s: { search: string | null; category: string | null; listingType: 'offer' | 'request' | null; near: string | null; radius: number | null }): string {
  const subject = s.search ? `“${s.search}”${s.category ? ` in ${s.category}` : ''}` : (s.category ?? 'All listings');
  const place = s.near ? ` within ${s.radius ?? RADIUS_DEFAULT_MILES} mi of ${s.near}` : '';
  const kind = s.listingType ? `, ${s.listingType === 'offer' ? 'offers' : 'requests'} only` : '';
  const chars = Array.from(`${subject}${place}${kind}`);
  return chars.length <= SAVED_SEARCH_NAME_MAX ? chars.join('') : `${chars.slice(0, SAVED_SEARCH_NAME_MAX - 1).join('').trimEnd()}…`;
}
