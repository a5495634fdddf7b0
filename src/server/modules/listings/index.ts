/** Listings: the offers and requests, likes, browse and search. The only file imported from outside this module (decision 034). */
export { createPublicPageCache } from './public-pages.js';
export { createListingsRepository } from './repository.js';
export { listingsRoutes } from './routes.js';
export { isPublicListing, type ListingAccess, type ListingAccessReason, listingAccess } from './access.js';
export { boxAround, milesBetween } from './near.js';
export { createListingsService, type ListingsService } from './service.js';
export type { ExpiryRun as ListingExpiryRun } from './expiry.js';
