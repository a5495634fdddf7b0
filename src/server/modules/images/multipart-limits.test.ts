import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { signUp } from '../../../../test/helpers/factories.js';
import { images } from '../../db/schema.js';
import { MAX_UPLOAD_REQUEST_BYTES } from './upload.js';

/** Issue 14 item 7: a multipart request is bounded in fields, parts and total size (decision 015). */

let t: TestApp;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#2a9d8f' } }).png().toBuffer();
});
afterAll(() => t.close());

type Part = [name: string, value: string | Buffer];

/** A browser-like multipart body (the platform's FormData encoder): Buffers become files, strings text fields. */
async function encode(parts: Part[]): Promise<{ contentType: string; body: Buffer }> {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value)], { type: 'image/png' }), 'photo.png');
  }
  const encoded = new Response(form);
  return { contentType: encoded.headers.get('content-type')!, body: Buffer.from(await encoded.arrayBuffer()) };
}

async function send(url: string, method: 'POST' | 'PUT', cookie: string, parts: Part[]) {
  const { contentType, body } = await encode(parts);
  return t.app.inject({ method, url, headers: { cookie, 'content-type': contentType }, payload: body });
}

const imagesOf = async (userId: string) => (await t.database.db.select({ id: images.id }).from(images).where(eq(images.userId, userId))).length;

const TOO_MANY_PARTS = 'Please send one image in the "file" field and nothing else.';

describe.each([
  ['POST /api/images', '/api/images', 'POST'],
  ['PUT /api/auth/avatar', '/api/auth/avatar', 'PUT'],
] as const)('%s', (_name, url, method) => {
  it('still takes one image in the "file" field', async () => {
    const { cookie, user } = await signUp(t.app);
    const res = await send(url, method, cookie, [['file', png]]);
    expect(res.statusCode, res.body).toBe(method === 'POST' ? 201 : 200);
    expect(await imagesOf(user.id)).toBe(1);
  });

  it('refuses five hundred text fields before the file, and stores nothing', async () => {
    const { cookie, user } = await signUp(t.app);
    const fields: Part[] = Array.from({ length: 500 }, (_, i) => [`f${i}`, 'x'.repeat(100)]);
    const res = await send(url, method, cookie, [...fields, ['file', png]]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: TOO_MANY_PARTS });
    expect(await imagesOf(user.id)).toBe(0);
  });

  it('refuses fields after the file, and a second file, and stores nothing', async () => {
    const { cookie, user } = await signUp(t.app);
    const after: Part[] = Array.from({ length: 20 }, (_, i) => [`f${i}`, 'x']);
    for (const parts of [[['file', png], ...after], [['file', png], ['file', png]]] as Part[][]) {
      const res = await send(url, method, cookie, parts);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: TOO_MANY_PARTS });
    }
    expect(await imagesOf(user.id)).toBe(0);
  });

  it('refuses a request over the total size before reading it, and stores nothing', async () => {
    const { cookie, user } = await signUp(t.app);
    // Thirty 1 MB text fields and a small image: 30 MiB that the old reader buffered and then accepted.
    const fields: Part[] = Array.from({ length: 30 }, (_, i) => [`f${i}`, 'x'.repeat(1024 * 1024)]);
    const { contentType, body } = await encode([...fields, ['file', png]]);
    expect(body.length).toBeGreaterThan(MAX_UPLOAD_REQUEST_BYTES);
    const res = await t.app.inject({ method, url, headers: { cookie, 'content-type': contentType }, payload: body });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The file is too large. Please select images smaller than 5MB.' });
    expect(await imagesOf(user.id)).toBe(0);
  });

  it('refuses a body of unknown length (chunked), and stores nothing', async () => {
    const { cookie, user } = await signUp(t.app);
    const { contentType, body } = await encode([['file', png]]);
    const res = await t.app.inject({ method, url, headers: { cookie, 'content-type': contentType }, payload: Readable.from([body]) });
    expect(res.statusCode).toBe(411);
    expect(res.json().message).toMatch(/Content-Length/);
    expect(await imagesOf(user.id)).toBe(0);
  });
});
