import { SESSION_IDLE_DAYS } from '#shared/limits.js';
import { SECOND_FACTOR_PENDING_MINUTES, SESSIONS_LISTED_MAX, type SignInMethod } from '#shared/two-step.js';
import type { Db } from '#server/db/client.js';
import { hashToken, newToken } from '#server/lib/secret-tokens.js';
import { afterCommit } from '#server/lib/transaction.js';
import type { DeviceTracker } from '../devices/devices.js';
import { createAuthRepository, type AuthRepository, type UserRow } from './repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = SESSION_IDLE_DAYS * DAY_MS;
/** However often it is used, a session ends this long after sign-in (decision 017): a stolen cookie does not live for ever. */
export const SESSION_LIFETIME_DAYS = 90;
export const SESSION_LIFETIME_MS = SESSION_LIFETIME_DAYS * DAY_MS;
/** How long the right password waits for its second step (decision 054). */
export const PENDING_SIGN_IN_MS = SECOND_FACTOR_PENDING_MINUTES * 60_000;

/** How a sign-in waiting for its second step began (decision 061): a password, or the provider with what it handed over. */
export type PendingFirstStep = { firstStep: 'password' } | { firstStep: 'oidc'; oidcIdToken: string | null; oidcLink: unknown };
/** Sliding the expiry costs a write, so it happens at most this often per session. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

/** Which of a person's live event streams to close (the events module's `endStreams`). */
export interface SessionStreams {
  endStreams(end: { userId: string; sessionId?: string; keepSessionId?: string }): Promise<void>;
}

/**
 * Sessions: created at sign-in, resolved on each request, ended here and only here, so that ending one also
 * closes the live event streams opened with it (decision 017) and no caller can forget to.
 */
/** The User-Agent kept with a session is cut to this many characters. */
export const USER_AGENT_MAX = 512;

export function createSessionStore(repo: AuthRepository, options: { streams?: SessionStreams; devices?: DeviceTracker } = {}) {
  const streams = options.streams;
  const endStreams = async (end: { userId: string; sessionId?: string; keepSessionId?: string }) => {
    await streams?.endStreams(end);
  };

  return {
    /**
     * A new session for `userId`; the returned token goes into the cookie, only its hash into the database.
     * A sign-in through OpenID Connect keeps its ID token, the hint for ending the provider's session too.
     */
    async create(
      userId: string,
      details: { oidcIdToken?: string; userAgent?: string; method?: SignInMethod; secondFactor?: boolean } = {},
    ): Promise<string> {
      const { token, hash } = newToken();
      const now = Date.now();
      await repo.insertSession({
        id: hash,
        userId,
        expiresAt: new Date(now + SESSION_IDLE_MS),
        oidcIdToken: details.oidcIdToken,
        userAgent: details.userAgent ? details.userAgent.slice(0, USER_AGENT_MAX) : null,
        signInMethod: details.method ?? null,
        secondFactor: details.secondFactor ?? false,
      });
      return token;
    },

    /**
     * A sign-in that waits for its second step (decision 061): the token goes into the browser's pending cookie,
     * its hash into the database, for `PENDING_SIGN_IN_MS`.
     */
    async beginPending(userId: string, after: PendingFirstStep = { firstStep: 'password' }): Promise<string> {
      const { token, hash } = newToken();
      await repo.insertPendingSignIn({ id: hash, userId, expiresAt: new Date(Date.now() + PENDING_SIGN_IN_MS), ...after });
      return token;
    },

    /** The account a pending sign-in's token is for while it is live; it stays usable (a wrong code may be retried). */
    pendingUser: (token: string) => repo.findPendingSignIn(hashToken(token)),

    /** Uses the pending sign-in up: its account and first step, once; a second use, or one racing it, gets nothing. */
    finishPending: (token: string) => repo.takePendingSignIn(hashToken(token)),

    /** The person's live sessions, newest first ('Where you are signed in', decision 054). */
    list: (userId: string) => repo.listSessions(userId, SESSION_LIFETIME_MS, SESSIONS_LISTED_MAX),

    /** Ends the person's session named by its public id; false when they have none by that id. */
    async destroyOwn(userId: string, publicId: string): Promise<boolean> {
      const id = await repo.deleteSessionByPublicId(userId, publicId);
      if (!id) return false;
      await endStreams({ userId, sessionId: id });
      return true;
    },

    /** 'Sign out everywhere else': every session of the person but `keep`; answers how many ended. */
    async destroyOthers(userId: string, keep: string): Promise<number> {
      const ended = await repo.deleteSessionsOfUser(userId, keep);
      await endStreams({ userId, keepSessionId: keep });
      return ended;
    },

    /** The browsers the person signed in from, for the new-device email (wired by the app; absent in some tests). */
    devices: options.devices,

    async resolve(token: string): Promise<{ id: string; user: UserRow; oidcIdToken: string | null; secondFactor: boolean; refreshed: boolean } | undefined> {
      const found = await repo.findSession(hashToken(token), SESSION_LIFETIME_MS);
      if (!found) return undefined;
      const now = Date.now();
      const refreshed = now - found.session.lastSeenAt.getTime() > TOUCH_EVERY_MS;
      // The idle expiry slides, but never past the end of the session's lifetime (so the hourly sweep removes it then).
      const expiresAt = Math.min(now + SESSION_IDLE_MS, found.session.createdAt.getTime() + SESSION_LIFETIME_MS);
      if (refreshed) await repo.touchSession(found.session.id, new Date(now), new Date(expiresAt));
      return { id: found.session.id, user: found.user, oidcIdToken: found.session.oidcIdToken, secondFactor: found.session.secondFactor, refreshed };
    },

    /** Whether a session (by its stored id) still lets its person in: not ended, expired, nor of a banned person. */
    async isLive(sessionId: string): Promise<boolean> {
      const found = await repo.findSession(sessionId, SESSION_LIFETIME_MS);
      return found !== undefined && !found.user.isBanned && !found.user.deletedAt;
    },

    /** Sign-out, or a session replaced at sign-in. */
    async destroy(sessionId: string): Promise<void> {
      const userId = await repo.deleteSession(sessionId);
      if (userId) await endStreams({ userId, sessionId });
    },

    async destroyAllOf(userId: string, options: { keep?: string } = {}): Promise<void> {
      await repo.deleteSessionsOfUser(userId, options.keep);
      await endStreams({ userId, keepSessionId: options.keep });
    },

    /**
     * Ends the person's sessions, all of them or all but `keep`, inside `tx` (begun with lib/transaction.ts), for
     * changes that end sessions together with others (a new password, a deleted account). Their live streams are
     * closed once it has committed: closed before, a tab reconnecting at once could still find its session.
     */
    async endAllOf(tx: Db, userId: string, options: { keep?: string } = {}): Promise<void> {
      await createAuthRepository(tx).deleteSessionsOfUser(userId, options.keep);
      await afterCommit(tx, () => endStreams({ userId, keepSessionId: options.keep }));
    },

    /**
     * A ban keeps the sessions, so that the person's next request answers 'suspended' rather than 'signed out',
     * but their live streams stop at once.
     */
    endStreamsOf: (userId: string) => endStreams({ userId }),
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
