import type { z } from 'zod';
import { userSchema } from '#shared/auth.js';
import { categorySchema, serviceTypeSchema } from '#shared/catalogue.js';
import type { PageDataRefusal, PageDataSource } from '#shared/pages.js';
import { asUnavailableListing } from '#shared/unavailable-texts.js';
import { memberListingsQuerySchema, memberProfileSchema, usernameParamsSchema } from '#shared/members.js';
import { ratingStatsSchema, receivedReviewsPageSchema, receivedReviewsQuerySchema, REVIEWS_PAGE_SIZE, reviewSchema } from '#shared/reviews.js';
import {
  type BrowseResult,
  browseQuerySchema,
  type ListingDistance,
  listingDistanceQuerySchema,
  listingDistanceSchema,
  type RelatedServices,
  serviceSchema,
  type ZipLookup,
  zipLookupSchema,
} from '#shared/services.js';
import { badRequest, HttpError } from '../../lib/errors.js';
import { compile } from '../../lib/serializer.js';
import type { Viewer } from '../../lib/viewer.js';
import type { PageVisitor } from '../accounts/index.js';
import { zipParamsSchema } from '../zip/index.js';
import type { Category, ServiceType } from '#shared/catalogue.js';
import type { MemberProfile } from '#shared/members.js';
import type { RatingStats, ReceivedReviewsPage, Review, ReviewAbout } from '#shared/reviews.js';
import type { Service } from '#shared/services.js';

/** What the pages read of the other modules: the calls behind the API routes the browser would make. */
export interface PageReads {
  catalogue: {
    categories(): Promise<Category[]>;
    serviceTypes(categoryId: number): Promise<ServiceType[] | undefined>;
    /** Its validator names the list as it is now (decision 065: part of a listing page's revision). */
    serviceTypesAnswer(categoryId: number): Promise<{ etag: string } | undefined>;
  };
  listings: {
    get(id: number, viewer: Viewer | null): Promise<Service>;
    browseJson(query: z.output<typeof browseQuerySchema>, viewer: Viewer): Promise<string>;
    browsePublicJson(query: z.output<typeof browseQuerySchema>): Promise<string>;
    relatedJson(id: number, viewer: Viewer | null, seen?: Pick<Service, 'id' | 'userId' | 'categoryId'>): Promise<string>;
    distanceTo(id: number, zipCode: string, viewer: Viewer | null): Promise<ListingDistance>;
    /** What a signed-out visitor's page of the listing shows, as one revision (decision 065). */
    pageRevision(id: number): Promise<{ revision: string; categoryId: number | null }>;
  };
  reviews: { list(serviceId: number, limit: number, options?: { exists?: boolean }): Promise<Review[]>; stats(serviceId: number): Promise<RatingStats> };
  members: {
    profile(username: string, viewer: Viewer | null): Promise<MemberProfile>;
    listingsJson(username: string, q: { limit: number }, viewer: Viewer | null): Promise<string>;
    reviewsOf(username: string, q: { limit: number; about: ReviewAbout }): Promise<ReceivedReviewsPage>;
  };
  zip: { locate(zipCode: string): ZipLookup | undefined };
}

/** The answer as the route's serializer writes it: only the schema's fields, dates as text (decision 030). */
function answered<T>(schema: z.ZodType<T>): (value: T) => T {
  const serialize = compile(schema);
  if (!serialize) throw new Error('A page answer schema has no compiled serializer');
  return (value) => JSON.parse(serialize(value)) as T;
}

const asUser = answered(userSchema);
const asCategories = answered(categorySchema.array());
const asService = answered(serviceSchema);
const asDistance = answered(listingDistanceSchema);
const asReviews = answered(reviewSchema.array());
const asServiceTypes = answered(serviceTypeSchema.array());
const asRatingStats = answered(ratingStatsSchema);
const asMember = answered(memberProfileSchema);
const asReceivedReviews = answered(receivedReviewsPageSchema);
const asZipPlace = answered(zipLookupSchema);
/** The first page of a member's lists, as the API answers a request without a query. */
const memberListingsFirstPage = memberListingsQuerySchema.parse({});
const memberReviewsFirstPage = (about: ReviewAbout) => receivedReviewsQuerySchema.parse({ about });

/** A part of a page's address, refused as the API's route refuses it (400) when the route's schema would. */
function validated<T>(schema: z.ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid request', { code: 'validation_failed' });
  return parsed.data;
}

const validUsername = (username: string) => validated(usernameParamsSchema, { username }).username;
/** As the distance route takes it. */
const validNear = (near: string) => validated(listingDistanceQuerySchema, { near }).near;
/** As GET /api/zip/{zip} takes it. */
const validZip = (zip: string) => validated(zipParamsSchema, { zip }).zip;

/** A call the API would answer 404 to reads as null, another refusal as its PageDataRefusal; a fault is the render's. */
async function orNull<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return null;
    throw refusal(error);
  }
}

function refusal(error: unknown): unknown {
  if (!(error instanceof HttpError) || error.statusCode >= 500) return error;
  const unavailable = asUnavailableListing(error.details?.unavailable);
  const answer: PageDataRefusal = { status: error.statusCode, message: error.message, code: error.code, ...(unavailable && { unavailable }) };
  return answer;
}

/** A listing's read: a 404 that says why the listing may not be seen is the refusal its page shows (decision 069). */
async function listingOrNull<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404 && error.details?.unavailable === undefined) return null;
    throw refusal(error);
  }
}

/**
 * What a render read, as the page cache names it (decision 065): `listing:{id}` for the listing and what its page shows
 * beside it (related listings, reviews, rating, distance), `service-types:{categoryId}`, or the read's own name for
 * the others (`categories`, `browse`, `member`, `zip`), which no revision covers.
 */
export type PageRead = `listing:${number}` | `service-types:${number}` | 'categories' | 'browse' | 'member' | 'zip';

/**
 * The data a server render reads for one visitor: the same module calls, and the same answers, as the API's. Each read
 * is told to `onRead`. Within one render, what the page reads after the listing itself is read knowing it (decision
 * 065): its rating is the listing's own, and its related listings and reviews are not preceded by a second look-up of
 * whether the visitor may see it, which the listing's answer has just settled.
 */
export function pageData(reads: PageReads, visitor: PageVisitor | null, onRead: (read: PageRead) => void = () => {}): PageDataSource {
  const viewer = visitor?.viewer ?? null;
  /** The listings this render has read, as their answers. */
  const seen = new Map<number, Service>();
  const listing = (id: number) => onRead(`listing:${id}`);
  return {
    currentUser: visitor ? asUser(visitor.user) : null,
    categories: async () => {
      onRead('categories');
      return asCategories(await reads.catalogue.categories());
    },
    serviceTypes: async (categoryId) => {
      onRead(`service-types:${categoryId}`);
      const types = await reads.catalogue.serviceTypes(categoryId);
      return types ? asServiceTypes(types) : null;
    },
    async browse(query) {
      onRead('browse');
      const parsed = browseQuerySchema.safeParse(query);
      if (!parsed.success) throw refusal(badRequest(parsed.error.issues[0]?.message ?? 'Invalid request', { code: 'validation_failed' }));
      try {
        const json = viewer ? await reads.listings.browseJson(parsed.data, viewer) : await reads.listings.browsePublicJson(parsed.data);
        return JSON.parse(json) as BrowseResult;
      } catch (error) {
        throw refusal(error);
      }
    },
    service: (id) => {
      listing(id);
      return listingOrNull(async () => {
        const service = asService(await reads.listings.get(id, viewer));
        seen.set(id, service);
        return service;
      });
    },
    listingDistance: (id, near) => {
      listing(id);
      return orNull(async () => asDistance(await reads.listings.distanceTo(id, validNear(near), viewer)));
    },
    related: (id) => {
      listing(id);
      return orNull(async () => JSON.parse(await reads.listings.relatedJson(id, viewer, seen.get(id))) as RelatedServices);
    },
    reviews: (id) => {
      listing(id);
      return orNull(async () => asReviews(await reads.reviews.list(id, REVIEWS_PAGE_SIZE, { exists: seen.has(id) })));
    },
    ratingStats: (id) => {
      listing(id);
      const service = seen.get(id);
      // The same two counters GET /api/services/{id}/rating-stats reads, from the same row.
      if (service) return Promise.resolve(asRatingStats({ averageRating: service.averageRating, reviewCount: service.reviewCount }));
      return orNull(async () => asRatingStats(await reads.reviews.stats(id)));
    },
    member: (username) => {
      onRead('member');
      return orNull(async () => asMember(await reads.members.profile(validUsername(username), viewer)));
    },
    memberListings: (username) => {
      onRead('member');
      return orNull(async () => JSON.parse(await reads.members.listingsJson(validUsername(username), memberListingsFirstPage, viewer)) as BrowseResult);
    },
    memberReviews: (username, about) => {
      onRead('member');
      return orNull(async () => asReceivedReviews(await reads.members.reviewsOf(validUsername(username), memberReviewsFirstPage(about))));
    },
    zip: (code) => {
      onRead('zip');
      return orNull(async () => {
        const place = reads.zip.locate(validZip(code));
        return place ? asZipPlace(place) : null;
      });
    },
  };
}
