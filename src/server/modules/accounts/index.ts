/**
 * Accounts: who a person is, how they sign in, the session that carries them from request to request, and the
 * care of the account (emailed links, password and email change, the avatar, deletion; decision 014). The module
 * owns the users, sessions, OpenID identities and account tokens tables (decision 038). The only file imported from
 * outside this module (decision 034).
 */
export { createAvatarService } from './avatar.js';
export { accountCareRoutes } from './care-routes.js';
export { createDeletionService } from './deletion.js';
export { resetPasswordEmail, verificationEmail } from './emails.js';
export { accountRoutes } from './account-routes.js';
export { createAccountService, signUpWithVerification } from './account-service.js';
export { createOidcClient } from './oidc.js';
export { createPasskeyService } from './passkeys.js';
export { clearSessionCookie, type PageVisitor, pageVisitors, requireAccount, sessionPlugin, startSession, viewerOf } from './plugin.js';
export { isAdministrator, presentUser } from './presenter.js';
export { checkAdministratorEmail, checkNewPassword, ProvisionError, provisionAdministrator } from './provision.js';
export { reauthenticatedUntil } from './reauth.js';
export { createAuthRepository, type UserRow } from './repository.js';
export { authRoutes } from './routes.js';
export { createAuthService } from './service.js';
export { createSessionStore, type SessionStore } from './sessions.js';
export { createSignInLimits } from './sign-in-limits.js';
export { createDeviceTracker } from './devices.js';
export { createTwoStep, type TwoStep } from './two-step.js';
export { asSeenByOthers } from './tombstone.js';
