import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../src/server/db/client.js';
import { users } from '../../src/server/db/schema.js';
import type { User } from '../../src/shared/auth.js';
import { uniqueEmail } from '../support/unique.js';

export const PASSWORD = 'correct horse battery';

export { uniqueEmail, uniqueUsername } from '../support/unique.js';

/** A made-up client address, so per-IP limits on sign-up do not couple unrelated tests. */
export function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/** The `name=value` pair of the session cookie a response set, ready for a Cookie header. */
export function sessionCookieFrom(res: LightMyRequestResponse): string {
  // `__Host-csm_session` when the app's PUBLIC_URL is https (decision 017).
  const cookie = res.cookies.find((c) => c.name === 'csm_session' || c.name === '__Host-csm_session');
  if (!cookie) throw new Error(`no session cookie in the ${res.statusCode} answer: ${res.body}`);
  return `${cookie.name}=${cookie.value}`;
}

export interface SignedUp {
  user: User;
  cookie: string;
  email: string;
  password: string;
}

/** Creates an account through the API, as the sign-up page does, and (by default) accepts the terms. */
export async function signUp(
  app: FastifyInstance,
  options: { email?: string; password?: string; username?: string; acceptTerms?: boolean } = {},
): Promise<SignedUp> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? PASSWORD;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: randomIp(),
    payload: { email, password, ...(options.username && { username: options.username }) },
  });
  expect(res.statusCode, res.body).toBe(201);
  const cookie = sessionCookieFrom(res);
  let user = res.json<User>();
  if (options.acceptTerms ?? true) {
    const accepted = await app.inject({ method: 'PATCH', url: '/api/auth/terms-acceptance', headers: { cookie }, payload: { termsAccepted: true } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    user = accepted.json<User>();
  }
  return { user, cookie, email, password };
}

/**
 * As if the person had opened the link of their verification email: only verified addresses get notification
 * and copy emails (decision 014). The account tests open the real link.
 */
/** A write refused by a rate limit: 429 with the app's error shape, and when to try again. */
export function expectLimited(res: LightMyRequestResponse, message: string): void {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual({ message, code: 'rate_limited' });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

export async function markEmailVerified(db: Db, userId: string): Promise<void> {
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
}

/**
 * An administrator (decision 016): signs up with an ADMIN_EMAILS address (`email`), then proves it as the emailed
 * link would; the role comes only with the proof. `user` is the account as it reads afterwards.
 */
export async function signUpAdministrator(app: FastifyInstance, db: Db, email: string, options: { acceptTerms?: boolean } = {}): Promise<SignedUp> {
  const signedUp = await signUp(app, { email, ...options });
  expect(signedUp.user.isAdmin, 'an unproven address is no administrator').toBe(false);
  await markEmailVerified(db, signedUp.user.id);
  const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: signedUp.cookie } });
  const { reauthenticatedUntil: _ignored, ...user } = me.json<User>();
  expect(user.isAdmin, `${email} must be listed in ADMIN_EMAILS`).toBe(true);
  return { ...signedUp, user };
}
