import { z } from 'zod';
import { text } from './input.js';

/**
 * Listings expire (decision 051): one definition of the renewal link's input and answer, and the words the
 * API and the pages share.
 */

/** How many days before a listing expires its owner is emailed, and 'Expires on …' shows in My Services. */
export const EXPIRY_REMINDER_DAYS = 7;

export const EXPIRY_TEXTS = {
  expired: 'Expired',
  renew: 'Renew',
  renewListing: 'Renew listing',
  renewed: 'Listing renewed',
  renewFailed: 'Failed to renew the listing. Please try again.',
  deletedRenew: 'This service has been deleted. Restore it before renewing.',
  invalidLink:
    'This renewal link no longer works: it has been used, or the listing was renewed or edited since. Sign in and renew it from My Services if it still needs renewing.',
  missingLink: 'This renewal link is incomplete. Open the link from the email again, or sign in and renew the listing from My Services.',
  renewTitle: 'Renew your listing',
  tooManyTries: 'Too many tries with renewal links. Please try again later.',
  expiresOn: (day: string) => `Expires on ${day}`,
  expiredOn: (day: string) => `Expired on ${day}`,
} as const;

/** The emailed link's token (src/server/lib/signed-links.ts writes 43 base64url characters). */
const renewalToken = text({ error: EXPIRY_TEXTS.invalidLink }).min(1, EXPIRY_TEXTS.invalidLink).max(200, EXPIRY_TEXTS.invalidLink);

/** GET /api/services/{id}/renewal?token=…: what the link would renew, without renewing it. */
export const renewalQuerySchema = z.object({ token: renewalToken });

/** POST /api/services/{id}/renewal: renews through the emailed link, without signing in. */
export const renewalBodySchema = z.object({ token: renewalToken });

/** The listing an emailed renewal link is about, as its landing page shows it. */
export const listingRenewalSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** When it expires (or expired) unless renewed; null when expiry is off. */
  expiresAt: z.string().nullable(),
  expired: z.boolean(),
});
export type ListingRenewal = z.infer<typeof listingRenewalSchema>;

/** Expired, or expiring within the reminder's week: what My Services and the owner's page offer 'Renew' for. */
export function renewalDue(service: { expiresAt: string | null; expired: boolean; deletedAt: string | null }, now: Date = new Date()): boolean {
  if (service.deletedAt !== null) return false;
  if (service.expired) return true;
  return service.expiresAt !== null && new Date(service.expiresAt).getTime() - now.getTime() <= EXPIRY_REMINDER_DAYS * 24 * 60 * 60 * 1000;
}
