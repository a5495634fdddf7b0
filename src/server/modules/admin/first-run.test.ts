// engines: one
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '#shared/account.js';
import { ADMIN_ERRORS, type AdminUser, type AdminUsersPage } from '#shared/admin.js';
import type { User } from '#shared/auth.js';
import type { Conversation } from '#shared/messaging.js';
import { allPages, call, ok, type Method } from '#test/helpers/admin.js';
import { randomIp, sessionCookieFrom, signUp, signUpAdministrator, type SignedUp } from '#test/helpers/factories.js';
import { createTestAppWithSmtp, linkIn, type TestAppWithSmtp } from '#test/helpers/smtp.js';

/** The first ADMIN_EMAILS address: the organiser, whose account is also the team's inbox. */
const ORGANISER = 'organiser@example.test';
/** A second administrator, already proven, who watches the first run. */
const MODERATOR = 'moderator@example.test';

let t: TestAppWithSmtp;
let moderator: SignedUp;
beforeAll(async () => {
  t = await createTestAppWithSmtp({ ADMIN_EMAILS: `${ORGANISER},${MODERATOR}` });
  moderator = await signUpAdministrator(t.app, t.database.db, MODERATOR);
});
afterAll(() => t?.close());

const adminCalls = (targetId: string): Array<[Method, string]> => [
  ['GET', '/api/admin/users'],
  ['GET', '/api/admin/services'],
  ['GET', '/api/admin/reports'],
  ['GET', '/api/admin/conversations'],
  ['GET', '/api/admin/audit-log'],
  ['POST', `/api/admin/users/${targetId}/ban`],
  ['DELETE', '/api/admin/services/1'],
];

const contactTheTeam = (who: SignedUp) =>
  call(t, 'POST', '/api/conversations', who.cookie, { participantId: 'support', message: 'Is the team there?', sendCopyToSender: false });

describe('the first run: an ADMIN_EMAILS address becomes the administrator once it is proven (decision 016)', () => {
  it('is a member until the emailed link is opened, then the administrator and the team inbox', { timeout: 90_000 }, async () => {
    const neighbour = await signUp(t.app);
    const organiser = await signUp(t.app, { email: ORGANISER });
    expect(organiser.user).toMatchObject({ isAdmin: false, emailVerified: false });
    expect(await ok<User>(call(t, 'GET', '/api/auth/user', organiser.cookie))).toMatchObject({ isAdmin: false });

    // Until then: every administrator call is refused, the team's inbox is not bound, and the role protects nothing.
    for (const [method, url] of adminCalls(neighbour.user.id)) {
      const res = await call(t, method, url, organiser.cookie);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ message: ADMIN_ERRORS.forbidden, code: 'forbidden' });
    }
    expect((await contactTheTeam(neighbour)).statusCode).toBe(503);
    const listed = await allPages<AdminUser>(t, moderator.cookie, '/api/admin/users', 'users', 100);
    expect(listed.items.find((u) => u.id === organiser.user.id)).toMatchObject({ isAdmin: false });
    expect((await call(t, 'POST', `/api/admin/users/${organiser.user.id}/ban`, moderator.cookie)).statusCode).toBe(200);
    expect((await call(t, 'POST', `/api/admin/users/${organiser.user.id}/unban`, moderator.cookie)).statusCode).toBe(200);
    const { cookie } = await signIn(organiser);

    // The link of the verification email.
    await t.app.mailer.flush();
    const [verification] = t.smtp.to(ORGANISER).filter((m) => m.subject === 'Confirm your email address');
    const opened = await call(t, 'POST', '/api/auth/verify-email', undefined, { token: linkIn(verification!, '/verify-email').token });
    expect(opened.statusCode, opened.body).toBe(200);

    expect(await ok<User>(call(t, 'GET', '/api/auth/user', cookie))).toMatchObject({ isAdmin: true, emailVerified: true });
    const page = await ok<AdminUsersPage>(call(t, 'GET', '/api/admin/users?limit=100', cookie));
    expect(page.users.find((u) => u.id === organiser.user.id)).toMatchObject({ isAdmin: true });
    const ban = await call(t, 'POST', `/api/admin/users/${organiser.user.id}/ban`, moderator.cookie);
    expect(ban.statusCode).toBe(403);
    expect(ban.json()).toEqual({ message: ADMIN_ERRORS.cannotBanAdmin, code: 'forbidden' });
    const contact = await contactTheTeam(neighbour);
    expect(contact.statusCode, contact.body).toBe(201);
    expect(contact.json<Conversation>().participant2Id).toBe(organiser.user.id);
    const leave = await call(t, 'DELETE', '/api/auth/account', cookie, { password: organiser.password });
    expect(leave.statusCode).toBe(403);
    expect(leave.json()).toEqual({ message: ACCOUNT_MESSAGES.adminCannotDelete, code: 'forbidden' });
  });
});

/** A ban ends the person's sessions: a new one, with the password. */
async function signIn(who: SignedUp): Promise<SignedUp> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: randomIp(), payload: { email: who.email, password: who.password } });
  expect(res.statusCode, res.body).toBe(200);
  return { ...who, cookie: sessionCookieFrom(res) };
}
