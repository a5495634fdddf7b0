// engines: both — the signed-out page cache cleared through each engine's bus
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowseResult } from '#shared/services.js';
import { createTestApp, type TestApp } from '#test/helpers/app.js';
import { signUp } from '#test/helpers/factories.js';
import { createListing, manyUsers } from '#test/helpers/listings.js';
import { createPublicPageCache } from './public-pages.js';

/** A page load that finishes when the test says so. */
function slowLoad() {
  let finish!: (page: string) => void;
  const page = new Promise<string>((resolve) => (finish = resolve));
  return { load: () => page, finish };
}

describe('the signed-out page cache', () => {
  it('still answers the visitors waiting on a load that a change cut short', async () => {
    const cache = createPublicPageCache(60_000);
    const slow = slowLoad();
    const first = cache.get('/api/services', slow.load);
    const joined = cache.get('/api/services', async () => 'not loaded: the load in flight is shared');
    cache.forgetAll();
    const afterChange = cache.get('/api/services', async () => 'after the change');
    slow.finish('before the change');
    await expect(first).resolves.toBe('before the change');
    await expect(joined).resolves.toBe('before the change');
    await expect(afterChange).resolves.toBe('after the change');
    await expect(cache.get('/api/services', async () => 'loaded again')).resolves.toBe('after the change');
  });

  it('never serves a page whose load began before a change, once that load ends', async () => {
    const cache = createPublicPageCache(60_000);
    const slow = slowLoad();
    const before = cache.get('/api/services', slow.load);
    cache.forgetAll();
    slow.finish('before the change');
    await expect(before).resolves.toBe('before the change');
    await expect(cache.get('/api/services', async () => 'after the change')).resolves.toBe('after the change');
  });

  it('keeps what it remembers under 64 MB: a large page pushes the oldest out, and one larger than all is never kept', async () => {
    const cache = createPublicPageCache(60_000);
    const page = (name: string) => ({ name, bytes: 30 * 1024 * 1024 });
    await cache.get('page /services?search=a', async () => page('a'));
    await cache.get('page /services?search=b', async () => page('b'));
    await cache.get('page /services?search=c', async () => page('c'));
    // a was pushed out by c: loaded again; c is still there.
    await expect(cache.get('page /services?search=a', async () => page('a again'))).resolves.toMatchObject({ name: 'a again' });
    await expect(cache.get('page /services?search=c', async () => page('c again'))).resolves.toMatchObject({ name: 'c' });
    const huge = { name: 'huge', bytes: 65 * 1024 * 1024 };
    await cache.get('page /huge', async () => huge);
    await expect(cache.get('page /huge', async () => ({ name: 'huge again', bytes: 1 }))).resolves.toMatchObject({ name: 'huge again' });
  });

  it("forgets on another process's notice as on its own change, and tells the others of its own (decision 026)", async () => {
    let hear = () => {};
    let told = 0;
    const peers = { listingsChanged: async () => void (told += 1), onListingsChanged: (listener: () => void) => ((hear = listener), () => {}) };
    const cache = createPublicPageCache(60_000, peers);
    await cache.get('/api/services', async () => 'before');
    const slow = slowLoad();
    const loading = cache.get('/api/services?limit=5', slow.load);
    hear();
    slow.finish('loaded before the notice');
    await expect(loading).resolves.toBe('loaded before the notice');
    await expect(cache.get('/api/services', async () => 'after')).resolves.toBe('after');
    await expect(cache.get('/api/services?limit=5', async () => 'after')).resolves.toBe('after');
    expect(told).toBe(0);
    cache.forgetAll();
    expect(told).toBe(1);
  });
});

describe('signed-out browsing while people like listings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LISTINGS_CACHE_MS: '60000' });
  });
  afterAll(() => t.close());

  it('never answers 5xx, and shows the last count once the likes stop', { timeout: 60_000 }, async () => {
    const { cookie: owner } = await signUp(t.app);
    const listings = [await createListing(t, owner), await createListing(t, owner), await createListing(t, owner)];
    const likers = await manyUsers(t, 24);
    const pages = ['/api/services', '/api/services?limit=5', '/api/services?listingType=offer', `/api/services?categoryId=${listings[0]!.categoryId}`];

    // Over real sockets, as visitors come: in-process injection would let one kind of request starve the other.
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const statuses = { browse: new Map<number, number>(), like: new Map<number, number>() };
    const count = (map: Map<number, number>, status: number) => map.set(status, (map.get(status) ?? 0) + 1);
    const until = Date.now() + 3000;
    const browsing = async (i: number) => {
      while (Date.now() < until) {
        const res = await fetch(base + pages[i % pages.length]!);
        await res.arrayBuffer();
        count(statuses.browse, res.status);
      }
    };
    const liking = async (i: number) => {
      for (let n = 0; Date.now() < until; n++) {
        const res = await fetch(`${base}/api/services/${listings[n % listings.length]!.id}/like`, {
          method: n % 2 === 0 ? 'POST' : 'DELETE',
          headers: { cookie: likers[(i + n * 4) % likers.length]! },
        });
        await res.arrayBuffer();
        count(statuses.like, res.status);
      }
    };
    await Promise.all([...Array.from({ length: 8 }, (_, i) => browsing(i)), ...Array.from({ length: 4 }, (_, i) => liking(i))]);

    expect([...statuses.browse.keys()]).toEqual([200]);
    // Likes past a person's budget are refused (429); none fails.
    expect([...statuses.like.keys()].filter((status) => status !== 200 && status !== 429)).toEqual([]);
    expect(statuses.browse.get(200)).toBeGreaterThan(5);
    expect(statuses.like.get(200)).toBeGreaterThan(5);

    // One more like: the page a visitor reads next has its count, not one cached before it.
    const liked = await t.app.inject({ method: 'POST', url: `/api/services/${listings[0]!.id}/like`, headers: { cookie: owner } });
    expect(liked.statusCode, liked.body).toBe(200);
    const page = (await t.app.inject({ method: 'GET', url: '/api/services' })).json<BrowseResult>();
    expect(page.services.find((s) => s.id === listings[0]!.id)?.likeCount).toBe(liked.json<{ likeCount: number }>().likeCount);
  });
});
