import { z } from 'zod';
import { serialId, text } from './input.js';
import { LISTING_TYPES, RATE_TYPES, DAY_CODES, TITLE_MIN, TITLE_MAX, DESCRIPTION_MIN, DESCRIPTION_MAX, MAX_IMAGES, MAX_IMAGE_REF_LENGTH, RATE_MAX, ZIP_PATTERN, ZIP_MAX_LENGTH, CONTACT_METHOD, CONTACT_VALUE, BROWSE_PAGE_SIZE, BROWSE_PAGE_MAX, IMAGE_TEXTS, PRICES_VARY_MESSAGE, LOCATION_MESSAGE, RADIUS_MIN_MILES, RADIUS_MAX_MILES, BROWSE_SORTS, NEAR_TEXTS, type ListingType } from './service-texts.js';
export * from './service-texts.js';

/** Form inputs arrive as '' or NaN when left empty; the API may send null. All mean "not given". */
const blank = (v: unknown) => (v === '' || v === null || (typeof v === 'number' && Number.isNaN(v)) ? undefined : v);
const optionalText = (max: number, message: string) => z.preprocess(blank, text().trim().max(max, message).optional());

const requiredId = (message: string) => z.preprocess(blank, serialId(message));
const rate = (message: string) =>
  z.preprocess(blank, z.coerce.number({ error: message }).positive(message).max(RATE_MAX, `Rate must be at most ${RATE_MAX}`).optional());

/** Availability may arrive as a JSON string (the specification, §3). */
const availability = (message: string) =>
  z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v);
      } catch {
        return v;
      }
    },
    z.array(z.enum(DAY_CODES, { error: message }), { error: message }).min(1, message).transform((days) => DAY_CODES.filter((d) => days.includes(d))),
  );

const images = z
  .array(text().min(1))
  .max(MAX_IMAGES, IMAGE_TEXTS.tooMany)
  .superRefine((refs, ctx) => {
    refs.forEach((ref, i) => {
      if (ref.length > MAX_IMAGE_REF_LENGTH) ctx.addIssue({ code: 'custom', path: [i], message: IMAGE_TEXTS.tooLarge(`Image ${i + 1}`) });
    });
  })
  .default([]);

const location = {
  isVirtual: z.boolean().default(false),
  zipCode: optionalText(ZIP_MAX_LENGTH, 'Zip code must be no more than 10 characters long'),
  city: optionalText(100, 'City must be at most 100 characters'),
  state: optionalText(50, 'State must be at most 50 characters'),
};

type Issue = { path: string[]; message: string };

/**
 * Cross-field rules run even while a single field is invalid (zod skips them by default), so a form
 * shows every problem after one submit instead of revealing them one attempt at a time.
 */
const alongsideFieldErrors = { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null };
function locationIssue(v: { isVirtual: boolean; zipCode?: string; city?: string; state?: string }, needsPlace = true): Issue | undefined {
  if (v.isVirtual) return undefined;
  if (!v.zipCode || !ZIP_PATTERN.test(v.zipCode) || (needsPlace && (!v.city || !v.state))) return { path: ['zipCode'], message: LOCATION_MESSAGE };
  return undefined;
}

function listingSchema(listingType: ListingType) {
  const isOffer = listingType === 'offer';
  return z
    .object({
      listingType: z.literal(listingType),
      categoryId: requiredId('Please select a category'),
      serviceTypeId: requiredId('Please select a service'),
      title: text({ error: 'Title must be at least 5 characters' }).trim().min(TITLE_MIN, 'Title must be at least 5 characters').max(TITLE_MAX, 'Title must be less than 100 characters'),
      description: text({ error: 'Description must be at least 20 characters' })
        .trim()
        .min(DESCRIPTION_MIN, 'Description must be at least 20 characters')
        .max(DESCRIPTION_MAX, 'Description must be less than 500 characters'),
      images,
      rate: rate(isOffer ? 'Rate must be greater than 0' : 'Budget must be greater than 0'),
      // A request's rate type is optional and sent as hourly when empty (the specification, §5).
      rateType: z.preprocess(blank, z.enum(RATE_TYPES).default('hourly')),
      pricesVary: z.boolean().default(false),
      availability: availability('Select at least one day'),
      ...location,
      contactMethod: z.literal(CONTACT_METHOD).default(CONTACT_METHOD),
      contactValue: z.literal(CONTACT_VALUE).default(CONTACT_VALUE),
    })
    .superRefine((v, ctx) => {
      if (isOffer && !v.pricesVary && v.rate === undefined) ctx.addIssue({ code: 'custom', path: ['rate'], message: PRICES_VARY_MESSAGE });
      const issue = locationIssue(v);
      if (issue) ctx.addIssue({ code: 'custom', ...issue });
    }, alongsideFieldErrors);
}

export const offerServiceSchema = listingSchema('offer');
export const requestServiceSchema = listingSchema('request');
export const createServiceSchema = z.discriminatedUnion('listingType', [offerServiceSchema, requestServiceSchema]);
export type CreateServiceInput = z.input<typeof createServiceSchema>;
export type CreateService = z.output<typeof createServiceSchema>;

/**
 * The edit form's own messages (the specification, §5, "Edit form"); category and service type travel unchanged.
 * `placeFromZip`: the API's edit payload (the specification, §7) carries a ZIP without city and state; the server
 * reads them from the ZIP, so only the ZIP itself is required here.
 */
export function editServiceSchema(listingType: ListingType, { placeFromZip = false } = {}) {
  return z
    .object({
      categoryId: requiredId('Please select a category'),
      serviceTypeId: requiredId('Please select a service'),
      title: text().trim().min(TITLE_MIN, 'Title must be at least 5 characters long').max(TITLE_MAX, 'Title must be less than 100 characters'),
      description: text()
        .trim()
        .min(DESCRIPTION_MIN, 'Description must be at least 20 characters long')
        .max(DESCRIPTION_MAX, 'Description must be less than 500 characters'),
      images,
      rate: rate('Rate must be a positive number'),
      rateType: z.preprocess(blank, z.enum(RATE_TYPES).default('hourly')),
      pricesVary: z.boolean().default(false),
      availability: availability('Select at least one day of availability'),
      ...location,
      isActive: z.boolean().optional(),
    })
    .superRefine((v, ctx) => {
      if (listingType === 'offer' && !v.pricesVary && v.rate === undefined) ctx.addIssue({ code: 'custom', path: ['rate'], message: PRICES_VARY_MESSAGE });
      if (v.isVirtual) return;
      if (!v.zipCode || v.zipCode.length < 5) ctx.addIssue({ code: 'custom', path: ['zipCode'], message: 'Zip code must be at least 5 characters long' });
      else {
        const issue = locationIssue(v, !placeFromZip);
        if (issue) ctx.addIssue({ code: 'custom', ...issue });
      }
    }, alongsideFieldErrors);
}
/** What PUT /api/services/{id} accepts before the listing's own type is known: either rule set's shape. */
export const updateServiceBodySchema = editServiceSchema('request', { placeFromZip: true });
export type UpdateServiceInput = z.input<ReturnType<typeof editServiceSchema>>;
export type UpdateService = z.output<ReturnType<typeof editServiceSchema>>;

/**
 * A 5-digit US ZIP code as a place to measure from (decision 050): browse's `near`, a listing's distance, a member's home
 * ZIP. Whether the bundled dataset knows it is the server's check; both answer NEAR_TEXTS.invalidZip.
 */
export const usZipSchema = text({ error: NEAR_TEXTS.invalidZip }).trim().regex(/^\d{5}$/, NEAR_TEXTS.invalidZip);

/** `true` or `false` in a query string. */
const queryFlag = z.preprocess(blank, z.enum(['true', 'false'], { error: NEAR_TEXTS.trueOrFalse }).transform((v) => v === 'true').optional());

export const browseQuerySchema = z
  .object({
    search: z.preprocess(blank, text().trim().max(200, 'Search must be at most 200 characters').optional()),
    /** A category id or slug (the browse page reads ?category= as either). */
    categoryId: z.preprocess(blank, text().trim().max(50).optional()),
    listingType: z.preprocess((v) => (v === 'all-types' || v === 'all' ? undefined : blank(v)), z.enum(LISTING_TYPES).optional()),
    limit: z.coerce.number().int().min(1).max(BROWSE_PAGE_MAX).default(BROWSE_PAGE_SIZE),
    cursor: z.preprocess(blank, text().max(200).optional()),
    sort: z.enum(BROWSE_SORTS).optional(),
    /** Listings around this ZIP code's centre (decision 050): 5 digits. */
    near: z.preprocess(blank, usZipSchema.optional()),
    /** Miles around `near` (RADIUS_DEFAULT_MILES when `near` comes alone). */
    radius: z.preprocess(
      blank,
      z.coerce.number({ error: NEAR_TEXTS.radiusRange }).min(RADIUS_MIN_MILES, NEAR_TEXTS.radiusRange).max(RADIUS_MAX_MILES, NEAR_TEXTS.radiusRange).optional(),
    ),
    /** With `near`, virtual listings are included unless this is false. */
    includeVirtual: queryFlag,
    /** Requests nobody has written to yet (decision 050: 'No replies yet'). */
    unanswered: queryFlag,
  })
  .refine((q) => q.sort !== 'distance' || q.near !== undefined, { message: NEAR_TEXTS.distanceNeedsNear, path: ['near'] });
export type BrowseQuery = z.input<typeof browseQuerySchema>;
export type ParsedBrowseQuery = z.output<typeof browseQuerySchema>;

const serviceUserSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  email: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  /** When the person joined (ISO 8601): the listing page's 'Member since'. Beyond the fields of the specification (§3). */
  memberSince: z.string(),
  /** Whether their email address is confirmed: the check beside their name (decision 049). */
  emailVerified: z.boolean(),
});

/** The Service of the specification (§3). */
export const serviceSchema = z.object({
  id: z.number().int(),
  userId: z.string(),
  categoryId: z.number().int(),
  serviceTypeId: z.number().int(),
  title: z.string(),
  description: z.string(),
  listingType: z.enum(LISTING_TYPES),
  category: z.object({ id: z.number().int(), name: z.string(), slug: z.string(), color: z.string() }),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  isVirtual: z.boolean(),
  rate: z.number().nullable(),
  rateType: z.enum(RATE_TYPES),
  pricesVary: z.boolean(),
  images: z.array(z.string()),
  availability: z.array(z.enum(DAY_CODES)),
  contactMethod: z.literal(CONTACT_METHOD),
  contactValue: z.literal(CONTACT_VALUE),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
  /**
   * When the listing expires unless renewed (decision 051): creating, editing and renewing set it to now +
   * LISTING_TTL_DAYS; null when expiry is off.
   */
  expiresAt: z.string().nullable(),
  /** It expired and is hidden like a paused listing until its owner renews it (only the owner sees it so). */
  expired: z.boolean(),
  averageRating: z.number().nullable(),
  reviewCount: z.number().int(),
  likeCount: z.number().int(),
  isLikedByUser: z.boolean(),
  user: serviceUserSchema,
  /**
   * With `near` (decision 052): miles from that ZIP code's centre to the listing's, one decimal; null for a virtual
   * listing. Absent otherwise.
   */
  distanceMiles: z.number().nullable().optional(),
});
export type Service = z.infer<typeof serviceSchema>;

export const browseResultSchema = z.object({ services: z.array(serviceSchema), nextCursor: z.string().nullable() });
export type BrowseResult = z.infer<typeof browseResultSchema>;

/** GET /api/services/{id}/related: the owner's other public listings and public ones in the same category, newest first. */
export const relatedServicesSchema = z.object({ moreFromOwner: z.array(serviceSchema), similar: z.array(serviceSchema) });
export type RelatedServices = z.infer<typeof relatedServicesSchema>;

/** GET /api/services/{id}/distance?near=ZIP (decision 052): how far the listing is from that ZIP code's centre. */
export const listingDistanceQuerySchema = z.object({ near: usZipSchema });
/** Miles between the two ZIP centres, one decimal as on the cards; null for a virtual listing or one without a place. */
export const listingDistanceSchema = z.object({ distanceMiles: z.number().nullable() });
export type ListingDistance = z.infer<typeof listingDistanceSchema>;

export const likeResultSchema = z.object({ liked: z.boolean(), likeCount: z.number().int() });

export const zipLookupSchema = z.object({ zip: z.string(), city: z.string(), state: z.string(), latitude: z.number(), longitude: z.number() });
export type ZipLookup = z.infer<typeof zipLookupSchema>;

export const uploadedImageSchema = z.object({ id: z.string(), url: z.string(), cardUrl: z.string(), width: z.number().int(), height: z.number().int() });
export type UploadedImage = z.infer<typeof uploadedImageSchema>;
