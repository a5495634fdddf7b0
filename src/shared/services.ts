import { z } from 'zod';
import { serialId, text } from './input.js';

/** Listing rules of the specification (§5 and §9): one definition for the forms and the API. */
export const LISTING_TYPES = ['offer', 'request'] as const;
export type ListingType = (typeof LISTING_TYPES)[number];
export const RATE_TYPES = ['hourly', 'fixed'] as const;
export type RateType = (typeof RATE_TYPES)[number];
export const DAY_CODES = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type DayCode = (typeof DAY_CODES)[number];

export const TITLE_MIN = 5;
export const TITLE_MAX = 100;
export const DESCRIPTION_MIN = 20;
export const DESCRIPTION_MAX = 500;
export const MAX_IMAGES = 5;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Room for a data URL's `data:image/png;name=…;base64,` header. */
export const DATA_URL_HEADER_MAX = 200;
/**
 * The longest `images` entry: a 5 MB image as base64 (4 characters per 3 bytes) plus its header. Checked before
 * anything parses the string, so no work on an entry grows beyond what a real image needs.
 */
export const MAX_IMAGE_REF_LENGTH = Math.ceil(MAX_IMAGE_BYTES / 3) * 4 + DATA_URL_HEADER_MAX;
/** Above any honest hourly rate or fixed price for neighbourly help; keeps typos like 10000000 out. */
export const RATE_MAX = 100_000;
export const ZIP_PATTERN = /^\d{5}(-\d{4})?$/;
export const ZIP_MAX_LENGTH = 10;
export const CONTACT_METHOD = 'message';
export const CONTACT_VALUE = 'Platform messaging';
export const BROWSE_PAGE_SIZE = 24;
export const BROWSE_PAGE_MAX = 50;

/** The specification (§5) "Image upload" alerts, word for word; {file} is the file name, or "Image n" for a data URL. */
export const IMAGE_TEXTS = {
  tooMany: 'You can only upload up to 5 images.',
  notAnImage: (file: string) => `${file} is not a valid image file.`,
  tooLarge: (file: string) => `${file} is too large. Please select images smaller than 5MB.`,
  uploadFailed: 'Failed to upload images. Please try again.',
} as const;

export const PRICES_VARY_MESSAGE = "Either provide a rate or check 'Prices Vary'.";
export const LOCATION_MESSAGE = 'ZIP code, city, and state are required for non-virtual services';

/** The 429 answers of the per-person write budgets (decision 015); the web shows them as the server sends them. */
export const WRITE_LIMIT_TEXTS = {
  newListings: 'You have posted a lot of listings in the last hour. Please try again later.',
  edits: 'You have changed your listings a lot in the last hour. Please try again later.',
  likes: 'You are liking listings too quickly. Please wait a minute and try again.',
} as const;

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

/** Search by distance (decision 050): miles around a ZIP code's centre. */
export const RADIUS_MIN_MILES = 1;
export const RADIUS_MAX_MILES = 100;
/** The radius when `near` comes without one. */
export const RADIUS_DEFAULT_MILES = 10;
/** The browse page's radius choice. */
export const RADIUS_CHOICES_MILES = [1, 5, 10, 25, 50] as const;
export const BROWSE_SORTS = ['newest', 'relevance', 'distance'] as const;

/**
 * `near=anywhere` in a browse address: no place, said outright, so a member with a home ZIP (who otherwise starts near
 * it, decision 052) sees everywhere. Without a home ZIP it reads as no place at all.
 */
export const NEAR_ANYWHERE = 'anywhere';

export const NEAR_TEXTS = {
  /** Decision 050, word for word: an unknown or malformed ZIP. */
  invalidZip: 'Enter a valid US ZIP code',
  radiusRange: `Radius must be from ${RADIUS_MIN_MILES} to ${RADIUS_MAX_MILES} miles`,
  distanceNeedsNear: 'Enter a ZIP code to sort by distance',
  trueOrFalse: 'Must be true or false',
} as const;

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

/** How many listings each list of the listing page's related listings holds at most. */
export const RELATED_LISTINGS_MAX = 4;

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
