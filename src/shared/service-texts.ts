/** Listings' kinds, limits, texts and the search-by-distance words (decisions 050, 052), without their schemas: what a page shows needs no zod, which only its forms bring (decision 068). */

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

/** How many listings each list of the listing page's related listings holds at most. */
export const RELATED_LISTINGS_MAX = 4;
