// engines: one
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/helpers/app.js';
import { signUp, type SignedUp } from '#test/helpers/factories.js';
import { createListing } from '#test/helpers/listings.js';
import { uniqueWord } from '#test/support/unique.js';

/**
 * Places in the pages rendered on the server (decisions 042 and 052): browse starting near a member's home
 * ZIP, 'Anywhere' kept, and a listing's page saying how far away it is. What the server renders is what the browser
 * hydrates: the markup and the query cache it sends agree.
 */
let t: TestApp;
let owner: SignedUp;
let member: SignedUp;
const word = uniqueWord();
let montclair: number;
let newark: number;
let philadelphia: number;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '100', PUBLIC_URL: 'https://market.example' }, { pages: true });
  owner = await signUp(t.app);
  member = await signUp(t.app);
  ({ id: montclair } = await createListing(t, owner.cookie, { title: `Piano lessons in Montclair ${word}`, zipCode: '07042', city: 'Montclair', state: 'NJ' }));
  ({ id: newark } = await createListing(t, owner.cookie, { title: `Dog walking in Newark ${word}`, zipCode: '07102', city: 'Newark', state: 'NJ' }));
  ({ id: philadelphia } = await createListing(t, owner.cookie, { title: `Cat sitting in Philadelphia ${word}`, zipCode: '19103', city: 'Philadelphia', state: 'PA' }));
  const saved = await t.app.inject({ method: 'PATCH', url: '/api/auth/home-zip', headers: { cookie: member.cookie }, payload: { zipCode: '07042' } });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => t.close());

const page = async (url: string, cookie?: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const html = res.body;
  // Without the comments React writes between neighbouring texts, to read the words as a person does.
  const root = (/<div id="root">([\s\S]*)<\/div><script type="application\/json" id="page-state">/.exec(html)?.[1] ?? '').replaceAll('<!-- -->', '');
  const state = JSON.parse(/<script type="application\/json" id="page-state">([^<]*)<\/script>/.exec(html)?.[1] ?? '{"queries":[]}') as {
    queries: Array<{ queryKey: unknown[]; state: { status: string; data: unknown } }>;
  };
  const canonical = /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
  const query = (key: unknown[]) => state.queries.find((q) => JSON.stringify(q.queryKey) === JSON.stringify(key));
  return { root, state, canonical, query };
};

describe('browse, rendered for a member with a home ZIP code', () => {
  it('starts near it when the address names no place: the results, their distances and the ZIP box', async () => {
    const doc = await page(`/services?search=${word}`, member.cookie);
    expect(doc.root).toContain(`Piano lessons in Montclair ${word}`);
    // In words (decision 067): the listing in the searched ZIP is not '≈ 0.0 mi away'; the heading says what was
    // searched, naming the home ZIP's place as the browser would.
    expect(doc.root).toContain('In your ZIP');
    expect(doc.root).not.toContain('0.0 mi');
    expect(doc.root).toContain('≈ 6.0 mi away');
    expect(doc.root).toContain(`2 listings for &quot;${word}&quot; within 10 mi of Montclair, NJ`);
    expect(doc.root).not.toContain('Cat sitting in Philadelphia');
    expect(doc.root).toMatch(/id="near-zip"[^>]*value="07042"/);
    // The cards lead to pages that keep the place.
    expect(doc.root).toContain(`href="/services/${newark}?near=07042"`);
    // The cache the browser hydrates from holds exactly that search, so it asks for nothing again.
    expect(doc.query(['services', 'list', { search: word, near: '07042' }])?.state.status).toBe('success');
  });

  it("keeps 'Anywhere' and any place the address names", async () => {
    const anywhere = await page(`/services?search=${word}&near=anywhere`, member.cookie);
    expect(anywhere.root).toContain('Cat sitting in Philadelphia');
    expect(anywhere.root).not.toContain('mi away');
    expect(anywhere.query(['services', 'list', { search: word }])?.state.status).toBe('success');

    const elsewhere = await page(`/services?search=${word}&near=19103`, member.cookie);
    expect(elsewhere.root).toContain('Cat sitting in Philadelphia');
    expect(elsewhere.root).not.toContain('Piano lessons in Montclair');
  });

  it('starts anywhere for a visitor and for a member without one', async () => {
    for (const cookie of [undefined, owner.cookie]) {
      const doc = await page(`/services?search=${word}`, cookie);
      expect(doc.root).toContain('Cat sitting in Philadelphia');
      expect(doc.root).not.toContain('mi away');
    }
  });
});

describe('browse around a ZIP code the address names, rendered for a visitor', () => {
  it('names the place in the heading and the Near control, from the answer GET /api/zip/{zip} gives', async () => {
    const doc = await page(`/services?search=${word}&near=07042`);
    expect(doc.root).toContain(`2 listings for &quot;${word}&quot; within 10 mi of Montclair, NJ`);
    expect(doc.root).not.toContain('ZIP 07042');
    expect(doc.root).toMatch(/id="near-zip-place"[^>]*>Montclair, NJ</);
    // The browser's cache holds the place as its own look-up would, so it neither asks again nor changes the heading.
    const api = await t.app.inject({ method: 'GET', url: '/api/zip/07042' });
    expect(api.statusCode).toBe(200);
    const place = doc.query(['zip', '07042']);
    expect(place?.state.status).toBe('success');
    expect(place?.state.data).toEqual(api.json());
  });

  it('renders a ZIP the dataset lacks without a place, the cache holding the null the browser would', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/zip/00000' })).statusCode).toBe(404);
    const doc = await page(`/services?search=${word}&near=00000`);
    expect(doc.root).toContain('within 10 mi of ZIP 00000');
    expect(doc.root).not.toContain('id="near-zip-place"');
    // The Near control says the ZIP is unknown from the first paint, as it would once the browser had looked it up.
    expect(doc.root).toContain('id="near-zip-error"');
    const place = doc.query(['zip', '00000']);
    expect(place?.state.status).toBe('success');
    expect(place?.state.data).toBeNull();
  });

  it('looks no place up when the address searches anywhere', async () => {
    const doc = await page(`/services?search=${word}`);
    expect(doc.state.queries.some((q) => q.queryKey[0] === 'zip')).toBe(false);
  });
});

describe("a listing's page, rendered with a place to measure from", () => {
  it('says how far it is from the ZIP code of the search the reader came from, with the canonical address without it', async () => {
    const doc = await page(`/services/${newark}?near=07042`);
    expect(doc.root).toContain('≈ 6.0 mi away');
    expect(doc.root).toContain('from ZIP 07042');
    expect(doc.canonical).toBe(`https://market.example/services/${newark}`);
    expect(doc.query(['services', 'distance', newark, '07042'])?.state.data).toEqual({ distanceMiles: 6 });
  });

  it("says how far it is from the member's home ZIP code, and nothing to a visitor who came from nowhere", async () => {
    const mine = await page(`/services/${philadelphia}`, member.cookie);
    expect(mine.root).toContain('≈ 78.0 mi away');
    expect(mine.root).toContain('from ZIP 07042');
    const visitor = await page(`/services/${montclair}`);
    expect(visitor.root).not.toContain('mi away');
    expect(visitor.state.queries.some((q) => q.queryKey[1] === 'distance')).toBe(false);
  });

  it('renders the listing, without a distance, for a ZIP nobody knows', async () => {
    const doc = await page(`/services/${newark}?near=00000`);
    expect(doc.root).toContain(`Dog walking in Newark ${word}`);
    expect(doc.root).not.toContain('mi away');
    expect(doc.query(['services', 'distance', newark, '00000'])?.state.status).toBe('error');
  });
});
