/** Home: what the app layer reads of it to render the page on the server (the page itself loads lazily). */
export { newestListingsKey, newestListingsQuery } from './newest-listings-query.js';
