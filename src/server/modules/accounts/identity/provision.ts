import { and, eq, isNull } from 'drizzle-orm';
import { emailSchema, newPasswordSchema } from '#shared/auth.js';
import type { Db } from '#server/db/client.js';
import { accountTokens, oidcIdentities, sessions, users } from '#server/db/schema.js';
import { assertUncommonPassword } from '#server/lib/common-passwords.js';
import { HttpError } from '#server/lib/errors.js';
import type { PasswordHasher } from '#server/lib/passwords.js';
import { transaction } from '#server/lib/transaction.js';
import { isAdminEmail } from './presenter.js';
import { createAuthRepository, type UserRow } from './repository.js';
import { createPasswordService } from '../password/service.js';

/** What the operator typed is not usable: the sentence says why; nothing was written. */
export class ProvisionError extends Error {
  override name = 'ProvisionError';
}

/** The address, as sign-up would store it, when it may be an administrator's; otherwise why not. */
export function checkAdministratorEmail(email: string, adminEmails: readonly string[]): string {
  const parsed = emailSchema.safeParse(email);
  if (!parsed.success) throw new ProvisionError(`${email}: ${parsed.error.issues[0]?.message ?? 'not an email address'}`);
  if (!isAdminEmail(parsed.data, adminEmails)) {
    throw new ProvisionError(
      `${parsed.data} is not listed in ADMIN_EMAILS. The administrator role goes with the address: add it to ADMIN_EMAILS ` +
        `(e.g. ADMIN_EMAILS=${parsed.data}) where the server is configured, then run this command again with the same settings.`,
    );
  }
  return parsed.data;
}

/** The password rules of sign-up (length, and not one of the most common passwords). */
export function checkNewPassword(password: string): void {
  const parsed = newPasswordSchema.safeParse(password);
  if (!parsed.success) throw new ProvisionError(parsed.error.issues[0]?.message ?? 'This password cannot be used.');
  try {
    assertUncommonPassword(password, 'password');
  } catch (error) {
    if (error instanceof HttpError) throw new ProvisionError(error.message);
    throw error;
  }
}

/**
 * `npm run admin -- create EMAIL` (decision 016): the operator, at the server's command line, vouches for the
 * address. A new account is created verified; an existing one (maybe signed up by a stranger and never proven) is
 * taken over like a password reset through its mailbox would: new password, address verified, ban lifted, every
 * session, emailed link, pending email change and provider identity gone. Answers the account and whether it is new.
 */
export async function provisionAdministrator(
  db: Db,
  input: { email: string; password: string; adminEmails: readonly string[]; passwords: PasswordHasher },
): Promise<{ user: UserRow; created: boolean }> {
  const email = checkAdministratorEmail(input.email, input.adminEmails);
  checkNewPassword(input.password);
  const repo = createAuthRepository(db);
  const existing = await repo.findUserByEmail(email);
  if (!existing) {
    // Sign-up's own rules (username from the address, unique indexes); no verification email: the operator vouched.
    const user = await createPasswordService(repo, { passwords: input.passwords }).register({ email, password: input.password });
    return { user: (await repo.updateUser(user.id, { emailVerified: true }))!, created: true };
  }
  const passwordHash = await input.passwords.hash(input.password);
  const user = await transaction(db, async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash, emailVerified: true, isBanned: false, pendingEmail: null, updatedAt: new Date() })
      .where(and(eq(users.id, existing.id), isNull(users.deletedAt)))
      .returning();
    if (!row) throw new ProvisionError(`The account of ${email} was deleted meanwhile: run this command again to create a new one.`);
    await tx.delete(sessions).where(eq(sessions.userId, row.id));
    await tx.delete(accountTokens).where(and(eq(accountTokens.userId, row.id), isNull(accountTokens.usedAt)));
    if (!existing.emailVerified) await tx.delete(oidcIdentities).where(eq(oidcIdentities.userId, row.id));
    return row;
  });
  return { user, created: false };
}
