/** The not-found screen, also shown by pages whose address names something that does not exist (a listing). */
export { default as NotFoundPage } from './not-found-page.js';
