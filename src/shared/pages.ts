/**
 * The contract between the server and the web app's server entry (decision 042): the server hands the entry a
 * source of data read through the same module interfaces the API answers from, and gets back a page to send.
 * Types and one check, so neither side pulls the other's code.
 */
import type { User } from './auth.js';
import type { ErrorCode } from './error-codes.js';
import type { Category, ServiceType } from './catalogue.js';
import type { MemberProfile } from './members.js';
import type { RatingStats, ReceivedReviewsPage, Review, ReviewAbout } from './reviews.js';
import type { BrowseQuery, BrowseResult, ListingDistance, RelatedServices, Service, ZipLookup } from './services.js';
import type { UnavailableListing } from './unavailable-texts.js';

/** The id of the element the server writes the dehydrated query cache into (JSON, which the CSP lets be). */
export const PAGE_STATE_ELEMENT_ID = 'page-state';

/**
 * The id of the element a page the browser renders itself carries the visitor in (JSON: the signed-in user, or null),
 * so the app knows who is asking without asking `GET /api/auth/user` and logging its 401 (decision 068).
 */
export const VISITOR_ELEMENT_ID = 'visitor';

/** How a read fails where the API would refuse: its status and its error body's message and code. */
export interface PageDataRefusal {
  status: number;
  message: string;
  code: ErrorCode;
  /** A listing that exists but may not be seen: why, and its category (decision 069). */
  unavailable?: UnavailableListing;
}

export function isPageDataRefusal(value: unknown): value is PageDataRefusal {
  if (typeof value !== 'object' || value === null) return false;
  const { status, message, code } = value as Record<string, unknown>;
  return typeof status === 'number' && typeof message === 'string' && typeof code === 'string';
}

/**
 * What a server render may read, each answer exactly what the matching API call answers to the same person
 * (null where the API answers 404, a PageDataRefusal where it answers another 4xx), so the browser's cache holds
 * what it would have fetched.
 */
export interface PageDataSource {
  /** GET /api/auth/user: the visitor, or null when signed out. */
  readonly currentUser: User | null;
  /** GET /api/categories */
  categories(): Promise<Category[]>;
  /** GET /api/categories/{id}/service-types */
  serviceTypes(categoryId: number): Promise<ServiceType[] | null>;
  /** GET /api/services?… (the first page) */
  browse(query: BrowseQuery): Promise<BrowseResult>;
  /** GET /api/services/{id}; a listing that exists but may not be seen is a 404 refusal that says why (decision 069). */
  service(id: number): Promise<Service | null>;
  /** GET /api/services/{id}/distance?near=ZIP (decision 052): the listing page's distance from the reader's place. */
  listingDistance(id: number, near: string): Promise<ListingDistance | null>;
  /** GET /api/services/{id}/related */
  related(id: number): Promise<RelatedServices | null>;
  /** GET /api/services/{id}/reviews */
  reviews(id: number): Promise<Review[] | null>;
  /** GET /api/services/{id}/rating-stats */
  ratingStats(id: number): Promise<RatingStats | null>;
  /** GET /api/users/{username}: a member's page (decision 049). */
  member(username: string): Promise<MemberProfile | null>;
  /** GET /api/users/{username}/services (the first page) */
  memberListings(username: string): Promise<BrowseResult | null>;
  /** GET /api/users/{username}/reviews?about=… (the first page) */
  memberReviews(username: string, about: ReviewAbout): Promise<ReceivedReviewsPage | null>;
  /** GET /api/zip/{zip}: a ZIP's place, which browse's heading names (decision 067); null for one the dataset lacks. */
  zip(code: string): Promise<ZipLookup | null>;
}

/** What the page tells the server to put in the document's head. */
export interface PageHead {
  title: string;
  description: string;
  /** The page's own address (path and query), made absolute with PUBLIC_URL for the canonical link. */
  canonicalPath: string;
  /** Open Graph's type: 'website' unless the page says otherwise. */
  type?: 'website' | 'article';
  /** A picture for link previews: a path on this site, made absolute by the server. */
  image?: { path: string; alt: string; width?: number; height?: number };
  /** Structured data (schema.org) for the page, written as JSON-LD. */
  structuredData?: Record<string, unknown>;
  /** Pages that must not be indexed (the not-found page). */
  noIndex?: boolean;
}

export interface RenderedPage {
  status: 200 | 404;
  /** The app's markup, to go inside `<div id="root">`. */
  html: string;
  head: PageHead;
  /** TanStack Query's dehydrated cache: JSON the browser hydrates from. */
  state: unknown;
  /** The source files of the lazily loaded page modules the render used, as keys of Vite's manifest. */
  modules: string[];
}

/**
 * The web app's server entry. `null`: the address is a page that needs a signed-in person (or is not public),
 * which the browser renders itself.
 */
export type RenderPage = (url: string, data: PageDataSource) => Promise<RenderedPage | null>;
