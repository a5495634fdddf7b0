import { randomUUID } from 'node:crypto';
import type { LoginInput, RegisterInput } from '#shared/auth.js';
import { MESSAGES } from '#shared/texts.js';
import type { Db } from '#server/db/client.js';
import { conflict, forbidden, unauthorized } from '#server/lib/errors.js';
import { assertUncommonPassword } from '#server/lib/common-passwords.js';
import { isUniqueViolation } from '#server/lib/error-handler.js';
import { type PasswordHasher, verifyPassword } from '#server/lib/passwords.js';
import { createAuthRepository, type AuthRepository, USER_EMAIL_KEY, USERNAME_KEY, type UserRow } from '../identity/repository.js';
import { availableUsername } from '../identity/usernames.js';

export interface PasswordServiceOptions {
  /** Hashes new passwords at config.PASSWORD_HASH_COST. */
  passwords: PasswordHasher;
  /**
   * How sign-up writes a local account at `email`: runs `insert` in a transaction of its own making and may write more
   * in it (account care writes the verification link). Without it, a plain insert.
   */
  signUp?: (email: string, insert: (tx: Db) => Promise<UserRow>) => Promise<UserRow>;
  /** What a suspended person learns once their password is right (the sanctions module; decision 047). */
  suspension?: { forSignIn(userId: string): Promise<{ reason: string | null; appealUrl: string | null }> };
}

/** Sign-up with an email and a password, and sign-in with them (decisions 003 and 017). */
export function createPasswordService(repo: AuthRepository, options: PasswordServiceOptions) {
  const { passwords, signUp } = options;

  return {
    async register(input: RegisterInput): Promise<UserRow> {
      assertUncommonPassword(input.password, 'password');
      if (await repo.findUserByEmail(input.email)) throw conflict(MESSAGES.emailTaken, { code: 'email_taken', errors: { email: MESSAGES.emailTaken } });
      if (input.username && (await repo.usernameExists(input.username))) {
        throw conflict(MESSAGES.usernameTaken, { code: 'username_taken', errors: { username: MESSAGES.usernameTaken } });
      }
      const passwordHash = await passwords.hash(input.password);
      // The checks above give friendly answers; the unique indexes settle races between two sign-ups.
      for (let attempt = 0; ; attempt++) {
        const username = input.username ?? (await availableUsername(repo, input.email));
        const values = { id: randomUUID(), email: input.email, username, passwordHash };
        try {
          return await (signUp ? signUp(input.email, (tx) => createAuthRepository(tx).insertUser(values)) : repo.insertUser(values));
        } catch (error) {
          if (isUniqueViolation(error, USER_EMAIL_KEY)) throw conflict(MESSAGES.emailTaken, { code: 'email_taken', errors: { email: MESSAGES.emailTaken } });
          if (isUniqueViolation(error, USERNAME_KEY)) {
            if (input.username || attempt >= 3) throw conflict(MESSAGES.usernameTaken, { code: 'username_taken', errors: { username: MESSAGES.usernameTaken } });
            continue;
          }
          throw error;
        }
      }
    },

    /** One answer for an unknown email and a wrong password, and the same work for both. */
    async authenticate(input: LoginInput): Promise<UserRow> {
      const user = await repo.findUserByEmail(input.email);
      const ok = await verifyPassword(input.password, user?.passwordHash ?? (await passwords.decoy()));
      if (!user || !user.passwordHash || !ok) throw unauthorized(MESSAGES.invalidCredentials, { code: 'invalid_credentials' });
      // The reason and the appeal link only now, after the right password: nobody else learns why a person was banned.
      if (user.isBanned) throw forbidden(MESSAGES.suspended, { code: 'account_suspended', details: await options.suspension?.forSignIn(user.id) });
      return user;
    },
  };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
