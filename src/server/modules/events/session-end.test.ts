// engines: both — live streams ended through the bus after a commit
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_EMAIL, openTestDatabase, testConfig } from '#test/helpers/app.js';
import { PASSWORD, randomIp, sessionCookieFrom, signUp, signUpAdministrator, type SignedUp } from '#test/helpers/factories.js';
import { SseReader } from '#test/helpers/sse.js';
import { linkIn, startSmtpServer, type TestSmtpServer } from '#test/helpers/smtp.js';
import { buildApp } from '../../app.js';
import type { Database } from '../../db/client.js';
import { eventsRoutes, RECONNECT_MS } from './routes.js';

/**
 * Decision 017: a live event stream ends within a second of the end of the session it was opened with (sign-out,
 * a password change elsewhere, a password reset, account deletion) or of a ban, and coming back is refused.
 */
const WITHIN_MS = 1000;
const ENDED_AT_OPEN_PATH = '/api/test/events-session-gone';

let database: Database;
let smtp: TestSmtpServer;
const sessionSecret = randomBytes(32).toString('hex');
const apps: Array<{ app: FastifyInstance; url: string }> = [];
const readers: SseReader[] = [];

/** The real app on a real port (streams need real HTTP); several on one database stand for several processes. */
async function startApp(): Promise<{ app: FastifyInstance; url: string }> {
  const config = testConfig({ ADMIN_EMAILS: ADMIN_EMAIL, LISTINGS_CACHE_MS: '0', SMTP_URL: smtp.url });
  const app = await buildApp({ config, database, sessionSecret });
  await app.register(eventsRoutes, { bus: app.events, path: ENDED_AT_OPEN_PATH, sessionIsLive: async () => false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const started = { app, url: `http://127.0.0.1:${address.port}` };
  apps.push(started);
  return started;
}

let main: { app: FastifyInstance; url: string };
beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startSmtpServer();
  main = await startApp();
});
afterAll(async () => {
  await Promise.all(readers.map((reader) => reader.cancel()));
  for (const { app } of apps) await app.close();
  await smtp?.close();
  await database?.close();
});

const post = (app: FastifyInstance, url: string, cookie: string | undefined, payload?: object) =>
  app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, payload, remoteAddress: randomIp() });

/** Opens the stream and reads past its opening frames (`retry:` and the unread count): it is subscribed then. */
async function openStream(cookie: string, base = main.url): Promise<SseReader> {
  const response = await fetch(`${base}/api/events`, { headers: { cookie } });
  expect(response.status).toBe(200);
  const reader = new SseReader(response);
  readers.push(reader);
  expect((await reader.next())?.retry).toBe(RECONNECT_MS);
  expect((await reader.nextEvent()).data).toMatchObject({ type: 'unread' });
  return reader;
}

/** The stream has ended, or ends within a second of `since` (when the action was answered); frames on the way are read past. */
async function expectEndedWithin(reader: SseReader, since: number): Promise<void> {
  await reader.rest(WITHIN_MS);
  expect(reader.ended).toBe(true);
  expect(Date.now() - since).toBeLessThan(WITHIN_MS);
}

/** What the browser's reconnect gets. */
const reconnect = async (cookie: string, base = main.url) => {
  const response = await fetch(`${base}/api/events`, { headers: { cookie } });
  await response.body?.cancel();
  return response.status;
};

/** A second session of the same person, as from another device. */
async function anotherSession(person: SignedUp): Promise<string> {
  const res = await post(main.app, '/api/auth/login', undefined, { email: person.email, password: PASSWORD });
  expect(res.statusCode).toBe(200);
  return sessionCookieFrom(res);
}

describe('a live stream ends within a second', () => {
  it('of signing out, and only the stream of that session', async () => {
    const person = await signUp(main.app);
    const otherDevice = await anotherSession(person);
    const stream = await openStream(person.cookie);
    const elsewhere = await openStream(otherDevice);

    expect((await post(main.app, '/api/logout', person.cookie)).statusCode).toBe(302);
    await expectEndedWithin(stream, Date.now());
    expect(await reconnect(person.cookie)).toBe(401);

    await main.app.events.publish([person.user.id], { type: 'unread', count: 3 });
    expect((await elsewhere.nextEvent()).data).toEqual({ type: 'unread', count: 3 });
  });

  it('of a password change in another session, which keeps its own stream', async () => {
    const person = await signUp(main.app);
    const laptop = await anotherSession(person);
    const stream = await openStream(person.cookie);
    const laptopStream = await openStream(laptop);

    const changed = await post(main.app, '/api/auth/change-password', laptop, { currentPassword: PASSWORD, newPassword: 'a brand new passphrase' });
    expect(changed.statusCode).toBe(200);
    await expectEndedWithin(stream, Date.now());
    expect(await reconnect(person.cookie)).toBe(401);

    await main.app.events.publish([person.user.id], { type: 'unread', count: 5 });
    expect((await laptopStream.nextEvent()).data).toEqual({ type: 'unread', count: 5 });
  });

  it('of a password reset', async () => {
    const person = await signUp(main.app);
    const stream = await openStream(person.cookie);
    expect((await post(main.app, '/api/auth/forgot-password', undefined, { email: person.email })).statusCode).toBe(202);
    await main.app.mailer.flush();
    const mail = smtp.to(person.email).find((m) => m.subject === 'Reset your password');
    const { token } = linkIn(mail!, '/reset-password');

    expect((await post(main.app, '/api/auth/reset-password', undefined, { token, password: 'a brand new passphrase' })).statusCode).toBe(200);
    await expectEndedWithin(stream, Date.now());
    expect(await reconnect(person.cookie)).toBe(401);
  });

  it('of a ban (coming back answers 403, suspended)', async () => {
    const admin = await signUpAdministrator(main.app, database.db, ADMIN_EMAIL);
    const person = await signUp(main.app);
    const stream = await openStream(person.cookie);

    expect((await post(main.app, `/api/admin/users/${person.user.id}/ban`, admin.cookie)).statusCode).toBe(200);
    await expectEndedWithin(stream, Date.now());
    expect(await reconnect(person.cookie)).toBe(403);
  });

  it('of the deletion of the account', async () => {
    const person = await signUp(main.app);
    const stream = await openStream(person.cookie);

    const deleted = await main.app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      headers: { cookie: person.cookie },
      payload: { password: PASSWORD },
      remoteAddress: randomIp(),
    });
    expect(deleted.statusCode).toBe(200);
    await expectEndedWithin(stream, Date.now());
    expect(await reconnect(person.cookie)).toBe(401);
  });

  it('of a session that ended between the request and the subscription', async () => {
    const person = await signUp(main.app);
    const response = await fetch(`${main.url}${ENDED_AT_OPEN_PATH}`, { headers: { cookie: person.cookie } });
    expect(response.status).toBe(200);
    const reader = new SseReader(response);
    readers.push(reader);
    const since = Date.now();
    expect((await reader.next())?.retry).toBe(RECONNECT_MS);
    await expectEndedWithin(reader, since);
  });
});

// Several app processes on one PostgreSQL: the end travels by LISTEN/NOTIFY like the events do.
describe.runIf(inject('pgTemplate'))('across app processes on PostgreSQL', () => {
  it('signing out through one process ends the stream another process holds', async () => {
    const other = await startApp();
    const person = await signUp(main.app);
    const stream = await openStream(person.cookie, other.url);

    expect((await post(main.app, '/api/logout', person.cookie)).statusCode).toBe(302);
    await expectEndedWithin(stream, Date.now());
    expect(await reconnect(person.cookie, other.url)).toBe(401);
  });

  it('a password change through one process ends the other sessions\u2019 streams in another, keeping its own', async () => {
    const other = await startApp();
    const person = await signUp(main.app);
    const phone = await anotherSession(person);
    const phoneStream = await openStream(phone, other.url);
    const ownStream = await openStream(person.cookie, other.url);

    const changed = await post(main.app, '/api/auth/change-password', person.cookie, { currentPassword: PASSWORD, newPassword: 'a brand new passphrase' });
    expect(changed.statusCode).toBe(200);
    await expectEndedWithin(phoneStream, Date.now());
    await main.app.events.publish([person.user.id], { type: 'unread', count: 8 });
    expect((await ownStream.nextEvent()).data).toEqual({ type: 'unread', count: 8 });
  });
});
