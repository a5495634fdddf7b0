/** The not-found screen, also shown by pages whose address names something that does not exist (a listing). */
export { default as NotFoundPage } from './not-found-page.js';
/** The page for something that exists but may not be seen (decision 069): a listing removed or hidden, a member's page. */
export { UnavailablePage } from './unavailable-page.js';
