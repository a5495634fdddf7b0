// engines: one
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/helpers/app.js';
import { signUp } from '#test/helpers/factories.js';
import { uploadFile } from '#test/support/multipart.js';
import type { UploadedImage } from '#shared/services.js';
import { images, serviceTypes, services } from '../../db/schema.js';
import { imageUrl } from './presenter.js';
import { imageIdsOfListing } from './repository.js';
import { createImageService, type ImageService } from './service.js';

let t: TestApp;
let service: ImageService;
beforeAll(async () => {
  t = await createTestApp();
  service = createImageService(t.database.db);
});
afterAll(() => t.close());

/** Each listing's image URLs as the listing query reads them: the imageIdsOfListing column. */
async function urlsFor(serviceIds: number[]) {
  const rows = await t.database.db.select({ id: services.id, imageIds: imageIdsOfListing }).from(services).where(inArray(services.id, serviceIds));
  return new Map(rows.map((r) => [r.id, r.imageIds.map(imageUrl)]));
}

const TOO_MANY = 'You can only upload up to 5 images.';
const solid = (width: number, height: number, background = '#3264c8') => sharp({ create: { width, height, channels: 3, background } });
const pngOf = (width = 200, height = 150) => solid(width, height).png().toBuffer();
const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;

const upload = (cookie: string | undefined, fileName: string, bytes: Buffer, { field = 'file', app = t.app } = {}) =>
  uploadFile(app, bytes, { url: '/api/images', cookie, fileName, field });

async function uploaded(cookie: string, bytes?: Buffer): Promise<UploadedImage> {
  const res = await upload(cookie, 'photo.png', bytes ?? (await pngOf()));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<UploadedImage>();
}

/** A bare listing row: enough for images to belong to (the listings module owns the real create path). */
async function listingOf(userId: string): Promise<number> {
  const [type] = await t.database.db.select().from(serviceTypes).limit(1);
  const [row] = await t.database.db
    .insert(services)
    .values({ userId, categoryId: type!.categoryId, serviceTypeId: type!.id, listingType: 'offer', title: 'Dog walking', description: 'Long walks for happy dogs, any weather.', isVirtual: true })
    .returning({ id: services.id });
  return row!.id;
}

const attach = (userId: string, serviceId: number, ids: string[]) => t.database.db.transaction((tx) => service.attach(tx, userId, serviceId, ids));
const status = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;

describe('POST /api/images', () => {
  it('strips EXIF and GPS and serves immutable WebP in two sizes', async () => {
    const { cookie } = await signUp(t.app);
    const input = await solid(2400, 1800)
      .withExif({
        IFD0: { Make: 'TestCam', Model: 'X1' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 44/1 54/1', GPSLongitudeRef: 'W', GPSLongitude: '73/1 59/1 8/1' },
      })
      .png()
      .toBuffer();
    const before = await sharp(input).metadata();
    expect(before.format).toBe('png');
    // 0x8825 is the GPSInfo tag, little-endian in sharp's EXIF block.
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(before.exif?.includes(Buffer.from('TestCam'))).toBe(true);

    const image = await uploaded(cookie, input);
    expect(image).toEqual({ id: expect.any(String), url: `/api/images/${image.id}`, cardUrl: `/api/images/${image.id}/card`, width: 1600, height: 1200 });

    for (const [url, size] of [
      [image.url, [1600, 1200]],
      [image.cardUrl, [640, 480]],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const served = await sharp(res.rawPayload).metadata();
      expect(served.format).toBe('webp');
      expect(served.exif).toBeUndefined();
      expect(served.xmp).toBeUndefined();
      expect([served.width, served.height]).toEqual(size);
      expect(res.rawPayload.includes(Buffer.from('TestCam'))).toBe(false);
    }
  });

  it('refuses a text file renamed .png with the spec text', async () => {
    const { cookie } = await signUp(t.app);
    const res = await upload(cookie, 'notes.png', Buffer.from('Shopping list: eggs, milk, a new camera.'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'notes.png is not a valid image file.', code: 'bad_request' });
  });

  it('refuses a HEIC it cannot decode like any non-image', async () => {
    const { cookie } = await signUp(t.app);
    const box = Buffer.alloc(24);
    box.writeUInt32BE(24, 0);
    box.write('ftypheic\0\0\0\0mif1heic', 4, 'latin1');
    const res = await upload(cookie, 'IMG_0001.HEIC', Buffer.concat([box, Buffer.alloc(500, 1)]));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('IMG_0001.HEIC is not a valid image file.');
  });

  it('refuses a file over 5 MB with 413 and the spec text', async () => {
    const { cookie } = await signUp(t.app);
    const big = Buffer.concat([await pngOf(), Buffer.alloc(6 * 1024 * 1024, 1)]);
    const res = await upload(cookie, 'huge.png', big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'huge.png is too large. Please select images smaller than 5MB.', code: 'payload_too_large' });
  });

  it('needs a file in the "file" field', async () => {
    const { cookie } = await signUp(t.app);
    expect((await upload(cookie, 'photo.png', await pngOf(), { field: 'picture' })).statusCode).toBe(400);
    const json = await t.app.inject({ method: 'POST', url: '/api/images', headers: { cookie }, payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Please choose an image to upload');
  });

  it('needs a signed-in person', async () => {
    const res = await upload(undefined, 'photo.png', await pngOf());
    expect(res.statusCode).toBe(401);
  });

  it('limits uploads per person', async () => {
    const strict = await createTestApp({ RATE_LIMIT_SCALE: '0.01' });
    try {
      const { cookie } = await signUp(strict.app);
      const png = await pngOf();
      const send = () => upload(cookie, 'photo.png', png, { app: strict.app });
      expect((await send()).statusCode).toBe(201);
      const limited = await send();
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
    } finally {
      await strict.close();
    }
  });
});

describe('GET /api/images/:id', () => {
  it('answers 404 JSON for an unknown image', async () => {
    for (const url of ['/api/images/00000000-0000-4000-8000-000000000000', '/api/images/nope/card']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Image not found', code: 'not_found' });
    }
  });
});

describe('listing images', () => {
  it('stores a data URL as WebP variants and answers its id', async () => {
    const { user } = await signUp(t.app);
    const [id] = await service.resolveRefs(user.id, [dataUrl(await pngOf(2000, 1000))]);
    const [row] = await t.database.db.select().from(images).where(eq(images.id, id!));
    expect(row).toMatchObject({ userId: user.id, serviceId: null, fullWidth: 1600, fullHeight: 800, cardWidth: 640, cardHeight: 480 });
    expect((await sharp(row!.full).metadata()).format).toBe('webp');
    expect((await sharp(row!.card).metadata()).width).toBe(640);
  });

  it('names a bad data URL by its position', async () => {
    const { user, cookie } = await signUp(t.app);
    const good = await uploaded(cookie);
    const notImage = dataUrl(Buffer.from('hello'));
    await expect(service.resolveRefs(user.id, [good.url, notImage])).rejects.toMatchObject({ statusCode: 400, message: 'Image 2 is not a valid image file.' });
    const big = dataUrl(Buffer.alloc(5 * 1024 * 1024 + 1));
    await expect(service.resolveRefs(user.id, [big])).rejects.toMatchObject({
      statusCode: 413,
      message: 'Image 1 is too large. Please select images smaller than 5MB.',
    });
  });

  it('accepts at most 5 images', async () => {
    const { user, cookie } = await signUp(t.app);
    const image = await uploaded(cookie);
    await expect(service.resolveRefs(user.id, Array(6).fill(image.url))).rejects.toMatchObject({ statusCode: 400, message: TOO_MANY });
  });

  it('accepts its own uploads by relative, card and absolute URL', async () => {
    const { user, cookie } = await signUp(t.app);
    const [a, b, c] = [await uploaded(cookie), await uploaded(cookie), await uploaded(cookie)];
    const refs = [a.url, b.cardUrl, `https://market.example.test/api/images/${c.id}`];
    expect(await service.resolveRefs(user.id, refs)).toEqual([a.id, b.id, c.id]);
  });

  it("refuses another person's image", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const image = await uploaded(owner.cookie);
    await expect(service.resolveRefs(other.user.id, [image.url])).rejects.toMatchObject({ statusCode: 400, message: 'Image 1 could not be found' });
    const serviceId = await listingOf(other.user.id);
    await expect(attach(other.user.id, serviceId, [image.id])).rejects.toMatchObject({ statusCode: 400 });
    expect((await t.database.db.select().from(images).where(eq(images.id, image.id)))[0]?.serviceId).toBeNull();
  });

  it('attaches in order, replaces, and deletes dropped images for good', async () => {
    const { user, cookie } = await signUp(t.app);
    const [a, b, c] = [await uploaded(cookie), await uploaded(cookie), await uploaded(cookie)];
    const serviceId = await listingOf(user.id);

    expect(await attach(user.id, serviceId, [b.id, a.id])).toEqual([b.url, a.url]);
    expect((await urlsFor([serviceId])).get(serviceId)).toEqual([b.url, a.url]);

    expect(await attach(user.id, serviceId, [c.id, b.id])).toEqual([c.url, b.url]);
    expect((await urlsFor([serviceId, 2_000_000_000])).get(serviceId)).toEqual([c.url, b.url]);
    expect(await status(a.url)).toBe(404);
    expect(await status(b.url)).toBe(200);

    // An image already on one listing cannot be claimed by another.
    const second = await listingOf(user.id);
    await expect(attach(user.id, second, [c.id])).rejects.toMatchObject({ statusCode: 400, message: 'Image 1 could not be found' });

    expect(await attach(user.id, serviceId, [])).toEqual([]);
    expect(await status(b.url)).toBe(404);
    expect(await status(c.url)).toBe(404);
  });

  it('reads every listing of a page in one query, empty ones included', async () => {
    const { user, cookie } = await signUp(t.app);
    const [first, second, empty] = [await listingOf(user.id), await listingOf(user.id), await listingOf(user.id)];
    const [a, b] = [await uploaded(cookie), await uploaded(cookie)];
    await attach(user.id, first, [a.id]);
    await attach(user.id, second, [b.id]);
    const urls = await urlsFor([first, second, empty]);
    expect(Object.fromEntries(urls)).toEqual({ [first]: [a.url], [second]: [b.url], [empty]: [] });
  });

  it('go with their listing when it is deleted permanently', async () => {
    const { user, cookie } = await signUp(t.app);
    const image = await uploaded(cookie);
    const serviceId = await listingOf(user.id);
    await attach(user.id, serviceId, [image.id]);
    await t.database.db.delete(services).where(eq(services.id, serviceId));
    expect(await status(image.url)).toBe(404);
  });

  it('sweeps uploads no listing claimed', async () => {
    const { user, cookie } = await signUp(t.app);
    const [old, fresh, used] = [await uploaded(cookie), await uploaded(cookie), await uploaded(cookie)];
    await attach(user.id, await listingOf(user.id), [used.id]);
    const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000);
    for (const id of [old.id, used.id]) await t.database.db.update(images).set({ createdAt: dayAgo }).where(eq(images.id, id));

    expect(await service.deleteUnattachedOlderThan(60 * 60 * 1000)).toBeGreaterThanOrEqual(1);
    expect(await status(old.url)).toBe(404);
    expect(await status(fresh.url)).toBe(200);
    expect(await status(used.url)).toBe(200);
  });
});
