import { z } from 'zod';
import { text } from './input.js';
import { EXPIRY_TEXTS } from './listing-expiry-texts.js';
export * from './listing-expiry-texts.js';

/**
 * Listings expire (decision 051): one definition of the renewal link's input and answer, and the words the
 * API and the pages share.
 */

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
