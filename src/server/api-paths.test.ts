// engines: one
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../shared/texts.js';
import { ADMIN_EMAIL, createTestApp, openTestDatabase, type TestApp } from '../../test/helpers/app.js';
import { PASSWORD, randomIp, signUp, uniqueEmail } from '../../test/helpers/factories.js';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { users } from './db/schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Paths the router sends to `/api/auth/user` although they do not start with `/api/` as written. */
const ENCODED_USER_PATHS = ['/%61pi/auth/user', '/%61%70%69/auth/user', '/api/%61uth/user'];

describe('percent-encoded API paths get the same gates as plain ones', () => {
  it('refuses a cross-site sign-in through an encoded path as through the plain one', async () => {
    const { email, password } = await signUp(t.app);
    const send = (url: string) =>
      t.app.inject({ method: 'POST', url, remoteAddress: randomIp(), headers: { 'sec-fetch-site': 'cross-site' }, payload: { email, password } });
    const plain = await send('/api/auth/login');
    expect(plain.statusCode).toBe(403);
    for (const url of ['/%61pi/auth/login', '/api/auth/%6Cogin']) {
      const encoded = await send(url);
      expect(encoded.statusCode, url).toBe(403);
      expect(encoded.json()).toEqual({ message: MESSAGES.crossOrigin, code: 'cross_origin' });
      expect(encoded.cookies).toHaveLength(0);
    }
  });

  it('refuses a cross-site change through an encoded path and changes nothing', async () => {
    const { cookie, user } = await signUp(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/%61pi/auth/username',
      headers: { cookie, origin: 'https://evil.example' },
      payload: { username: `hijacked_${randomBytes(3).toString('hex')}` },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: MESSAGES.crossOrigin, code: 'cross_origin' });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).json().username).toBe(user.username);
  });

  it("ends a banned person's session through an encoded path as through the plain one", async () => {
    for (const url of ENCODED_USER_PATHS) {
      const { cookie, user } = await signUp(t.app);
      await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, user.id));
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ message: MESSAGES.suspended, code: 'account_suspended' });
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
    }
  });

  it('treats a signed-in request through an encoded path as signed in, terms gate included', async () => {
    const { cookie, user } = await signUp(t.app);
    for (const url of ENCODED_USER_PATHS) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toMatchObject({ id: user.id });
    }
    const newcomer = await signUp(t.app, { acceptTerms: false });
    const held = await t.app.inject({ method: 'PATCH', url: '/%61pi/auth/username', headers: { cookie: newcomer.cookie }, payload: { username: `newcomer_${randomBytes(3).toString('hex')}` } });
    expect(held.statusCode).toBe(403);
    expect(held.json()).toEqual({ message: MESSAGES.termsRequired, code: 'terms_not_accepted' });
  });

  describe('with the web app built', () => {
    let app: FastifyInstance;
    let closeDatabase: () => Promise<void>;
    let clientDir: string;
    beforeAll(async () => {
      clientDir = mkdtempSync(join(tmpdir(), 'csm-client-'));
      writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Community Services</title>');
      const database = await openTestDatabase();
      closeDatabase = () => database.close();
      const config = loadConfig({ NODE_ENV: 'test', ADMIN_EMAILS: ADMIN_EMAIL, DATA_DIR: '.tmp/unused' });
      app = await buildApp({ config, database, sessionSecret: randomBytes(32).toString('hex'), clientDir });
    });
    afterAll(async () => {
      await app.close();
      await closeDatabase();
      rmSync(clientDir, { recursive: true, force: true });
    });

    it('answers an unknown encoded API path with JSON 404, not the page', async () => {
      for (const url of ['/%61pi/no-such-thing', '/api%2Fno-such-thing', '/api?x=1']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual({ message: MESSAGES.notFound, code: 'not_found' });
      }
      const page = await app.inject({ method: 'GET', url: '/apiary' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
    });
  });
});

describe('personal answers are never stored by a cache', () => {
  const noStore = (res: { headers: Record<string, unknown> }) => res.headers['cache-control'];

  it('marks every personal prefix no-store, signed in and signed out, errors included', async () => {
    const person = await signUp(t.app);
    const personal = [
      '/api/auth/user',
      '/api/auth/providers',
      '/api/conversations',
      '/api/conversations/999999999/messages',
      '/api/my-services',
      '/api/admin/users',
      '/api/admin/reports',
      '/api/messages/unread-count',
      '/api/events',
      '/%61pi/my-services',
    ];
    for (const url of personal) {
      // The event stream itself (signed in) is checked in events/stream.test.ts: it stays open.
      const headers = url === '/api/events' ? [{}] : [{}, { cookie: person.cookie }];
      for (const h of headers) {
        const res = await t.app.inject({ method: 'GET', url, headers: h });
        expect(noStore(res), `${url} ${res.statusCode}`).toBe('no-store');
      }
    }
  });

  it('marks sign-up, sign-in (failed too) and sign-out no-store', async () => {
    const email = uniqueEmail();
    const register = await t.app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: randomIp(), payload: { email, password: PASSWORD } });
    expect(register.statusCode).toBe(201);
    const failed = await t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: randomIp(), payload: { email, password: `${PASSWORD}!` } });
    expect(failed.statusCode).toBe(401);
    const logout = await t.app.inject({ method: 'POST', url: '/api/logout' });
    for (const res of [register, failed, logout]) expect(noStore(res), String(res.statusCode)).toBe('no-store');
  });

  it("marks a signed-in person's view of public pages no-store, and leaves the signed-out view and public data alone", async () => {
    const { cookie } = await signUp(t.app);
    expect(noStore(await t.app.inject({ method: 'GET', url: '/api/services', headers: { cookie } }))).toBe('no-store');
    expect(noStore(await t.app.inject({ method: 'GET', url: '/api/services' }))).toBeUndefined();
    // The catalogue is the same for everyone, signed in or not (its own policy).
    expect(noStore(await t.app.inject({ method: 'GET', url: '/api/categories', headers: { cookie } }))).toBe('public, max-age=300, stale-while-revalidate=86400');
    expect(noStore(await t.app.inject({ method: 'GET', url: '/api/zip/10001', headers: { cookie } }))).toBe('public, max-age=86400');
    // A stale session cookie is cleared even on a public answer: an answer that sets a cookie is never stored.
    const stale = await t.app.inject({ method: 'GET', url: '/api/categories', headers: { cookie: `${cookie.split('=')[0]}=stale` } });
    expect(stale.headers['set-cookie']).toBeDefined();
    expect(noStore(stale)).toBe('no-store');
  });
});
