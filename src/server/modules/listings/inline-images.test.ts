// engines: one
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/helpers/app.js';
import { signUp } from '#test/helpers/factories.js';
import { offerPayload } from '#test/helpers/listings.js';
import { pngDataUrl, solidPng } from '#test/support/images.js';
import { uploadFile } from '#test/support/multipart.js';
import { MAX_IMAGE_REF_LENGTH } from '#shared/services.js';

/** Data URLs in a listing's `images` (decision 015). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (app: TestApp['app'], cookie: string, payload: object) => app.inject({ method: 'POST', url: '/api/services', headers: { cookie }, payload });
const myListings = async (app: TestApp['app'], cookie: string) => (await app.inject({ method: 'GET', url: '/api/my-services', headers: { cookie } })).json<unknown[]>();
const smallPng = () => solidPng(40, 30);

describe('a crafted data URL', () => {
  it('is refused with 400 while the server keeps answering: a 1 MB string of the shape that made the old pattern backtrack', async () => {
    const { cookie } = await signUp(t.app);
    // "data:" and a run of letters with no comma: the old pattern tried every split of the run between two adjacent
    // quantifiers (about ten minutes for this length), with the whole process frozen.
    const adversarial = `data:${'a'.repeat(1_000_000)}`;
    const started = performance.now();
    let writeDone = false;
    const write = post(t.app, cookie, await offerPayload(t, { images: [adversarial] })).finally(() => {
      writeDone = true;
    });
    // The liveness probe, sent alongside and then every 20 ms until the write is answered: each must answer promptly.
    const probes: Array<Promise<{ status: number; ms: number }>> = [];
    const probe = () => {
      const sent = performance.now();
      probes.push(t.app.inject({ method: 'GET', url: '/api/health' }).then((res) => ({ status: res.statusCode, ms: performance.now() - sent })));
    };
    probe();
    while (!writeDone) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      probe();
    }
    const res = await write;
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe('Image 1 is not a valid image file.');
    expect(performance.now() - started).toBeLessThan(10_000);
    for (const { status, ms } of await Promise.all(probes)) {
      expect(status).toBe(200);
      expect(ms).toBeLessThan(2_000);
    }
    expect(await myListings(t.app, cookie)).toEqual([]);
  });

  it('is refused by its length before anything parses it, naming the image', async () => {
    const { cookie } = await signUp(t.app);
    const long = `data:image/png;base64,${'A'.repeat(MAX_IMAGE_REF_LENGTH)}`;
    const res = await post(t.app, cookie, await offerPayload(t, { images: [pngDataUrl(await smallPng()), long] }));
    expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
    expect(res.json()).toEqual({
      message: 'Image 2 is too large. Please select images smaller than 5MB.',
      code: 'validation_failed',
      errors: { images: 'Image 2 is too large. Please select images smaller than 5MB.' },
    });
    expect(await myListings(t.app, cookie)).toEqual([]);
  });

  it('cannot make a listing body longer than five images at their longest', async () => {
    const { cookie } = await signUp(t.app);
    const images = Array.from({ length: 5 }, () => `data:image/png;base64,${'A'.repeat(MAX_IMAGE_REF_LENGTH - 40)}`);
    const res = await post(t.app, cookie, await offerPayload(t, { images, title: 'x'.repeat(100 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(await myListings(t.app, cookie)).toEqual([]);
  });
});

describe('data-URL images and the upload budget', () => {
  it('counts each inline image as an upload, in the same budget as POST /api/images', async () => {
    // RATE_LIMIT_SCALE 0.01 leaves one upload an hour; the listing budgets (60 an hour) are per person and not scaled.
    const strict = await createTestApp({ RATE_LIMIT_SCALE: '0.01' });
    try {
      const { cookie } = await signUp(strict.app);
      const first = await post(strict.app, cookie, await offerPayload(strict, { images: [pngDataUrl(await smallPng())] }));
      expect(first.statusCode, first.body).toBe(201);

      const second = await post(strict.app, cookie, await offerPayload(strict, { images: [pngDataUrl(await smallPng())] }));
      expect(second.statusCode).toBe(429);
      expect(second.json().message).toBe('Too many uploads. Please try again later.');
      expect(second.headers['retry-after']).toBeDefined();
      expect(await myListings(strict.app, cookie)).toHaveLength(1);

      const upload = await uploadFile(strict.app, await smallPng(), { url: '/api/images', cookie });
      expect(upload.statusCode).toBe(429);

      // A listing without inline images spends nothing from the upload budget.
      expect((await post(strict.app, cookie, await offerPayload(strict))).statusCode).toBe(201);
    } finally {
      await strict.close();
    }
  });
});
