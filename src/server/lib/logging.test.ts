// engines: both — each driver's failed-query errors, which must not log their parameters
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '#test/helpers/app.js';
import { randomIp, sessionCookieFrom, signUp } from '#test/helpers/factories.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { isValidRequestId, loggerOptions, REDACTED, scrubUrl } from './logging.js';

/** A fresh secret per use, so a hit in the log can only come from that request. */
const secret = (label: string) => `${label}SECRET${randomBytes(8).toString('hex')}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let database: Database;
let app: FastifyInstance;
let lines: string[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '.tmp/unused', LISTINGS_CACHE_MS: '0' });
  // The logger main.ts builds, writing to this array instead of stdout.
  app = await buildApp({ config, database, sessionSecret: randomBytes(32).toString('hex'), logger: loggerOptions('info', { write: (line) => void lines.push(line) }) });
  // Failing queries whose parameter is a secret: one the database quotes back in its message, one it does not.
  app.get('/api/test/bad-cast', async (request) => database.db.execute(sql`select ${request.headers['x-secret'] as string}::int as n`));
  app.get('/api/test/no-table', async (request) => database.db.execute(sql`select * from no_such_table where name = ${request.headers['x-secret'] as string}`));
  app.post('/api/test/log-object', async (request) => {
    request.log.info({ headers: request.headers, body: request.body, password: (request.body as { password: string }).password }, 'an object with secrets');
    return {};
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});
beforeEach(() => {
  lines = [];
});

const logged = () => lines.join('');
const expectNoneOf = (...secrets: string[]) => {
  const text = logged();
  expect(text.length).toBeGreaterThan(0);
  for (const s of secrets) expect(text, `"${s}" is in the log`).not.toContain(s);
};

describe('log lines carry no secrets', () => {
  it('masks the tokens of emailed links and of the OpenID Connect callback in the logged URL', async () => {
    const [reset, verify, code, state] = [secret('reset'), secret('verify'), secret('code'), secret('state')];
    await app.inject({ method: 'GET', url: `/reset-password?token=${reset}` });
    await app.inject({ method: 'GET', url: `/verify-email?token=${verify}&utm_source=mail` });
    await app.inject({ method: 'GET', url: `/api/callback?code=${code}&state=${state}` });
    expectNoneOf(reset, verify, code, state);
    const urls = lines.map((l) => JSON.parse(l) as { msg: string; url?: string }).flatMap((l) => (l.msg === 'request completed' ? [l.url] : []));
    expect(urls).toEqual([`/reset-password?token=${REDACTED}`, `/verify-email?token=${REDACTED}&utm_source=mail`, `/api/callback?code=${REDACTED}&state=${REDACTED}`]);
  });

  it('logs no cookie, authorization header or password, even when code logs the whole request', async () => {
    const person = await signUp(app);
    const [bearer, password] = [secret('bearer'), secret('password')];
    const sessionValue = person.cookie.split('=')[1]!;
    await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: person.cookie, authorization: `Bearer ${bearer}` } });
    await app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: randomIp(), payload: { email: person.email, password } });
    await app.inject({ method: 'POST', url: '/api/test/log-object', headers: { cookie: person.cookie, authorization: `Bearer ${bearer}` }, payload: { password } });
    expectNoneOf(sessionValue, bearer, password);
    const line = lines.map((l) => JSON.parse(l) as { msg: string; headers?: Record<string, string>; body?: object; password?: string }).find((l) => l.msg === 'an object with secrets')!;
    expect(line.headers).toMatchObject({ cookie: REDACTED, authorization: REDACTED });
    expect(line).toMatchObject({ body: { password: REDACTED }, password: REDACTED });
  });

  it('logs a failed query without its parameters, and answers a plain 500', async () => {
    for (const url of ['/api/test/bad-cast', '/api/test/no-table']) {
      lines = [];
      const value = secret('param');
      const res = await app.inject({ method: 'GET', url, headers: { 'x-secret': value } });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain(value);
      expectNoneOf(value);
      const failure = lines.map((l) => JSON.parse(l) as { msg: string; err?: { type: string; message: string; query?: string; cause?: { code?: string } } }).find((l) => l.msg === 'request failed');
      // The failure itself is still there to debug: the statement and the database's error code.
      expect(failure?.err?.type).toBe('DrizzleQueryError');
      expect(failure?.err?.message).toMatch(/^Failed query: select/);
      expect(failure?.err?.query).toMatch(/^select/);
      expect(failure?.err?.cause?.code).toBe(url.endsWith('bad-cast') ? '22P02' : '42P01');
    }
  });
});

describe('the request line', () => {
  type Line = { msg: string; reqId: string; method: string; route: string | null; url: string; status: number; durationMs: number; userId: string | null };
  const requestLines = () => lines.map((l) => JSON.parse(l) as Line).filter((l) => l.msg === 'request completed');

  it('is one line per request, when the answer has gone, with the route pattern, status, duration and user id', async () => {
    const person = await signUp(app);
    lines = [];
    const res = await app.inject({ method: 'GET', url: '/api/services/999999999?x=1', headers: { cookie: person.cookie, 'x-request-id': 'line-1' } });
    expect(res.statusCode).toBe(404);
    expect(lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(['request completed']);
    const [line] = requestLines();
    expect(line).toMatchObject({ reqId: 'line-1', method: 'GET', route: '/api/services/:id', url: '/api/services/999999999?x=1', status: 404, userId: person.user.id });
    expect(line!.durationMs).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(line)).not.toContain(person.cookie.split('=')[1]!);

    lines = [];
    await app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(requestLines()).toEqual([expect.objectContaining({ route: null, url: '/api/no-such-route', status: 404, userId: null })]);
  });

  it('carries no password, token or cookie of a sign-in, whatever the answer', async () => {
    const person = await signUp(app);
    lines = [];
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: randomIp(), payload: { email: person.email, password: person.password } });
    expect(res.statusCode).toBe(200);
    const issued = sessionCookieFrom(res).split('=')[1]!;
    const [line] = requestLines();
    expect(line).toMatchObject({ route: '/api/auth/login', status: 200 });
    expect(logged()).not.toContain(person.password);
    expect(logged()).not.toContain(issued);
  });
});

describe('request ids', () => {
  const idOf = async (headers: Record<string, string> = {}) => {
    lines = [];
    const res = await app.inject({ method: 'GET', url: '/api/health', headers });
    const reqIds = new Set(lines.map((l) => (JSON.parse(l) as { reqId: string }).reqId));
    expect([...reqIds]).toEqual([res.headers['x-request-id']]);
    return res.headers['x-request-id'];
  };

  it('takes a valid X-Request-Id, echoes it and logs it', async () => {
    expect(await idOf({ 'x-request-id': 'edge-42.a_B' })).toBe('edge-42.a_B');
    const longest = 'a'.repeat(128);
    expect(await idOf({ 'x-request-id': longest })).toBe(longest);
  });

  it('replaces an invalid X-Request-Id with a random UUID, and makes one up when none is sent', async () => {
    for (const bad of ['', 'a'.repeat(129), 'two words', 'id\u00e9', 'x;rm -rf', '<script>']) {
      const id = await idOf({ 'x-request-id': bad });
      expect(id, JSON.stringify(bad)).toMatch(UUID);
    }
    const [a, b] = [await idOf(), await idOf()];
    expect(a).toMatch(UUID);
    expect(b).toMatch(UUID);
    expect(a).not.toBe(b);
  });

  it('is echoed on errors too', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'x-request-id': 'trace-1', 'content-type': 'application/json' }, payload: '{' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['x-request-id']).toBe('trace-1');
  });
});

describe('the helpers', () => {
  it('masks secret query values by name, whatever their case or encoding, and keeps the rest', () => {
    expect(scrubUrl('/a')).toBe('/a');
    expect(scrubUrl('/a?q=tutor&page=2')).toBe('/a?q=tutor&page=2');
    expect(scrubUrl('/a?Token=x&access_token=y&client%5Fsecret=z&flag')).toBe(`/a?Token=${REDACTED}&access_token=${REDACTED}&client%5Fsecret=${REDACTED}&flag`);
    expect(scrubUrl('/a?%E0%A4%A=1&password=p')).toBe(`/a?%E0%A4%A=1&password=${REDACTED}`);
  });

  it("masks a person's coordinates ('Use my location'), keeping the ZIP of a search", () => {
    expect(scrubUrl('/api/zip/nearest?lat=40.81311&lng=-74.21652')).toBe(`/api/zip/nearest?lat=${REDACTED}&lng=${REDACTED}`);
    expect(scrubUrl('/x?latitude=1&Longitude=2&lon=3&near=07042')).toBe(`/x?latitude=${REDACTED}&Longitude=${REDACTED}&lon=${REDACTED}&near=07042`);
  });

  it('checks request ids in linear time', () => {
    expect(isValidRequestId('abc-DEF_1.2')).toBe(true);
    expect(isValidRequestId('-'.repeat(128) + '!')).toBe(false);
  });
});
