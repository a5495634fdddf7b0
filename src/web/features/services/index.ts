/**
 * Listings: what the app layer reads of them to render the browse page on the server (its pages load lazily), and the
 * card grid a member's page shows their listings in.
 */
export { serviceTypesQueryKey } from './api/get-service-types.js';
export { browseQuery } from './api/get-services.js';
export { NEAR_ANYWHERE, readBrowseParams, toServiceFilters } from './pages/use-browse-params.js';
export { referenceZip } from './pages/reference-zip.js';
export { listingId } from './pages/listing-id.js';
export { PublicServiceCard, serviceGridClasses, ServiceGridLoading, ServicesLoadError } from './components/service-results.js';
