import { format } from 'date-fns';
import type { DayCode, Service } from '../../../../shared/services.js';

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

/** Spec section 3: availability may arrive as a JSON string; unknown codes are dropped, the week order kept. */
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

const DATE_FORMAT = 'MMM d, yyyy';

/** Spec "Service card", date line: deleted, else updated (when later than created), else posted. */
export function dateLine(service: Pick<Service, 'createdAt' | 'updatedAt' | 'deletedAt'>): string {
  if (service.deletedAt) return `Deleted on ${format(new Date(service.deletedAt), DATE_FORMAT)}`;
  const created = new Date(service.createdAt);
  const updated = new Date(service.updatedAt);
  if (updated.getTime() > created.getTime()) return `Updated on ${format(updated, DATE_FORMAT)}`;
  return `Posted on ${format(created, DATE_FORMAT)}`;
}

export function locationLabel(service: Pick<Service, 'isVirtual' | 'city' | 'state'>): string {
  if (service.isVirtual) return 'Virtual Service';
  return [service.city, service.state].filter(Boolean).join(', ');
}

const STORED_IMAGE = /^\/api\/images\/[^/?#]+$/;

/** Cards show the smaller variant of an uploaded image; older inline data URLs have none. */
export function cardImageUrl(src: string): string {
  return STORED_IMAGE.test(src) ? `${src}/card` : src;
}
