// engines: one
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowseResult } from '../../shared/services.js';
import { createTestApp, type TestApp } from '#test/helpers/app.js';
import { users } from '../db/schema.js';
import { DEMO_LISTINGS, DEMO_USERS } from './content.js';
import { DEMO_EMAIL_DOMAIN } from './addresses.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo data', () => {
  it('fills a new marketplace with listings across every category, with served pictures, once', { timeout: 120_000 }, async () => {
    expect(await t.app.seedDemoData()).toBe(DEMO_LISTINGS.length);
    const page = (await t.app.inject({ method: 'GET', url: '/api/services?limit=50' })).json<BrowseResult>();
    expect(page.services).toHaveLength(DEMO_LISTINGS.length);
    expect(new Set(page.services.map((s) => s.category.slug)).size).toBe(8);
    expect(new Set(page.services.map((s) => s.user.id)).size).toBe(DEMO_USERS.length);
    // The profile never asks a demo neighbour to confirm an address (decision 014).
    const neighbours = await t.database.db.select({ emailVerified: users.emailVerified }).from(users).where(like(users.email, `%@${DEMO_EMAIL_DOMAIN}`));
    expect(neighbours.map((n) => n.emailVerified)).toEqual(DEMO_USERS.map(() => true));
    expect(page.services.some((s) => s.listingType === 'request')).toBe(true);
    const withPictures = page.services.filter((s) => s.images.length > 0);
    expect(withPictures.length).toBe(DEMO_LISTINGS.filter((l) => l.imageCount > 0).length);
    const picture = await t.app.inject({ method: 'GET', url: `${withPictures[0]!.images[0]}/card` });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    // Posting dates spread over weeks, newest first.
    const dates = page.services.map((s) => Date.parse(s.createdAt));
    expect(Math.max(...dates) - Math.min(...dates)).toBeGreaterThan(14 * 24 * 60 * 60 * 1000);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));

    expect(await t.app.seedDemoData()).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/services?limit=50' })).json<BrowseResult>().services).toHaveLength(DEMO_LISTINGS.length);
  });

  it('leaves a marketplace that already has people alone', async () => {
    const other = await createTestApp();
    try {
      await other.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: 'first@example.test', password: 'a long enough password' } });
      expect(await other.app.seedDemoData()).toBe(0);
    } finally {
      await other.close();
    }
  });
});
