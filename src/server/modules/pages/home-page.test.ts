// engines: both — Home's listings are browse's public read (distance on each engine's ZIP table, the hidden rows left out by each engine's triggers and flags), remembered between visitors
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/helpers/app.js';
import { signUp, type SignedUp } from '#test/helpers/factories.js';
import { createListing } from '#test/helpers/listings.js';
import { uniqueWord } from '#test/support/unique.js';
import type { Service } from '#shared/services.js';
import { services, users } from '../../db/schema.js';

/**
 * Home's newest listings as the server renders them (decision 072): near a member's home ZIP, the newest anywhere for
 * a visitor and when nothing is near the home ZIP; no listing the public may not see; the signed-out page, remembered
 * between visitors, shows a new listing and loses a paused one at once.
 */
let t: TestApp;
let owner: SignedUp;
let member: SignedUp;
let farMember: SignedUp;
const word = uniqueWord();
const TITLES = {
  montclair: `Piano lessons in Montclair ${word}`,
  newark: `Dog walking in Newark ${word}`,
  philadelphia: `Cat sitting in Philadelphia ${word}`,
  paused: `Paused gutter cleaning ${word}`,
  expired: `Expired gutter cleaning ${word}`,
  deleted: `Deleted gutter cleaning ${word}`,
  banned: `Banned owner's gutter cleaning ${word}`,
};

beforeAll(async () => {
  // The signed-out page is remembered as deployed (for a minute, forgotten when a listing changes through the API).
  t = await createTestApp({ RATE_LIMIT_SCALE: '100', LISTINGS_CACHE_MS: '60000' }, { pages: true });
  owner = await signUp(t.app);
  member = await signUp(t.app);
  farMember = await signUp(t.app);
  const banned = await signUp(t.app);
  await createListing(t, owner.cookie, { title: TITLES.montclair, zipCode: '07042', city: 'Montclair', state: 'NJ' });
  await createListing(t, owner.cookie, { title: TITLES.newark, zipCode: '07102', city: 'Newark', state: 'NJ' });
  await createListing(t, owner.cookie, { title: TITLES.philadelphia, zipCode: '19103', city: 'Philadelphia', state: 'PA' });
  // Newer than the others, each near 07042, and each hidden from the public: none may show on Home.
  const near = { zipCode: '07042', city: 'Montclair', state: 'NJ' };
  const paused = await createListing(t, owner.cookie, { title: TITLES.paused, ...near });
  const expired = await createListing(t, owner.cookie, { title: TITLES.expired, ...near });
  const deleted = await createListing(t, owner.cookie, { title: TITLES.deleted, ...near });
  await createListing(t, banned.cookie, { title: TITLES.banned, ...near });
  const { db } = t.database;
  await db.update(services).set({ isActive: false }).where(eq(services.id, paused.id));
  await db.update(services).set({ expired: true, expiresAt: new Date(Date.now() - 86_400_000) }).where(eq(services.id, expired.id));
  await db.update(services).set({ deletedAt: new Date() }).where(eq(services.id, deleted.id));
  await db.update(users).set({ isBanned: true }).where(eq(users.id, banned.user.id));
  for (const [who, zipCode] of [
    [member, '07042'],
    [farMember, '99501'],
  ] as const) {
    const saved = await t.app.inject({ method: 'PATCH', url: '/api/auth/home-zip', headers: { cookie: who.cookie }, payload: { zipCode } });
    expect(saved.statusCode, saved.body).toBe(200);
  }
});
afterAll(() => t.close());

async function home(cookie?: string) {
  const res = await t.app.inject({ method: 'GET', url: '/', headers: cookie ? { cookie } : {} });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const html = res.body;
  // Without the comments React writes between neighbouring texts, to read the words as a person does.
  const root = (/<div id="root">([\s\S]*)<\/div><script type="application\/json" id="page-state">/.exec(html)?.[1] ?? '').replaceAll('<!-- -->', '');
  const state = JSON.parse(/<script type="application\/json" id="page-state">([^<]*)<\/script>/.exec(html)?.[1] ?? '{"queries":[]}') as {
    queries: Array<{ queryKey: unknown[]; state: { status: string; data: { pages: Array<{ services: Service[] }> } } }>;
  };
  const newest = (near: string) => state.queries.find((q) => JSON.stringify(q.queryKey) === JSON.stringify(['services', 'list', 'home', near]))?.state.data.pages[0]?.services;
  // The section's words: from its heading to the next section.
  const section = /<section aria-labelledby="newest-listings-title"[\s\S]*?<\/section>/.exec(root)?.[0] ?? '';
  return { html, root, section, newest, cacheControl: res.headers['cache-control'] };
}

const hidden = [TITLES.paused, TITLES.expired, TITLES.deleted, TITLES.banned];

describe('Home rendered on the server', () => {
  it('shows a visitor the newest public listings anywhere, with See all, below the hero and above the categories, in the state it hydrates from', async () => {
    const page = await home();
    expect(page.cacheControl).toBe('no-cache');
    expect(page.section).toContain('>Newest listings</h2>');
    expect(page.section).toMatch(/<a href="\/services"[^>]*>See all/);
    for (const title of [TITLES.montclair, TITLES.newark, TITLES.philadelphia]) expect(page.section).toContain(title);
    // Newest first.
    expect(page.section.indexOf(TITLES.philadelphia)).toBeLessThan(page.section.indexOf(TITLES.montclair));
    expect(page.newest('anywhere')?.map((s) => s.title)).toEqual([TITLES.philadelphia, TITLES.newark, TITLES.montclair]);
    // The specification's sections all stay, in their order around it.
    const order = ['Connect with helpers in your community', 'Newest listings', 'Browse by Category', 'View All Services', 'How It Works', 'Ready to get started?'];
    const at = order.map((text) => page.root.indexOf(text));
    expect(at.every((index) => index >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it('shows nothing the public may not see: no paused, expired or deleted listing, none of a banned owner, no email address', async () => {
    for (const cookie of [undefined, member.cookie, farMember.cookie]) {
      const page = await home(cookie);
      for (const title of hidden) expect(page.html).not.toContain(title);
      expect(page.html).not.toContain(owner.user.email!);
    }
  });

  it("shows a member with a home ZIP the newest near it, with how far, and See all keeps the place", async () => {
    const page = await home(member.cookie);
    expect(page.cacheControl).toBe('private, no-store');
    expect(page.section).toContain('>Newest near 07042</h2>');
    expect(page.section).toMatch(/<a href="\/services\?near=07042"[^>]*>See all/);
    expect(page.section).toContain(TITLES.montclair);
    expect(page.section).toContain(TITLES.newark);
    expect(page.section).not.toContain(TITLES.philadelphia);
    expect(page.section).toContain('In your ZIP');
    expect(page.section).toContain('≈ 6.0 mi away');
    expect(page.section).toContain(`href="/services/`);
    expect(page.newest('07042')?.map((s) => s.title)).toEqual([TITLES.newark, TITLES.montclair]);
  });

  it('falls back to the newest anywhere when nothing is listed near the home ZIP, and says so', async () => {
    const page = await home(farMember.cookie);
    expect(page.section).toContain('Nothing is listed near 99501 yet. Here are the newest anywhere.');
    expect(page.section).toContain('>Newest listings</h2>');
    expect(page.section).toMatch(/<a href="\/services\?near=anywhere"[^>]*>See all/);
    expect(page.section).toContain(TITLES.philadelphia);
    expect(page.newest('99501')).toEqual([]);
    expect(page.newest('anywhere')).toHaveLength(3);
  });

  it('remembered for visitors, shows a new listing at once and loses it once paused', async () => {
    expect((await home()).section).toContain(TITLES.philadelphia);
    const title = `Fresh snow shovelling ${word}`;
    const fresh = await createListing(t, owner.cookie, { title });
    const after = await home();
    expect(after.section).toContain(title);
    expect(after.section.indexOf(title)).toBeLessThan(after.section.indexOf(TITLES.philadelphia));

    const paused = await t.app.inject({ method: 'PUT', url: `/api/services/${fresh.id}`, headers: { cookie: owner.cookie }, payload: { ...fresh, images: [], isActive: false } });
    expect(paused.statusCode, paused.body).toBe(200);
    expect((await home()).html).not.toContain(title);
  });

  it('shows at most six', async () => {
    for (let index = 0; index < 5; index += 1) await createListing(t, owner.cookie, { title: `Window washing ${index} ${word}` });
    const page = await home();
    expect(page.newest('anywhere')).toHaveLength(6);
    expect(page.section.match(/<article /g)).toHaveLength(6);
    expect(page.section).not.toContain(TITLES.montclair);
  });
});
