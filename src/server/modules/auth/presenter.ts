import type { User } from '../../../shared/auth.js';
import type { UserRow } from './repository.js';

export function isAdminEmail(email: string | null, adminEmails: readonly string[]): boolean {
  return email !== null && adminEmails.includes(email.toLowerCase());
}

/** The only shape in which a user leaves the server to its owner (never the password hash). */
export function presentUser(row: UserRow, adminEmails: readonly string[]): User {
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
    isAdmin: isAdminEmail(row.email, adminEmails),
    emailVerified: row.emailVerified,
    pendingEmail: row.pendingEmail,
    hasPassword: row.passwordHash !== null,
  };
}
