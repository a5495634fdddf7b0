import { format, parseISO } from 'date-fns';
import type { AdminService } from '#shared/admin.js';
import { formatMoney } from '#web/components/listing/format.js';

/** The date formats of the specification (§9). */
export const day = (iso: string) => format(new Date(iso), 'MMM d, yyyy');
export const dayAndTime = (iso: string) => format(new Date(iso), "MMM d, yyyy 'at' h:mm a");
/** A calendar date ('YYYY-MM-DD', e.g. an Overview week's Monday) read as that day wherever the browser is. */
export const calendarDay = (date: string) => format(parseISO(date), 'MMM d, yyyy');
export const shortCalendarDay = (date: string) => format(parseISO(date), 'MMM d');
/** Counts as the dashboard prints them: '1,234'. */
export const count = (n: number) => n.toLocaleString('en-US');

type Priced = Pick<AdminService, 'rate' | 'rateType' | 'pricesVary' | 'listingType'>;

function noRate(service: Priced): string {
  if (service.pricesVary) return 'Prices Vary';
  return service.listingType === 'request' ? 'Budget: Negotiable' : 'No rate';
}

/** Services tab (the specification, §2): '$rate/rateType', e.g. '$25/hourly'. */
export const rateWithType = (service: Priced) => (service.rate === null ? noRate(service) : `${formatMoney(service.rate)}/${service.rateType}`);

/** Reports tab (the specification, §2): '$rate/hr' or '$rate/fixed'. */
export const reportPrice = (service: Priced) =>
  service.rate === null ? noRate(service) : `${formatMoney(service.rate)}/${service.rateType === 'hourly' ? 'hr' : 'fixed'}`;

export const personName = (person: { username: string | null; email: string | null } | null) => person?.username || person?.email || 'Unknown';
