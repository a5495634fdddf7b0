// engines: both — the pool's figures exist on PostgreSQL only
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/helpers/app.js';
import { randomIp, signUp } from '#test/helpers/factories.js';
import { SseReader } from '#test/helpers/sse.js';
import { ConfigError, loadConfig } from '../../config.js';
import { outbox } from '../../db/schema.js';
import { onRateLimitRefusal } from '../../lib/rate-limit.js';
import { createSignInLimits } from '../accounts/index.js';
import { recordBackupSuccess, type Metrics } from './metrics.js';
import { isLoopback } from '../../lib/local-requests.js';
import { metricsRoutes } from './routes.js';

const TOKEN = randomBytes(24).toString('hex');
const OUTSIDER = '203.0.113.9';

let t: TestApp;
beforeAll(async () => {
  // A sign-in budget of 1 a minute per address, so the second attempt is refused.
  t = await createTestApp({ METRICS_TOKEN: TOKEN, RATE_LIMIT_SCALE: '0.1' });
});
afterAll(async () => {
  await t?.close();
});

/** `name{labels}` → value, from Prometheus's text format; every line must be a comment, blank or a sample. */
function parse(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
    const space = line.lastIndexOf(' ');
    const text = line.slice(space + 1);
    const value = Number(text);
    // prom-client writes Nan for a gauge with nothing measured yet (the event loop's mean before its first sample).
    expect(Number.isNaN(value) && text !== 'NaN' && text !== 'Nan', line).toBe(false);
    samples.set(line.slice(0, space), value);
  }
  return samples;
}

async function scrape(): Promise<Map<string, number>> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(res.headers['cache-control']).toBe('no-store');
  return parse(res.body);
}

const requests = (samples: Map<string, number>, route: string, statusClass: string) =>
  samples.get(`http_request_duration_seconds_count{method="GET",route="${route}",status_class="${statusClass}"}`) ?? 0;

describe('GET /metrics', () => {
  it('counts requests by route pattern and status class, never by raw URL', async () => {
    const before = await scrape();
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/services/987654321' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/no-such-thing-42' })).statusCode).toBe(404);
    const after = await scrape();
    expect(requests(after, '/api/health', '2xx') - requests(before, '/api/health', '2xx')).toBe(1);
    expect(requests(after, '/api/services/:id', '4xx') - requests(before, '/api/services/:id', '4xx')).toBe(1);
    expect(requests(after, 'unmatched', '4xx') - requests(before, 'unmatched', '4xx')).toBe(1);
    expect([...after.keys()].some((key) => key.includes('987654321') || key.includes('no-such-thing'))).toBe(false);
    expect(after.get('http_request_duration_seconds_sum{method="GET",route="/api/health",status_class="2xx"}')).toBeGreaterThan(0);
  });

  it('reports the process, the event loop, the database pool, streams and backups', async () => {
    const samples = await scrape();
    expect(samples.get('process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(samples.get('nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(samples.has('nodejs_eventloop_lag_seconds')).toBe(true);
    expect(samples.get('nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(samples.get('event_streams_open')).toBe(0);
    if (t.database.kind === 'postgres') {
      expect(samples.get('db_pool_connections{state="in_use"}')! + samples.get('db_pool_connections{state="idle"}')!).toBeGreaterThanOrEqual(1);
      expect(samples.get('db_pool_waiting')).toBe(0);
    } else {
      // The embedded engine has no pool.
      expect([...samples.keys()].some((key) => key.startsWith('db_pool_'))).toBe(false);
    }
    expect(samples.has('backup_last_success_timestamp_seconds')).toBe(true);
    recordBackupSuccess(new Date('2026-11-24T03:00:00Z'));
    expect((await scrape()).get('backup_last_success_timestamp_seconds')).toBe(Date.parse('2026-11-24T03:00:00Z') / 1000);
  });

  it('counts 429 answers by limiter', async () => {
    const key = 'rate_limit_refusals_total{limiter="sign-in"}';
    const before = (await scrape()).get(key) ?? 0;
    const address = randomIp();
    const attempt = () => t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: address, payload: { email: 'nobody@example.test', password: 'wrong password here' } });
    expect((await attempt()).statusCode).toBe(401);
    expect((await attempt()).statusCode).toBe(429);
    expect((await scrape()).get(key)).toBe(before + 1);
  });

  it('counts the refusals of the wrong-password limits by their own names', async () => {
    const heard: string[] = [];
    const stop = onRateLimitRefusal((limiter) => heard.push(limiter));
    try {
      const limits = createSignInLimits({ freeFailures: 1, firstBlockSeconds: 60, maxBlockSeconds: 60, accountFailuresPerHour: 2 });
      await limits.attempt('a@example.test', '10.0.0.1');
      await expect(limits.attempt('a@example.test', '10.0.0.1')).rejects.toMatchObject({ statusCode: 429 });
      await limits.attempt('a@example.test', '10.0.0.2');
      await expect(limits.attempt('a@example.test', '10.0.0.3')).rejects.toMatchObject({ statusCode: 429 });
    } finally {
      stop();
    }
    expect(heard).toEqual(['sign-in-failures', 'sign-in-account']);
  });

  it('reports the mail outbox: pending, given up, and the oldest pending age', async () => {
    const before = await scrape();
    const person = await signUp(t.app);
    const queued = await scrape();
    // The sign-up's verification email waits: mail is never sent in tests unless they flush.
    expect(queued.get('mail_outbox_pending')! - before.get('mail_outbox_pending')!).toBe(1);
    expect(queued.get('mail_outbox_oldest_pending_seconds')).toBeGreaterThanOrEqual(0);

    await t.database.db.execute(sql`update ${outbox} set created_at = now() - interval '1 hour' where ${outbox.toAddress} = ${person.email}`);
    expect((await scrape()).get('mail_outbox_oldest_pending_seconds')).toBeGreaterThanOrEqual(3600);

    await t.database.db.update(outbox).set({ attempts: 12, nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(outbox.toAddress, person.email));
    const failed = await scrape();
    expect(failed.get('mail_outbox_failed')! - before.get('mail_outbox_failed')!).toBe(1);
    expect(failed.get('mail_outbox_pending')).toBe(before.get('mail_outbox_pending'));
  });

  it('counts the open event streams', async () => {
    const person = await signUp(t.app);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/api/events`, { headers: { cookie: person.cookie } });
    expect(response.status).toBe(200);
    const reader = new SseReader(response);
    await reader.next();
    expect((await scrape()).get('event_streams_open')).toBe(1);
    await reader.cancel();
    for (let i = 0; i < 50 && (await scrape()).get('event_streams_open') !== 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await scrape()).get('event_streams_open')).toBe(0);
  });
});

describe('who may read /metrics', () => {
  const get = (remoteAddress: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

  it('answers this machine without a token, anyone else only with METRICS_TOKEN', async () => {
    expect((await get('127.0.0.1')).statusCode).toBe(200);
    expect((await get('::1')).statusCode).toBe(200);
    for (const headers of [{} as Record<string, string>, { authorization: 'Bearer wrong-token-of-the-same-kind-00000000000' }, { authorization: `Basic ${TOKEN}` }, { authorization: `Bearer ${TOKEN}x` }]) {
      const res = await get(OUTSIDER, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json()).toEqual({ message: expect.any(String), code: 'unauthenticated' });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
    const res = await get(OUTSIDER, { authorization: `Bearer ${TOKEN}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
  });

  it('asks a token of a request a local proxy forwarded, even from loopback', async () => {
    expect((await get('127.0.0.1', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(401);
    expect((await get('127.0.0.1', { forwarded: 'for=127.0.0.1' })).statusCode).toBe(401);
    expect((await get('127.0.0.1', { 'x-forwarded-for': OUTSIDER, authorization: `Bearer ${TOKEN}` })).statusCode).toBe(200);
  });

  it('answers no one else when METRICS_TOKEN is unset', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(metricsRoutes, { metrics: { scrape: async () => 'up 1\n' } as Metrics });
    try {
      expect((await app.inject({ method: 'GET', url: '/metrics', remoteAddress: OUTSIDER })).statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url: '/metrics', remoteAddress: OUTSIDER, headers: { authorization: 'Bearer ' } })).statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url: '/metrics', remoteAddress: OUTSIDER, headers: { authorization: 'Bearer undefined' } })).statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url: '/metrics' })).body).toBe('up 1\n');
    } finally {
      await app.close();
    }
  });

  it('refuses a METRICS_TOKEN shorter than 32 characters at start', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', METRICS_TOKEN: 'x'.repeat(31) })).toThrow(ConfigError);
    expect(loadConfig({ NODE_ENV: 'test', METRICS_TOKEN: 'x'.repeat(32) }).METRICS_TOKEN).toBe('x'.repeat(32));
  });

  it('knows loopback addresses by the socket, in every spelling', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isLoopback(address), address).toBe(true);
    for (const address of [undefined, '', '10.0.0.1', '::ffff:10.0.0.1', '203.0.113.9', '::2', 'fe80::1', '1127.0.0.1']) expect(isLoopback(address), String(address)).toBe(false);
  });
});
