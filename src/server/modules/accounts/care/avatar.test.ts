// engines: one
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smallAvatarUrl } from '#shared/account.js';
import { AVATAR_REMOVALS_PER_HOUR, PROFILE_LIMIT_TEXTS, type User } from '#shared/auth.js';
import { createTestApp, type TestApp } from '#test/helpers/app.js';
import { expectLimited, signUp } from '#test/helpers/factories.js';
import { offerPayload } from '#test/helpers/listings.js';
import { uploadFile } from '#test/support/multipart.js';
import { images, serviceTypes, services } from '#server/db/schema.js';
import { createImageService } from '../../images/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const solid = (width: number, height: number, background = '#2f8a5c') => sharp({ create: { width, height, channels: 3, background } });
const pngOf = (width = 300, height = 200) => solid(width, height).png().toBuffer();

async function avatarOf(cookie: string, bytes?: Buffer): Promise<User> {
  const res = await uploadFile(t.app, bytes ?? (await pngOf()), { method: 'PUT', url: '/api/auth/avatar', cookie, fileName: 'me.png', type: 'image/jpeg' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<User>();
}

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const status = async (url: string) => (await get(url)).statusCode;
const imagesOf = (userId: string) => t.database.db.select({ id: images.id, kind: images.kind, serviceId: images.serviceId }).from(images).where(eq(images.userId, userId));

describe('PUT /api/auth/avatar', () => {
  it('re-encodes a JPEG with EXIF GPS into square WebP (512 and 96 px) without metadata, and the User names it', async () => {
    const { cookie, user } = await signUp(t.app);
    const input = await solid(1200, 800)
      .withExif({
        IFD0: { Make: 'TestCam', Model: 'X1' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 44/1 54/1', GPSLongitudeRef: 'W', GPSLongitude: '73/1 59/1 8/1' },
      })
      .jpeg()
      .toBuffer();
    const before = await sharp(input).metadata();
    expect(before.format).toBe('jpeg');
    // 0x8825 is the GPSInfo tag, little-endian in sharp's EXIF block.
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const res = await uploadFile(t.app, input, { method: 'PUT', url: '/api/auth/avatar', cookie, fileName: 'holiday.jpg', type: 'image/jpeg' });
    expect(res.statusCode, res.body).toBe(200);
    const answered = res.json<User>();
    expect(answered).toMatchObject({ id: user.id, email: user.email, profileImageUrl: expect.stringMatching(/^\/api\/images\/[0-9a-f-]{36}$/) });
    expect((await get('/api/auth/user', cookie)).json<User>().profileImageUrl).toBe(answered.profileImageUrl);

    const url = answered.profileImageUrl!;
    expect(smallAvatarUrl(url)).toBe(`${url}/card`);
    for (const [variant, size] of [
      [url, 512],
      [`${url}/card`, 96],
    ] as const) {
      const served = await get(variant);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([size, size]);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from('TestCam'))).toBe(false);
    }
    expect(await imagesOf(user.id)).toEqual([{ id: url.split('/').pop(), kind: 'avatar', serviceId: null }]);
  });

  it('crops a small picture to the same squares (enlarged, never stretched out of shape)', async () => {
    const { cookie } = await signUp(t.app);
    const url = (await avatarOf(cookie, await pngOf(60, 40))).profileImageUrl!;
    const meta = await sharp((await get(url)).rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([512, 512]);
  });

  it('refuses a text file named .png with the image module text, and stores nothing', async () => {
    const { cookie, user } = await signUp(t.app);
    const res = await uploadFile(t.app, Buffer.from('Shopping list: eggs, milk, a new camera.'), { method: 'PUT', url: '/api/auth/avatar', cookie, fileName: 'notes.png', type: 'image/jpeg' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'notes.png is not a valid image file.', code: 'bad_request' });
    expect(await imagesOf(user.id)).toEqual([]);
    expect((await get('/api/auth/user', cookie)).json<User>().profileImageUrl).toBeNull();
  });

  it('refuses a file over 5 MB with 413 and the spec text, and a request without a file with 400', async () => {
    const { cookie, user } = await signUp(t.app);
    const big = Buffer.concat([await pngOf(), Buffer.alloc(6 * 1024 * 1024, 1)]);
    const res = await uploadFile(t.app, big, { method: 'PUT', url: '/api/auth/avatar', cookie, fileName: 'huge.png', type: 'image/jpeg' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'huge.png is too large. Please select images smaller than 5MB.', code: 'payload_too_large' });
    const json = await t.app.inject({ method: 'PUT', url: '/api/auth/avatar', headers: { cookie }, payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Please choose an image to upload');
    expect(await imagesOf(user.id)).toEqual([]);
  });

  it('replaces the previous picture, which is deleted for good', async () => {
    const { cookie, user } = await signUp(t.app);
    const first = (await avatarOf(cookie)).profileImageUrl!;
    const second = (await avatarOf(cookie, await pngOf(400, 400))).profileImageUrl!;
    expect(second).not.toBe(first);
    expect(await status(first)).toBe(404);
    expect(await status(`${first}/card`)).toBe(404);
    expect(await status(second)).toBe(200);
    expect((await imagesOf(user.id)).map((i) => i.id)).toEqual([second.split('/').pop()]);
  });

  it('keeps exactly one picture when two replacements race', async () => {
    const { cookie, user } = await signUp(t.app);
    const png = await pngOf();
    const answers = await Promise.all([uploadFile(t.app, png, { method: 'PUT', url: '/api/auth/avatar', cookie, fileName: 'a.png', type: 'image/jpeg' }), uploadFile(t.app, png, { method: 'PUT', url: '/api/auth/avatar', cookie, fileName: 'b.png', type: 'image/jpeg' })]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const current = (await get('/api/auth/user', cookie)).json<User>().profileImageUrl!;
    expect((await imagesOf(user.id)).map((i) => i.id)).toEqual([current.split('/').pop()]);
  });

  it('needs a signed-in person (401), for both routes', async () => {
    expect((await uploadFile(t.app, await pngOf(), { method: 'PUT', url: '/api/auth/avatar', fileName: 'me.png', type: 'image/jpeg' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/auth/avatar' })).statusCode).toBe(401);
  });

  it('limits uploads per person (429 with Retry-After)', async () => {
    const strict = await createTestApp({ RATE_LIMIT_SCALE: '0.01' });
    try {
      const { cookie } = await signUp(strict.app);
      const png = await pngOf();
      expect((await uploadFile(strict.app, png, { method: 'PUT', url: '/api/auth/avatar', cookie, fileName: 'me.png', type: 'image/jpeg' })).statusCode).toBe(200);
      const limited = await uploadFile(strict.app, png, { method: 'PUT', url: '/api/auth/avatar', cookie, fileName: 'me.png', type: 'image/jpeg' });
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
    } finally {
      await strict.close();
    }
  });
});

describe('DELETE /api/auth/avatar', () => {
  it('answers the User without a picture and deletes the image', async () => {
    const { cookie, user } = await signUp(t.app);
    const url = (await avatarOf(cookie)).profileImageUrl!;
    const res = await t.app.inject({ method: 'DELETE', url: '/api/auth/avatar', headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<User>()).toMatchObject({ id: user.id, profileImageUrl: null });
    expect(await status(url)).toBe(404);
    expect(await imagesOf(user.id)).toEqual([]);
    // Nothing to remove is not an error.
    expect((await t.app.inject({ method: 'DELETE', url: '/api/auth/avatar', headers: { cookie } })).statusCode).toBe(200);
  });

  it('allows one person 60 removals an hour, then answers 429 with Retry-After and keeps the picture; another person is not held back', async () => {
    const { cookie, user } = await signUp(t.app);
    const remove = (as: string) => t.app.inject({ method: 'DELETE', url: '/api/auth/avatar', headers: { cookie: as } });
    for (let removal = 0; removal < AVATAR_REMOVALS_PER_HOUR; removal++) expect((await remove(cookie)).statusCode).toBe(200);
    const url = (await avatarOf(cookie)).profileImageUrl!;
    const refused = await remove(cookie);
    expectLimited(refused, PROFILE_LIMIT_TEXTS.tooManyPictureRemovals);
    expect((await get('/api/auth/user', cookie)).json<User>().profileImageUrl).toBe(url);
    expect(await status(url)).toBe(200);
    expect((await imagesOf(user.id)).map((image) => image.kind)).toEqual(['avatar']);

    const other = await signUp(t.app);
    expect((await remove(other.cookie)).statusCode).toBe(200);
  });
});

describe('an avatar is not a listing photo', () => {
  it('cannot be named in a listing, claimed for one, or swept as an abandoned upload', async () => {
    const { cookie, user } = await signUp(t.app);
    const url = (await avatarOf(cookie)).profileImageUrl!;
    const id = url.split('/').pop()!;

    for (const ref of [url, `${url}/card`]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/services', headers: { cookie }, payload: await offerPayload(t, { images: [ref] }) });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Image 1 could not be found');
    }

    const imageService = createImageService(t.database.db);
    const [type] = await t.database.db.select().from(serviceTypes).limit(1);
    const [listing] = await t.database.db
      .insert(services)
      .values({ userId: user.id, categoryId: type!.categoryId, serviceTypeId: type!.id, listingType: 'offer', title: 'Dog walking', description: 'Long walks for happy dogs, any weather.', isVirtual: true })
      .returning({ id: services.id });
    await expect(t.database.db.transaction((tx) => imageService.attach(tx, user.id, listing!.id, [id]))).rejects.toMatchObject({ statusCode: 400 });

    await t.database.db.update(images).set({ createdAt: new Date(Date.now() - 7 * 24 * 60 * 60 * 1000) }).where(eq(images.id, id));
    await imageService.deleteUnattachedOlderThan(60 * 60 * 1000);
    expect(await status(url)).toBe(200);
    expect(await t.database.db.select({ id: images.id }).from(images).where(and(eq(images.id, id), eq(images.kind, 'avatar')))).toHaveLength(1);
  });
});
