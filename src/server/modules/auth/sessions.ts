import { createHash, randomBytes } from 'node:crypto';
import { SESSION_IDLE_DAYS } from '../../../shared/limits.js';
import type { AuthRepository, UserRow } from './repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = SESSION_IDLE_DAYS * DAY_MS;
/** Sliding the expiry costs a write, so it happens at most this often per session. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export function createSessionStore(repo: AuthRepository) {
  return {
    /**
     * A new session for `userId`; the returned token goes into the cookie, only its hash into the database.
     * A sign-in through OpenID Connect keeps its ID token, the hint for ending the provider's session too.
     */
    async create(userId: string, oidcIdToken?: string): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const now = Date.now();
      await repo.insertSession({ id: hashToken(token), userId, expiresAt: new Date(now + SESSION_IDLE_MS), oidcIdToken });
      return token;
    },

    async resolve(token: string): Promise<{ id: string; user: UserRow; oidcIdToken: string | null; refreshed: boolean } | undefined> {
      const found = await repo.findSession(hashToken(token));
      if (!found) return undefined;
      const now = Date.now();
      const refreshed = now - found.session.lastSeenAt.getTime() > TOUCH_EVERY_MS;
      if (refreshed) await repo.touchSession(found.session.id, new Date(now), new Date(now + SESSION_IDLE_MS));
      return { id: found.session.id, user: found.user, oidcIdToken: found.session.oidcIdToken, refreshed };
    },

    destroy: (sessionId: string) => repo.deleteSession(sessionId),
    destroyAllOf: (userId: string) => repo.deleteSessionsOfUser(userId),
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
