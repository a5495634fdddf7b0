import { z } from 'zod';
import { apiErrorSchema } from './errors.js';
import { UNAVAILABLE_REASONS } from './unavailable-texts.js';
export * from './unavailable-texts.js';

/**
 * GET /api/services/{id}'s 404 (decision 069): the API's error shape, and for a listing that exists but may not be
 * seen, why and its category. Only what a stranger may know: no title, no owner, nothing of a listing without an id.
 */
export const unavailableListingSchema = z.object({
  reason: z.enum(UNAVAILABLE_REASONS).describe("deleted: its owner deleted it; expired; hidden: paused, its owner suspended, or its owner blocked by the reader (not told apart)"),
  category: z.object({ id: z.number().int(), name: z.string(), slug: z.string(), color: z.string() }).describe("The listing's category: 'Browse similar listings' opens /services?category={slug}"),
});

export const listingRefusalSchema = apiErrorSchema
  .extend({
    unavailable: unavailableListingSchema.optional().describe('Present when the listing exists but the reader may not see it; absent for an unknown id'),
  })
  .describe('There is no such listing, or the person asking may not see it (`not_found`); then `unavailable` says why, and its category.');
