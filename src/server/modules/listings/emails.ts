import { type Email, layoutEmail } from '../mail/index.js';

/** 'Mar 5, 2027', as the site writes a day (src/web/lib/dates.ts), in UTC: the server does not know the owner's zone. */
const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
export const emailDay = (date: Date) => DAY.format(date);

/**
 * A week before a listing expires (decision 051): the renew link opens a page that renews with a POST, so a
 * mail scanner following the link renews nothing; the token in it is scrubbed from the outbox once sent.
 */
export function expiryReminderEmail(input: { to: string; serviceId: number; title: string; expiresAt: Date; renewUrl: string; ttlDays: number; publicUrl: string }): Email {
  const base = input.publicUrl.replace(/\/+$/, '');
  const day = emailDay(input.expiresAt);
  return layoutEmail('listing-expiry-reminder', input.to, `Your listing "${input.title}" expires on ${day}`, {
    intro: [
      'Your listing "',
      { text: input.title, href: `${base}/services/${input.serviceId}` },
      `" expires on ${day}. Renew it with the button below to keep it up for another ${input.ttlDays} days.`,
    ],
    link: { href: input.renewUrl, label: 'Renew listing' },
    footer: [
      'If you do nothing, the listing is hidden from that day on; nothing is deleted, and you can renew it from ',
      { text: 'My Services', href: `${base}/my-services` },
      ' whenever you like. The button works once. You receive this email because you posted this listing.',
    ],
  });
}
