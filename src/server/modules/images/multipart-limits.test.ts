// engines: one
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/helpers/app.js';
import { signUp } from '#test/helpers/factories.js';
import { multipartBody, type MultipartPart } from '#test/support/multipart.js';
import { images } from '../../db/schema.js';
import { MAX_UPLOAD_REQUEST_BYTES } from './upload.js';

/** A multipart request is bounded in fields, parts and total size (decision 015). */

let t: TestApp;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#2a9d8f' } }).png().toBuffer();
});
afterAll(() => t.close());

async function send(url: string, method: 'POST' | 'PUT', cookie: string, parts: MultipartPart[]) {
  const { contentType, payload } = await multipartBody(parts);
  return t.app.inject({ method, url, headers: { cookie, 'content-type': contentType }, payload });
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
    const fields: MultipartPart[] = Array.from({ length: 500 }, (_, i) => [`f${i}`, 'x'.repeat(100)]);
    const res = await send(url, method, cookie, [...fields, ['file', png]]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: TOO_MANY_PARTS, code: 'payload_too_large' });
    expect(await imagesOf(user.id)).toBe(0);
  });

  it('refuses fields after the file, and a second file, and stores nothing', async () => {
    const { cookie, user } = await signUp(t.app);
    const after: MultipartPart[] = Array.from({ length: 20 }, (_, i) => [`f${i}`, 'x']);
    for (const parts of [[['file', png], ...after], [['file', png], ['file', png]]] as MultipartPart[][]) {
      const res = await send(url, method, cookie, parts);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: TOO_MANY_PARTS, code: 'payload_too_large' });
    }
    expect(await imagesOf(user.id)).toBe(0);
  });

  it('refuses a request over the total size before reading it, and stores nothing', async () => {
    const { cookie, user } = await signUp(t.app);
    // Thirty 1 MB text fields and a small image: 30 MiB that the old reader buffered and then accepted.
    const fields: MultipartPart[] = Array.from({ length: 30 }, (_, i) => [`f${i}`, 'x'.repeat(1024 * 1024)]);
    const { contentType, payload } = await multipartBody([...fields, ['file', png]]);
    expect(payload.length).toBeGreaterThan(MAX_UPLOAD_REQUEST_BYTES);
    const res = await t.app.inject({ method, url, headers: { cookie, 'content-type': contentType }, payload });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The file is too large. Please select images smaller than 5MB.', code: 'payload_too_large' });
    expect(await imagesOf(user.id)).toBe(0);
  });

  it('refuses a body of unknown length (chunked), and stores nothing', async () => {
    const { cookie, user } = await signUp(t.app);
    const { contentType, payload } = await multipartBody([['file', png]]);
    const res = await t.app.inject({ method, url, headers: { cookie, 'content-type': contentType }, payload: Readable.from([payload]) });
    expect(res.statusCode).toBe(411);
    expect(res.json().message).toMatch(/Content-Length/);
    expect(await imagesOf(user.id)).toBe(0);
  });
});
