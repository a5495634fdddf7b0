import type { User } from '#shared/auth.js';
import { reauthenticatedUntil } from '../oidc/reauth.js';
import type { UserRow } from './repository.js';

export function isAdminEmail(email: string | null, adminEmails: readonly string[]): boolean {
  return email !== null && adminEmails.includes(email.toLowerCase());
}

/**
 * The administrator role (decision 016): an ADMIN_EMAILS address whose owner proved it (the emailed link, an
 * OpenID provider's `email_verified: true`, or `npm run admin -- create`). Holding the address is not enough.
 */
export function isAdministrator(user: { email: string | null; emailVerified: boolean }, adminEmails: readonly string[]): boolean {
  return user.emailVerified && isAdminEmail(user.email, adminEmails);
}

/**
 * The only shape in which a user leaves the server to its owner (never the password hash). With the session,
 * also until when its last sign-in at the provider lets an account without a password confirm a change.
 */
export function presentUser(row: UserRow, adminEmails: readonly string[], session?: { oidcIdToken: string | null }): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    createdAt: row.createdAt.toISOString(),
    isBanned: row.isBanned,
    termsAccepted: row.termsAccepted,
    emailNotificationsEnabled: row.emailNotificationsEnabled,
    homeZip: row.homeZip,
    isAdmin: isAdministrator(row, adminEmails),
    emailVerified: row.emailVerified,
    pendingEmail: row.pendingEmail,
    hasPassword: row.passwordHash !== null,
    twoStepEnabled: row.totpEnabledAt !== null,
    ...(session && { reauthenticatedUntil: reauthenticatedUntil(session.oidcIdToken)?.toISOString() ?? null }),
  };
}
