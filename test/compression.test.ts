// engines: one
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app.js';
import { OPENAPI_PATH } from '../src/server/modules/api-docs/index.js';
import { ADMIN_EMAIL, createTestApp, type TestApp, testConfig } from './helpers/app.js';
import { signUp } from './helpers/factories.js';
import { createListing } from './helpers/listings.js';

/**
 * Compression (decision 041): the built client's files pre-compressed by scripts/compress-assets.mjs and sent per
 * Accept-Encoding; the server's own answers of 1 KB or more compressed on the fly; the event stream never.
 */
let t: TestApp;
let clientDir: string;
/** A module as Vite writes one: long and repetitive enough to compress well. */
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word number ${i}`))};\n`;
const SMALL_SCRIPT = 'export const x = 1;\n';
/** The built document, past 1 KB as Vite's is once it names its preloaded chunks. */
const DOCUMENT = `<!doctype html><title>Community Services</title>${'<link rel="modulepreload" href="/assets/chunk.js">'.repeat(30)}<div id="root"></div>`;

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'csm-client-'));
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'index.html'), DOCUMENT);
  writeFileSync(join(clientDir, 'assets', 'x.js'), SCRIPT);
  writeFileSync(join(clientDir, 'assets', 'small.js'), SMALL_SCRIPT);
  // What `npm run build:client` runs after vite build.
  execFileSync(process.execPath, ['scripts/compress-assets.mjs', clientDir], { encoding: 'utf8' });
  t = await createTestApp({}, { clientDir });
});
afterAll(async () => {
  await t?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, app: FastifyInstance = t.app) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the build step', () => {
  it('writes a Brotli and a gzip sibling beside a text file of 1 KB or more, and none beside a smaller one', () => {
    const script = join(clientDir, 'assets', 'x.js');
    expect(brotliDecompressSync(readFileSync(`${script}.br`)).toString()).toBe(SCRIPT);
    expect(gunzipSync(readFileSync(`${script}.gz`)).toString()).toBe(SCRIPT);
    expect(readFileSync(`${script}.br`).length).toBeLessThan(readFileSync(`${script}.gz`).length);
    for (const suffix of ['br', 'gz']) {
      expect(existsSync(join(clientDir, 'assets', `small.js.${suffix}`))).toBe(false);
    }
  });
});

describe('a built file', () => {
  it.each([
    ['br', 'gzip, deflate, br', brotliDecompressSync],
    ['gzip', 'gzip, deflate', gunzipSync],
  ] as const)('is sent %s-encoded from its pre-compressed sibling, still cached for good', async (encoding, accepted, decode) => {
    const res = await get('/assets/x.js', accepted);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload).toEqual(readFileSync(join(clientDir, 'assets', `x.js.${encoding === 'br' ? 'br' : 'gz'}`)));
    expect(decode(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('is sent as it is to a client that takes no encoding, with Vary all the same', async () => {
    const res = await get('/assets/x.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body).toBe(SCRIPT);
  });
});

describe('the document of a page address', () => {
  it('is sent from its pre-compressed sibling, never stored', async () => {
    const res = await get('/services', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(DOCUMENT);
  });
});

describe('answers compressed on the fly', () => {
  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('a JSON answer over 1 KB (the OpenAPI document, a browse page) leaves %s-encoded and decodes to the same JSON', async (encoding, decode) => {
    const owner = await signUp(t.app);
    for (let i = 0; i < 3; i++) await createListing(t, owner.cookie, { title: `Compressed lesson ${encoding} ${i}` });
    for (const url of [OPENAPI_PATH, '/api/services']) {
      const plain = await get(url);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.rawPayload.length, url).toBeGreaterThan(1024);
      const res = await get(url, `${encoding}, identity`);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe(encoding);
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length, url).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(decode(res.rawPayload).toString()), url).toEqual(plain.json());
    }
  });

  it('leaves a small JSON answer as it is', async () => {
    const res = await get('/api/health', 'br, gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('the live event stream', () => {
  it('is never compressed, even for a client that takes Brotli', async () => {
    const person = await signUp(t.app);
    const server = await listening();
    try {
      const { headers, firstChunk } = await openStream(server.port, person.cookie);
      expect(headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(headers['content-encoding']).toBeUndefined();
      expect(firstChunk).toBe('retry: 3000\n\n');
    } finally {
      await server.close();
    }
  });
});

/** A second app on the same database, listening: a stream needs real HTTP (inject waits for an end that never comes). */
async function listening(): Promise<{ port: number; close(): Promise<void> }> {
  const config = testConfig({ ADMIN_EMAILS: ADMIN_EMAIL });
  const app = await buildApp({ config, database: { ...t.database, close: async () => {} }, sessionSecret: t.sessionSecret });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { port: address.port, close: () => app.close() };
}

/** The stream's headers and first bytes exactly as they arrive (node:http does not decode anything). */
function openStream(port: number, cookie: string): Promise<{ headers: Record<string, string | string[] | undefined>; firstChunk: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: '/api/events', headers: { cookie, 'accept-encoding': 'br, gzip' } }, (res) => {
      res.once('data', (chunk: Buffer) => {
        resolve({ headers: res.headers, firstChunk: chunk.toString('latin1') });
        req.destroy();
      });
      res.once('error', () => {});
    });
    req.once('error', reject);
    req.end();
  });
}
