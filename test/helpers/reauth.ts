import { randomUUID } from 'node:crypto';
import { createAuthRepository, createSessionStore } from '../../src/server/modules/accounts/index.js';
import type { TestApp } from './app.js';

/**
 * The shape of an ID token as the session keeps it after openid-client checked it at the callback; only its
 * claims are read again (`auth_time`, decision 016). The real flow is in src/server/modules/accounts/oidc/reauth.test.ts.
 */
export function storedIdToken(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256' })}.${part({ iss: 'https://id.example.org', sub: randomUUID(), ...claims })}.c2lnbmF0dXJl`;
}

/** The session cookie's name: `__Host-` prefixed when the app's PUBLIC_URL is https. */
export interface CookieOptions {
  secure?: boolean;
}

/**
 * An account without a password (it signed in through a provider), written straight to the database, and a
 * session whose last sign-in at the provider was `authenticatedSecondsAgo` ago (none when undefined).
 */
export async function providerOnlyPerson(
  t: TestApp,
  authenticatedSecondsAgo?: number,
  options: CookieOptions = {},
): Promise<{ id: string; email: string; cookie: string }> {
  const repo = createAuthRepository(t.database.db);
  const id = randomUUID();
  const email = `provider-${id}@example.test`;
  await repo.insertUser({ id, email, emailVerified: true, username: `prov_${id.slice(0, 8)}`, termsAccepted: true });
  return { id, email, cookie: await providerSession(t, id, authenticatedSecondsAgo, options) };
}

/** Another session of `userId`, as after a sign-in at the provider `authenticatedSecondsAgo` ago (none when undefined). */
export async function providerSession(t: TestApp, userId: string, authenticatedSecondsAgo?: number, options: CookieOptions = {}): Promise<string> {
  const sessions = createSessionStore(createAuthRepository(t.database.db));
  const idToken = authenticatedSecondsAgo === undefined ? undefined : storedIdToken({ auth_time: Math.floor(Date.now() / 1000) - authenticatedSecondsAgo });
  return `${options.secure ? '__Host-' : ''}csm_session=${t.app.signCookie(await sessions.create(userId, { oidcIdToken: idToken, method: 'oidc' }))}`;
}
