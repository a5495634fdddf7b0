import { formatDay } from '#web/lib/dates.js';
import type { DayCode } from '#shared/service-texts.js';
import type { Service } from '#shared/services.js';

export const DAY_LABELS: Record<DayCode, string> = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
};

const DAY_ORDER = Object.keys(DAY_LABELS) as DayCode[];

/** The specification (§3): availability may arrive as a JSON string; unknown codes are dropped, the week order kept. */
export function availabilityDays(availability: unknown): DayCode[] {
  let days: unknown = availability;
  if (typeof days === 'string') {
    try {
      days = JSON.parse(days);
    } catch {
      return [];
    }
  }
  return Array.isArray(days) ? DAY_ORDER.filter((day) => days.includes(day)) : [];
}

export function formatMoney(amount: number): string {
  return `$${Number.isInteger(amount) ? amount : amount.toFixed(2)}`;
}

/** Spec "Service card", price display. */
export function priceLabel(service: Pick<Service, 'pricesVary' | 'rate' | 'rateType' | 'listingType'>): string | null {
  if (service.pricesVary) return 'Prices Vary';
  if (service.rate !== null) return `${formatMoney(service.rate)}${service.rateType === 'hourly' ? '/hr' : ''}`;
  return service.listingType === 'request' ? 'Budget: Negotiable' : null;
}

/**
 * Spec "Service card", date line: deleted, else updated (when later than created), else posted. Rendered pages pass
 * `useTimeZone()`, so the server and the hydrating browser write the same day.
 */
export function dateLine(service: Pick<Service, 'createdAt' | 'updatedAt' | 'deletedAt'>, timeZone?: string): string {
  if (service.deletedAt) return `Deleted on ${formatDay(service.deletedAt, timeZone)}`;
  const created = new Date(service.createdAt);
  const updated = new Date(service.updatedAt);
  if (updated.getTime() > created.getTime()) return `Updated on ${formatDay(updated, timeZone)}`;
  return `Posted on ${formatDay(created, timeZone)}`;
}

export function locationLabel(service: Pick<Service, 'isVirtual' | 'city' | 'state'>): string {
  if (service.isVirtual) return 'Virtual Service';
  return [service.city, service.state].filter(Boolean).join(', ');
}

/** Whether a listing lies in the ZIP code searched around (its first five digits; a virtual listing lies nowhere). */
export function inZip(listing: Pick<Service, 'zipCode' | 'isVirtual'>, zip: string | null | undefined): boolean {
  return Boolean(zip) && !listing.isVirtual && listing.zipCode?.slice(0, 5) === zip;
}

const IN_YOUR_ZIP = 'In your ZIP';

/**
 * How far a listing is from `near`, the ZIP code searched around (decisions 050, 067). Distances join ZIP centres, so
 * a listing in that very ZIP is 0.0 miles away wherever it is in it: it reads 'In your ZIP'; anything else closer
 * than a mile reads 'Under 1 mi' (two ZIPs' centres can be that close); the rest '≈ 3.2 mi away', never more exact.
 */
export function distanceLabel(miles: number, listing?: Pick<Service, 'zipCode' | 'isVirtual'>, near?: string | null): string {
  if (listing && inZip(listing, near)) return IN_YOUR_ZIP;
  if (miles < 1) return 'Under 1 mi';
  return `≈ ${miles.toFixed(1)} mi away`;
}

const STORED_IMAGE = /^\/api\/images\/[^/?#]+$/;

/** Cards show the smaller variant of an uploaded image; older inline data URLs have none. */
export function cardImageUrl(src: string): string {
  return STORED_IMAGE.test(src) ? `${src}/card` : src;
}

/** The widths of an uploaded photo's variants (src/server/modules/images/pipeline.ts): 640 × 480, and at most 1600. */
const CARD_WIDTH = 640;
const FULL_MAX_WIDTH = 1600;

/**
 * Both variants of an uploaded photo for `srcset`, so a browser picks by the width it draws and the screen's density
 * (a phone's card takes the small one, a dense screen or the listing page the full one); none for a data URL.
 */
export function imageSrcSet(src: string): string | undefined {
  return STORED_IMAGE.test(src) ? `${src}/card ${CARD_WIDTH}w, ${src} ${FULL_MAX_WIDTH}w` : undefined;
}
