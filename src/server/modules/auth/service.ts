import { randomInt, randomUUID } from 'node:crypto';
import type { LoginInput, RegisterInput } from '../../../shared/auth.js';
import { USERNAME_MAX, USERNAME_MIN } from '../../../shared/limits.js';
import { MESSAGES } from '../../../shared/texts.js';
import { conflict, forbidden, notFound, unauthorized } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/error-handler.js';
import { decoyHash, hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { AuthRepository, UserRow } from './repository.js';

const EMAIL_KEY = 'users_email_lower_key';
const USERNAME_KEY = 'users_username_lower_key';

/** A valid username from an email's local part: "mary.o'neil+x@…" → "mary_o_neil_x". */
export function usernameBaseFromEmail(email: string): string {
  const local = email.split('@')[0] ?? '';
  let base = local.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '').slice(0, USERNAME_MAX);
  if (base.length < USERNAME_MIN) base = `${base}${base ? '_' : ''}user`.slice(0, USERNAME_MAX);
  return base;
}

export function createAuthService(repo: AuthRepository) {
  async function availableUsername(email: string): Promise<string> {
    const base = usernameBaseFromEmail(email);
    if (!(await repo.usernameExists(base))) return base;
    for (let attempt = 0; attempt < 20; attempt++) {
      const suffix = String(randomInt(1000, 1_000_000));
      const candidate = `${base.slice(0, USERNAME_MAX - suffix.length - 1)}_${suffix}`;
      if (!(await repo.usernameExists(candidate))) return candidate;
    }
    return `user_${randomUUID().replaceAll('-', '').slice(0, USERNAME_MAX - 5)}`;
  }

  return {
    async register(input: RegisterInput): Promise<UserRow> {
      if (await repo.findUserByEmail(input.email)) throw conflict(MESSAGES.emailTaken, { email: MESSAGES.emailTaken });
      if (input.username && (await repo.usernameExists(input.username))) {
        throw conflict(MESSAGES.usernameTaken, { username: MESSAGES.usernameTaken });
      }
      const passwordHash = await hashPassword(input.password);
      // The checks above give friendly answers; the unique indexes settle races between two sign-ups.
      for (let attempt = 0; ; attempt++) {
        const username = input.username ?? (await availableUsername(input.email));
        try {
          return await repo.insertUser({ id: randomUUID(), email: input.email, username, passwordHash });
        } catch (error) {
          if (isUniqueViolation(error, EMAIL_KEY)) throw conflict(MESSAGES.emailTaken, { email: MESSAGES.emailTaken });
          if (isUniqueViolation(error, USERNAME_KEY)) {
            if (input.username || attempt >= 3) throw conflict(MESSAGES.usernameTaken, { username: MESSAGES.usernameTaken });
            continue;
          }
          throw error;
        }
      }
    },

    /** One answer for an unknown email and a wrong password, and the same work for both. */
    async authenticate(input: LoginInput): Promise<UserRow> {
      const user = await repo.findUserByEmail(input.email);
      const ok = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash()));
      if (!user || !user.passwordHash || !ok) throw unauthorized(MESSAGES.invalidCredentials);
      if (user.isBanned) throw forbidden(MESSAGES.suspended);
      return user;
    },

    async changeUsername(userId: string, username: string): Promise<UserRow> {
      try {
        const row = await repo.updateUser(userId, { username });
        if (!row) throw notFound(MESSAGES.notFound);
        return row;
      } catch (error) {
        if (isUniqueViolation(error, USERNAME_KEY)) throw conflict(MESSAGES.usernameTaken, { username: MESSAGES.usernameTaken });
        throw error;
      }
    },

    async update(userId: string, values: { emailNotificationsEnabled?: boolean; termsAccepted?: boolean }): Promise<UserRow> {
      const row = await repo.updateUser(userId, values);
      if (!row) throw notFound(MESSAGES.notFound);
      return row;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
