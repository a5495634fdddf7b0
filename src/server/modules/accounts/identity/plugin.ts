import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '#shared/texts.js';
import type { Config } from '#server/config.js';
import { isApiPath, isPersonalPath, routedPath } from '#server/lib/api-paths.js';
import { forbidden, unauthorized } from '#server/lib/errors.js';
import { assertSameOrigin, isSafeMethod } from '#server/lib/request-guards.js';
import type { Viewer } from '#server/lib/viewer.js';
import type { User } from '#shared/auth.js';
import type { SignInMethod } from '#shared/two-step.js';
import { hostCookieName, hostCookieOptions } from './cookies.js';
import { isAdministrator, presentUser } from './presenter.js';
import type { UserRow } from './repository.js';
import { SESSION_IDLE_MS, USER_AGENT_MAX, type SessionStore } from './sessions.js';

export const SESSION_COOKIE = 'csm_session';
/** On https the cookie is `__Host-csm_session` (cookies.ts, decision 017). */
export const sessionCookieName = (config: Config) => hostCookieName(SESSION_COOKIE, config.PUBLIC_URL);

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in person's whole account record, for the accounts module only; every other module reads
     * `request.session.user`, the Viewer (server/lib/viewer.ts).
     */
    account: UserRow | null;
  }
  interface FastifyContextConfig {
    /** Lets a state-changing route run for a signed-in user who has not accepted the terms yet. */
    allowBeforeTerms?: boolean;
    /** The route needs a signed-in person: a signed-out call answers 401 before its input is even read. */
    signedIn?: boolean;
    /**
     * The route may be called from any site: it uses no session, and a token in the request is its whole authority
     * (RFC 8058's one-click unsubscribe, posted by mail clients).
     */
    crossSite?: boolean;
  }
}

export function setSessionCookie(reply: FastifyReply, token: string, config: Config) {
  reply.setCookie(sessionCookieName(config), token, {
    ...hostCookieOptions(config.PUBLIC_URL),
    maxAge: SESSION_IDLE_MS / 1000,
    signed: true,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(sessionCookieName(config), hostCookieOptions(config.PUBLIC_URL));
}

/**
 * Sign-in always starts a fresh session: a session id known before sign-in is never promoted. The session keeps the
 * browser's User-Agent, how it began (`method`, for the sessions list; decision 054) and whether with a second factor
 * (`secondFactor`, what REQUIRE_ADMIN_2FA asks of an administrator's session; decision 061); a browser the account has not
 * signed in from before gets the new-device email (devices/devices.ts), except at sign-up.
 */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { sessions: SessionStore; config: Config; userId: string; oidcIdToken?: string; method: SignInMethod; secondFactor?: boolean },
): Promise<void> {
  const { sessions, userId, method, secondFactor } = options;
  if (request.session) await sessions.destroy(request.session.id);
  const userAgent = request.headers['user-agent']?.slice(0, USER_AGENT_MAX) ?? null;
  const token = await sessions.create(userId, { oidcIdToken: options.oidcIdToken, userAgent: userAgent ?? undefined, method, secondFactor });
  setSessionCookie(reply, token, options.config);
  await sessions.devices?.signedIn(request, reply, { userId, method, userAgent });
}

/** The signed-in person's account record, or a 401 for routes that need one. */
export function requireAccount(request: FastifyRequest): UserRow {
  if (!request.account) throw unauthorized(MESSAGES.signedOut);
  return request.account;
}

/** The person as the other modules see them (lib/viewer.ts). */
export function viewerOf(user: UserRow, adminEmails: readonly string[]): Viewer {
  const { id, username, email, emailVerified, termsAccepted, isBanned } = user;
  return { id, username, email, emailVerified, termsAccepted, isBanned, role: isAdministrator(user, adminEmails) ? 'administrator' : 'member' };
}

/** Who a page request comes from: the Viewer the modules read with, and the User the browser would be answered. */
export interface PageVisitor {
  viewer: Viewer;
  user: User;
}

/**
 * Reads the session of a page request (the server renders public pages for the person asking; decision 042).
 * Nothing is written: a missing, stale or banned person's session reads as signed out, and their next API call
 * ends it as the session plugin does.
 */
export function pageVisitors(config: Config, sessions: SessionStore) {
  return async (request: FastifyRequest): Promise<PageVisitor | null> => {
    const raw = request.cookies[sessionCookieName(config)];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    const found = unsigned.valid && unsigned.value ? await sessions.resolve(unsigned.value) : undefined;
    if (!found || found.user.isBanned) return null;
    return { viewer: viewerOf(found.user, config.ADMIN_EMAILS), user: presentUser(found.user, config.ADMIN_EMAILS, found) };
  };
}

/**
 * On every API request: reject cross-site writes, resolve the session, end a banned person's session,
 * and hold back a user who has not accepted the terms from changing anything.
 */
export const sessionPlugin = fp(async (app: FastifyInstance, opts: { config: Config; sessions: SessionStore }) => {
  const { config, sessions } = opts;
  app.decorateRequest('session', null);
  app.decorateRequest('account', null);

  app.addHook('onRequest', async (request, reply) => {
    if (!isApiPath(routedPath(request))) return;
    if (request.routeOptions.config.crossSite) return;
    assertSameOrigin(request, config.PUBLIC_URL);

    const raw = request.cookies[sessionCookieName(config)];
    if (!raw) return;
    const unsigned = request.unsignCookie(raw);
    const found = unsigned.valid && unsigned.value ? await sessions.resolve(unsigned.value) : undefined;
    if (!found) {
      clearSessionCookie(reply, config);
      return;
    }
    if (found.user.isBanned) {
      await sessions.destroyAllOf(found.user.id);
      clearSessionCookie(reply, config);
      throw forbidden(MESSAGES.suspended, { code: 'account_suspended' });
    }
    request.account = found.user;
    request.session = { id: found.id, user: viewerOf(found.user, config.ADMIN_EMAILS), oidcIdToken: found.oidcIdToken, secondFactor: found.secondFactor };
    if (found.refreshed) setSessionCookie(reply, unsigned.value!, config);
  });

  // Before validation, so a person who may not call a route learns that first, not what was wrong with the input.
  app.addHook('preValidation', async (request) => {
    const user = request.session?.user;
    if (!user && request.routeOptions.config.signedIn) throw unauthorized(MESSAGES.signedOut);
    if (!user || user.termsAccepted || isSafeMethod(request.method)) return;
    if (request.routeOptions.config.allowBeforeTerms) return;
    throw forbidden(MESSAGES.termsRequired, { code: 'terms_not_accepted' });
  });

  // Personal answers, errors included, must never be kept by a shared cache or the browser's history (decision 021).
  // After @fastify/cookie's own onSend, so a cookie being set is visible here.
  app.addHook('onSend', async (request, reply) => {
    const path = routedPath(request);
    if (!isApiPath(path)) return;
    // Any answer to a signed-in person may carry their view (likes, their own email); a route that set its own policy knows better.
    const personal = isPersonalPath(path) || reply.hasHeader('set-cookie') || (request.session !== null && !reply.hasHeader('cache-control'));
    if (personal) reply.header('cache-control', 'no-store');
  });
});
