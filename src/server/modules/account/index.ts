/**
 * Account care (decision 014): emailed links, password and email change, the avatar, account deletion. The
 * only file other modules and the composition root import from this module (decision 034).
 */
export { accountCareRoutes } from './care-routes.js';
export { resetPasswordEmail, verificationEmail } from './emails.js';
export { accountRoutes } from './routes.js';
export { createAccountService, signUpWithVerification } from './service.js';
export { asSeenByOthers } from './tombstone.js';
