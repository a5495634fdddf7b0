// engines: one
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '#shared/auth.js';
import { oidcIdentities } from '#server/db/schema.js';
import { randomIp, sessionCookieFrom, signUp, uniqueEmail } from '#test/helpers/factories.js';
import { followProviderFlow, startTestOidcProvider, type TestAccountClaims, type TestOidcProvider } from '#test/helpers/oidc-provider.js';
import { createTestAppWithSmtp, linkIn, type TestAppWithSmtp } from '#test/helpers/smtp.js';

/**
 * Pre-account hijacking (decision 016): someone signs up with another person's address before they do.
 * The provider's word that the address is theirs must not hand the squatter's account (password and sessions
 * still working) to the real owner's identity, nor the owner's identity to the squatter.
 */
const APP_URL = 'http://market.test';

let provider: TestOidcProvider;
let t: TestAppWithSmtp;
beforeAll(async () => {
  provider = await startTestOidcProvider({ appUrl: APP_URL });
  t = await createTestAppWithSmtp({ PUBLIC_URL: APP_URL, OIDC_ISSUER_URL: provider.issuer, OIDC_CLIENT_ID: provider.clientId, OIDC_CLIENT_SECRET: provider.clientSecret });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

let subjects = 0;
const uniqueSub = () => `victim-${Date.now().toString(36)}-${++subjects}`;
const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, payload: object, cookie?: string) => t.app.inject({ method: 'POST', url, remoteAddress: randomIp(), headers: cookie ? { cookie } : {}, payload });
const login = (email: string, password: string) => post('/api/auth/login', { email, password });
const sessionCookie = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name.endsWith('csm_session') && c.value !== '');

async function signInWithProvider(sub: string, claims: TestAccountClaims) {
  provider.accounts.set(sub, claims);
  return followProviderFlow(t.app, await get('/api/login/oidc'), sub);
}

async function identitiesOf(sub: string) {
  return t.database.db.select().from(oidcIdentities).where(and(eq(oidcIdentities.issuer, provider.issuer), eq(oidcIdentities.subject, sub)));
}

/** The newest email to `to` with this subject, once the outbox has sent what is due. */
async function lastMail(to: string, subject: string) {
  await t.app.mailer.flush();
  const mail = t.smtp.to(to).filter((m) => m.subject === subject).at(-1);
  if (!mail) throw new Error(`no "${subject}" to ${to}`);
  return mail;
}

/** 'Forgot your password?' and the emailed link, as the mailbox's owner does. */
async function resetThroughMailbox(email: string, password: string) {
  expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(202);
  const res = await post('/api/auth/reset-password', { token: linkIn(await lastMail(email, 'Reset your password'), '/reset-password').token, password });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

describe('a local account whose address was never proven', () => {
  it('is not linked to the provider identity of the address\'s owner; the squatter gains nothing, and loses everything once the owner resets the password', { timeout: 120_000 }, async () => {
    const victim = uniqueEmail('victim');
    const squatter = await signUp(t.app, { email: victim, password: 'the squatter knows this one' });
    const attackerMailbox = uniqueEmail('attacker');
    expect((await post('/api/auth/change-email', { newEmail: attackerMailbox, currentPassword: 'the squatter knows this one' }, squatter.cookie)).statusCode).toBe(202);
    const pendingLink = linkIn(await lastMail(attackerMailbox, 'Confirm your new email address'), '/verify-email').token;

    // The owner signs in through the provider, which vouches for the address: refused, nothing linked, nobody signed in.
    const sub = uniqueSub();
    const refused = await signInWithProvider(sub, { email: victim, email_verified: true, given_name: 'Victoria' });
    expect(refused.statusCode).toBe(302);
    expect(refused.headers.location).toBe('/login?error=link_unverified');
    expect(sessionCookie(refused)).toBeUndefined();
    expect(await identitiesOf(sub)).toEqual([]);
    expect((await get('/api/auth/user', squatter.cookie)).json<User>()).toMatchObject({ id: squatter.user.id, firstName: null });

    // 'Forgot your password?': the link reaches the mailbox's owner, who proves the address and takes the account back.
    const reset = await resetThroughMailbox(victim, 'the owner chose this one');
    expect(reset.json<User>()).toMatchObject({ id: squatter.user.id, emailVerified: true, pendingEmail: null });
    expect((await get('/api/auth/user', squatter.cookie)).statusCode).toBe(401);
    expect((await login(victim, 'the squatter knows this one')).statusCode).toBe(401);
    expect((await post('/api/auth/verify-email', { token: pendingLink })).statusCode).toBe(400);
    expect((await login(attackerMailbox, 'the squatter knows this one')).statusCode).toBe(401);

    // Now the address is proven, the provider identity links, and the owner is signed in.
    const linked = await signInWithProvider(sub, { email: victim, email_verified: true });
    expect(linked.headers.location).toBe('/');
    expect((await get('/api/auth/user', sessionCookieFrom(linked))).json<User>()).toMatchObject({ id: squatter.user.id, email: victim });
    expect(await identitiesOf(sub)).toEqual([expect.objectContaining({ userId: squatter.user.id })]);
  });

  it('loses a provider identity linked on an unproven address when the mailbox\'s owner resets the password', { timeout: 120_000 }, async () => {
    // A provider that does not vouch for addresses lets anyone claim one: the account is made with it, unverified.
    const victim = uniqueEmail('claimed');
    const attackerSub = uniqueSub();
    const claimed = await signInWithProvider(attackerSub, { email: victim, email_verified: false });
    const attackerCookie = sessionCookieFrom(claimed);
    const account = (await get('/api/auth/user', attackerCookie)).json<User>();
    expect(account).toMatchObject({ email: victim, emailVerified: false, hasPassword: false });

    await resetThroughMailbox(victim, 'the owner chose this one');
    expect((await get('/api/auth/user', attackerCookie)).statusCode).toBe(401);
    expect(await identitiesOf(attackerSub)).toEqual([]);
    const again = await signInWithProvider(attackerSub, { email: victim, email_verified: false });
    expect(again.headers.location).toBe('/login?error=email_in_use');
    expect(sessionCookie(again)).toBeUndefined();
  });
});
