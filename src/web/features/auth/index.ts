/**
 * What other features use of sign-in and the account record: the sign-in providers, accepting the terms, the profile's
 * settings, and the second step of a two-step sign-in (the reset-password page ends with it too).
 */
export { acceptTerms, useAcceptTerms } from './api/accept-terms.js';
export { authProvidersQueryKey, authProvidersQueryOptions, useAuthProviders } from './api/get-auth-providers.js';
export { updateEmailNotifications, useUpdateEmailNotifications } from './api/update-email-notifications.js';
export { updateHomeZip, useUpdateHomeZip } from './api/update-home-zip.js';
export { updateUsername, useUpdateUsername } from './api/update-username.js';
export { needsSecondFactor } from './api/login-second-factor.js';
export { SecondFactorForm } from './second-factor-form.js';
