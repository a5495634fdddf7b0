/**
 * The session: who is signed in, as the current-user query holds it. Nearly every feature reads it, so it lives in
 * the core layer rather than in a feature; it imports no feature.
 */
export { currentUserQueryKey, currentUserQueryOptions, getCurrentUser, refreshCurrentUser, seedCurrentUserFromPage, useCurrentUser } from './current-user.js';
export { useAuth, type AuthState } from './use-auth.js';
export { useRequireAuth } from './use-require-auth.js';
