/** Saved searches and their alerts (decision 053): one definition for the API, the browse page and the saved searches page. */
import { z } from 'zod';
import { text } from './input.js';
import { browseQuerySchema, LISTING_TYPES, NEAR_TEXTS, RADIUS_DEFAULT_MILES, RADIUS_MAX_MILES, RADIUS_MIN_MILES } from './services.js';
import { SAVED_SEARCH_NAME_MAX, ALERT_FREQUENCIES, SAVED_SEARCH_TEXTS } from './saved-search-texts.js';
export * from './saved-search-texts.js';

const frequencySchema = z.enum(ALERT_FREQUENCIES, { error: SAVED_SEARCH_TEXTS.frequency });
const nameSchema = text().trim().min(1, SAVED_SEARCH_TEXTS.nameRequired).max(SAVED_SEARCH_NAME_MAX, SAVED_SEARCH_TEXTS.nameTooLong);
const radiusSchema = z
  .number({ error: NEAR_TEXTS.radiusRange })
  .int(NEAR_TEXTS.radiusRange)
  .min(RADIUS_MIN_MILES, NEAR_TEXTS.radiusRange)
  .max(RADIUS_MAX_MILES, NEAR_TEXTS.radiusRange);
const browseFields = browseQuerySchema.shape;

/** POST /api/saved-searches: the browse page's filters as it has them, and how often to be told. */
export const createSavedSearchSchema = z
  .object({
    name: nameSchema.optional(),
    search: browseFields.search,
    /** A category id (a number, or its digits) or slug, as browse takes it. */
    categoryId: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), browseFields.categoryId),
    listingType: z.enum(LISTING_TYPES).nullish().transform((v) => v ?? undefined),
    near: browseFields.near,
    radius: radiusSchema.optional(),
    includeVirtual: z.boolean().optional(),
    frequency: frequencySchema,
  })
  .strict()
  .transform((input) => ({ ...input, radius: input.near === undefined ? undefined : (input.radius ?? RADIUS_DEFAULT_MILES) }));
export type CreateSavedSearchInput = z.input<typeof createSavedSearchSchema>;
export type CreateSavedSearch = z.output<typeof createSavedSearchSchema>;

/** PATCH /api/saved-searches/{id}: a new name, a new frequency, or both. */
export const updateSavedSearchSchema = z
  .object({ name: nameSchema.optional(), frequency: frequencySchema.optional() })
  .strict()
  .refine((u) => u.name !== undefined || u.frequency !== undefined, { message: SAVED_SEARCH_TEXTS.nothingToChange });
export type UpdateSavedSearch = z.infer<typeof updateSavedSearchSchema>;

export const savedSearchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  search: z.string().nullable(),
  categoryId: z.number().int().nullable(),
  listingType: z.enum(LISTING_TYPES).nullable(),
  near: z.string().nullable(),
  radius: z.number().int().nullable(),
  includeVirtual: z.boolean(),
  frequency: frequencySchema,
  /** Matching listings that became visible since the member last opened it, counted up to NEW_COUNT_MAX + 1. */
  newCount: z.number().int(),
  createdAt: z.string(),
  lastOpenedAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const savedSearchListSchema = z.object({ savedSearches: z.array(savedSearchSchema) });
export type SavedSearchList = z.infer<typeof savedSearchListSchema>;

/** POST /api/saved-searches/unsubscribe: the token of an alert email's link; the one-click POST of RFC 8058 sends it in the address. */
export const unsubscribeBodySchema = z.object({ token: text().min(1).max(200).optional() }).nullish();
export const unsubscribeQuerySchema = z.object({ token: text().min(1).max(200).optional() });
