/**
 * Accounts: who a person is, how they sign in, the session that carries them from request to request, and the
 * care of the account (emailed links, password and email change, the avatar, deletion; decision 014). The module
 * owns the users, sessions, OpenID identities and account tokens tables (decision 038). The only file imported from
 * outside this module (decision 034); inside, one folder per part (decision 059): `identity/`, the ways to sign in
 * (`password/`, `passkeys/`, `two-step/`, `oidc/`), `devices/` (the sessions list and known browsers) and `care/`.
 */
export { createAccountEmailLimit } from './care/account-email-limit.js';
export { accountRoutes } from './care/account-routes.js';
export { createAccountService, signUpWithVerification } from './care/account-service.js';
export { createAvatarService } from './care/avatar.js';
export { accountCareRoutes } from './care/care-routes.js';
export { createDeletionService } from './care/deletion.js';
export { columnName, DELETION_STEPS, deletionPlan, exportedFiles, PERSONAL_DATA, type PersonalColumn } from './care/personal-data.js';
export { resetPasswordEmail, verificationEmail } from './care/emails.js';
export { createDeviceTracker } from './devices/devices.js';
export { clearSessionCookie, type PageVisitor, pageVisitors, requireAccount, sessionPlugin, startSession, viewerOf } from './identity/plugin.js';
export { isAdministrator, presentUser } from './identity/presenter.js';
export { createProfileService } from './identity/profile.js';
export { checkAdministratorEmail, checkNewPassword, ProvisionError, provisionAdministrator } from './identity/provision.js';
export { createAuthRepository, type UserRow } from './identity/repository.js';
export { createSessionStore, type SessionStore } from './identity/sessions.js';
export { asSeenByOthers } from './identity/tombstone.js';
export { createOidcClient } from './oidc/client.js';
export { reauthenticatedUntil } from './oidc/reauth.js';
export { createOidcAccounts } from './oidc/service.js';
export { createPasskeyService } from './passkeys/service.js';
export { assertRecentSignIn, type RecentSignInDeps } from './password/recent-sign-in.js';
export { createPasswordService } from './password/service.js';
export { createSignInLimits } from './password/sign-in-limits.js';
export { authRoutes } from './routes.js';
export { enrolmentLinkFor } from './two-step/enrolment.js';
export { createTwoStep, type TwoStep } from './two-step/service.js';
