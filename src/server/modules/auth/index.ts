/**
 * Accounts and sessions: who a person is, how they sign in, and the session that carries them from request to
 * request. The only file imported from outside this module (decision 034).
 */
export { createOidcClient } from './oidc.js';
export { clearSessionCookie, requireAccount, sessionPlugin, startSession, viewerOf } from './plugin.js';
export { isAdministrator, presentUser } from './presenter.js';
export { checkAdministratorEmail, checkNewPassword, ProvisionError, provisionAdministrator } from './provision.js';
export { reauthenticatedUntil } from './reauth.js';
export { createAuthRepository, type UserRow } from './repository.js';
export { authRoutes } from './routes.js';
export { createAuthService } from './service.js';
export { createSessionStore, type SessionStore } from './sessions.js';
export { createSignInLimits } from './sign-in-limits.js';
