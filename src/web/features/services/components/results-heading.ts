import { RADIUS_DEFAULT_MILES } from '#shared/service-texts.js';
import type { BrowseParams } from '../pages/use-browse-params.js';

/**
 * How many listings a search found, as far as the browser knows (decision 067): the API answers pages without a
 * total, so `count` is the listings of the pages loaded and `more` says another page follows. The heading then says
 * '24+ listings', and the exact number once the last page is in.
 */
export interface Found {
  count: number;
  more: boolean;
}

/** What the results heading needs besides the address: the chosen category's name, the searched ZIP's place. */
export interface SearchNames {
  category?: string;
  /** 'Montclair, NJ' once the ZIP is known, else null (the heading says 'ZIP 07042'). */
  place?: string | null;
}

type Searched = Pick<BrowseParams, 'search' | 'type' | 'near' | 'radius' | 'unanswered'>;

/** 'listings', 'offer', 'requests with no replies yet': what was looked for, in the number `count` asks for. */
function what(count: number | null, { type, unanswered }: Pick<Searched, 'type' | 'unanswered'>): string {
  const one = count === 1;
  const noun = type === 'offer' ? (one ? 'offer' : 'offers') : type === 'request' ? (one ? 'request' : 'requests') : one ? 'listing' : 'listings';
  return noun + (unanswered === 'true' && type === 'request' ? ' with no replies yet' : '');
}

/** '24+ listings', '1 request with no replies yet', 'Offers' while nothing is counted yet. */
export function countPhrase(found: Found | null, searched: Pick<Searched, 'type' | 'unanswered'>): string {
  const words = what(found?.count ?? null, searched);
  if (!found) return words.charAt(0).toUpperCase() + words.slice(1);
  return `${found.count}${found.more ? '+' : ''} ${words}`;
}

/** ' within 10 mi of Montclair, NJ', or of 'ZIP 07042' until its place is known. */
export function placePhrase({ near, radius }: Pick<Searched, 'near' | 'radius'>, place: string | null | undefined): string {
  return near ? ` within ${radius || RADIUS_DEFAULT_MILES} mi of ${place ?? `ZIP ${near}`}` : '';
}

/**
 * The results heading says what was searched (decision 067): '12 listings within 10 mi of Montclair, NJ',
 * '3 offers for "piano" in Tutoring', and 'No results for "piano"' when a search finds nothing (the empty state's
 * 'No services found' and its hint stay below it).
 */
export function resultsHeading(found: Found | null, searched: Searched, names: SearchNames = {}): string {
  const qualifiers = `${names.category ? ` in ${names.category}` : ''}${placePhrase(searched, names.place)}`;
  if (found && found.count === 0) {
    if (searched.search) return `No results for "${searched.search}"${qualifiers}`;
    return `No ${what(0, searched)}${qualifiers}`;
  }
  return `${countPhrase(found, searched)}${searched.search ? ` for "${searched.search}"` : ''}${qualifiers}`;
}
