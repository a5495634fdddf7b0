import { z } from 'zod';
export * from './listing-active-texts.js';

/**
 * PATCH /api/services/{id}/active (decision 070): the owner pauses (`false`) or resumes (`true`) a listing without
 * sending the whole of it again. Nothing else may come with it.
 */
export const listingActiveBodySchema = z.strictObject({ isActive: z.boolean() });
export type ListingActiveBody = z.infer<typeof listingActiveBodySchema>;
