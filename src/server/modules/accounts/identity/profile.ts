import { NEAR_TEXTS } from '#shared/services.js';
import { MESSAGES } from '#shared/texts.js';
import { badRequest, conflict, notFound } from '#server/lib/errors.js';
import { isUniqueViolation } from '#server/lib/error-handler.js';
import { type AuthRepository, USERNAME_KEY, type UserRow } from './repository.js';

export interface ProfileOptions {
  /** Whether the bundled ZIP dataset knows a 5-digit ZIP code (the zip module): a home ZIP must be one (decision 052). */
  knowsZip?: (zipCode: string) => boolean;
}

/** What a member changes of their own account on the profile: the username, email notifications, the terms, the home ZIP. */
export function createProfileService(repo: AuthRepository, options: ProfileOptions = {}) {
  return {
    async changeUsername(userId: string, username: string): Promise<UserRow> {
      try {
        const row = await repo.updateUser(userId, { username });
        if (!row) throw notFound(MESSAGES.notFound);
        return row;
      } catch (error) {
        if (isUniqueViolation(error, USERNAME_KEY)) throw conflict(MESSAGES.usernameTaken, { code: 'username_taken', errors: { username: MESSAGES.usernameTaken } });
        throw error;
      }
    },

    /**
     * The ZIP code browse starts near (decision 052), or null to forget it. Only a ZIP the dataset knows: a
     * place distances can be measured from, refused as browse refuses an unknown `near`.
     */
    async setHomeZip(userId: string, zipCode: string | null): Promise<UserRow> {
      if (zipCode !== null && !options.knowsZip?.(zipCode)) {
        throw badRequest(NEAR_TEXTS.invalidZip, { code: 'validation_failed', errors: { zipCode: NEAR_TEXTS.invalidZip } });
      }
      const row = await repo.updateUser(userId, { homeZip: zipCode });
      if (!row) throw notFound(MESSAGES.notFound);
      return row;
    },

    async update(userId: string, values: { emailNotificationsEnabled?: boolean; termsAccepted?: boolean }): Promise<UserRow> {
      const row = await repo.updateUser(userId, values);
      if (!row) throw notFound(MESSAGES.notFound);
      return row;
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
