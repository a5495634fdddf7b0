import { savedSearchQuery } from '#shared/saved-searches.js';
import { type Email, layoutEmail } from '../mail/index.js';
import type { AlertListing, DueAlert } from './repository.js';

/** Where a listing is, on one line: 'Offer · Tutoring · Montclair, NJ'. */
function detailOf(listing: AlertListing): string {
  const place = listing.isVirtual ? 'Virtual Service' : [listing.city, listing.state].filter(Boolean).join(', ');
  return [listing.listingType === 'offer' ? 'Offer' : 'Request', listing.category, place].filter(Boolean).join(' · ');
}

/**
 * An alert: the new listings that match a saved search, each linking to its page, the search itself to open in
 * browse, and two ways out: the saved searches page, and the one-click stop of this search's emails (RFC 8058's
 * List-Unsubscribe and List-Unsubscribe-Post headers, and a link to the page that does the same).
 */
export function alertEmail(input: {
  to: string;
  alert: Pick<DueAlert, 'name' | 'search' | 'categoryId' | 'listingType' | 'nearZip' | 'radiusMiles' | 'includeVirtual'>;
  listings: AlertListing[];
  /** How many listings are new in all; `listings` names the first of them. */
  total: number;
  publicUrl: string;
  unsubscribeToken: string;
  digest: boolean;
}): Email {
  const { alert, listings, total, publicUrl } = input;
  const name = alert.name;
  const query = savedSearchQuery({
    search: alert.search,
    categoryId: alert.categoryId,
    listingType: alert.listingType,
    near: alert.nearZip,
    radius: alert.radiusMiles,
    includeVirtual: alert.includeVirtual,
  }).toString();
  const token = encodeURIComponent(input.unsubscribeToken);
  const count = total === 1 ? 'A new listing matches' : `${total} new listings match`;
  const subject = input.digest ? `Today's new listings for your saved search "${name}"` : total === 1 ? `New listing for your saved search "${name}"` : `${total} new listings for your saved search "${name}"`;
  const more = total > listings.length ? ` Here are the first ${listings.length}.` : '';
  const email = layoutEmail(input.digest ? 'saved-search-digest' : 'saved-search-alert', input.to, subject, {
    intro: `${count} your saved search "${name}".${more}`,
    items: listings.map((listing) => ({ text: listing.title, href: `${publicUrl}/services/${listing.id}`, detail: detailOf(listing) })),
    link: { href: `${publicUrl}/services${query ? `?${query}` : ''}`, label: 'See all matches' },
    footer: [
      `You receive this email because you saved the search "${name}" with email alerts. `,
      { text: 'Manage your saved searches', href: `${publicUrl}/saved-searches` },
      ' or ',
      { text: 'stop these emails', href: `${publicUrl}/saved-searches/unsubscribe?token=${token}` },
      '.',
    ],
  });
  return {
    ...email,
    headers: {
      'List-Unsubscribe': `<${publicUrl}/api/saved-searches/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
