// engines: one
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/helpers/app.js';
import { signUp, type SignedUp } from '#test/helpers/factories.js';
import { createListing } from '#test/helpers/listings.js';
import { pngDataUrl, solidPng } from '#test/support/images.js';
import { services, users } from '../../db/schema.js';
import { parseTemplate, withoutCommentLines } from './document.js';

/**
 * The public pages as a crawler or a link preview reads them: HTML straight from the server, no browser (decision
 * 042). The renderer is the web app's server entry, compiled from its sources.
 */
let t: TestApp;
let owner: SignedUp;
let other: SignedUp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '100', PUBLIC_URL: 'https://market.example' }, { pages: true });
  owner = await signUp(t.app, { username: `owner${Date.now() % 100000}` });
  other = await signUp(t.app);
});
afterAll(() => t.close());

const page = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** The document's parts a reader looks for. */
function read(html: string) {
  const meta = (key: string) => new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];
  const root = /<div id="root">([\s\S]*)<\/div><script type="application\/json" id="page-state">/.exec(html)?.[1] ?? '';
  const state = /<script type="application\/json" id="page-state">([^<]*)<\/script>/.exec(html)?.[1];
  const jsonLd = /<script type="application\/ld\+json" data-page-head>([^<]*)<\/script>/.exec(html)?.[1];
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    description: meta('description'),
    canonical: /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1],
    meta,
    root,
    state: state ? (JSON.parse(state) as { queries: Array<{ queryKey: unknown[]; state: { status: string; data: unknown } }> }) : undefined,
    jsonLd: jsonLd ? (JSON.parse(jsonLd) as Record<string, unknown>) : undefined,
  };
}

describe('a listing page', () => {
  let id: number;
  beforeAll(async () => {
    const photo = pngDataUrl(await solidPng(640, 480, '#c87828'));
    ({ id } = await createListing(t, owner.cookie, {
      title: 'Dog walking on Maple Street',
      description: 'Morning and evening walks for dogs of every size, with photos after each walk.',
      rate: 18,
      rateType: 'hourly',
      images: [photo],
    }));
  });

  it('is HTML with the listing, its head for link previews and search engines, and the cache the browser hydrates from', async () => {
    const res = await page(`/services/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const doc = read(res.body);
    expect(doc.title).toBe('Dog walking on Maple Street | Community Services Marketplace');
    // What a browser without scripts shows: the listing's heading, text, price and provider are in the markup.
    expect(doc.root).toMatch(/<h1[^>]*>Dog walking on Maple Street<\/h1>/);
    expect(doc.root).toContain('Morning and evening walks for dogs of every size, with photos after each walk.');
    expect(doc.root).toContain('$18/hr');
    expect(doc.root).toContain(owner.user.username!);
    expect(doc.description).toContain('Morning and evening walks');
    expect(doc.canonical).toBe(`https://market.example/services/${id}`);
    expect(doc.meta('og:title')).toBe('Dog walking on Maple Street | Community Services Marketplace');
    expect(doc.meta('og:description')).toContain('Morning and evening walks');
    expect(doc.meta('og:url')).toBe(`https://market.example/services/${id}`);
    expect(doc.meta('og:type')).toBe('article');
    const listing = (await t.app.inject({ method: 'GET', url: `/api/services/${id}` })).json<{ images: string[] }>();
    expect(doc.meta('og:image')).toBe(`https://market.example${listing.images[0]}`);
    expect(doc.meta('twitter:card')).toBe('summary_large_image');
    expect(doc.jsonLd).toMatchObject({ '@context': 'https://schema.org', '@type': 'Offer', name: 'Dog walking on Maple Street', url: `https://market.example/services/${id}` });
    // The browser's cache gets exactly what GET /api/services/{id} answers, so it asks for nothing again.
    const detail = doc.state?.queries.find((query) => JSON.stringify(query.queryKey) === JSON.stringify(['services', 'detail', id]));
    expect(detail?.state.data).toEqual((await t.app.inject({ method: 'GET', url: `/api/services/${id}` })).json());
  });

  it('writes a hostile title as text everywhere: the markup, the head, the structured data and the state', async () => {
    const hostile = `"><script>alert(1)</script>`;
    const { id: evil } = await createListing(t, owner.cookie, { title: `${hostile} '&` });
    const res = await page(`/services/${evil}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('"><script');
    const doc = read(res.body);
    expect(doc.title).toBe('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; &#39;&amp; | Community Services Marketplace');
    expect(doc.meta('og:title')).toBe('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; &#39;&amp; | Community Services Marketplace');
    expect(doc.jsonLd?.name).toBe(`${hostile} '&`);
    expect(res.body.match(/<\/script>/g)?.length).toBe(res.body.match(/<script[ >]/g)?.length);
  });

  it('answers 404 with why (decision 069) to everyone but the owner once paused, deleted or its owner banned', async () => {
    const paused = (await createListing(t, owner.cookie, { title: 'Paused piano lessons' })).id;
    await t.database.db.update(services).set({ isActive: false }).where(eq(services.id, paused));
    const deleted = (await createListing(t, owner.cookie, { title: 'Deleted piano lessons' })).id;
    await t.database.db.update(services).set({ deletedAt: new Date() }).where(eq(services.id, deleted));
    const banned = await signUp(t.app);
    const bannedListing = (await createListing(t, banned.cookie, { title: 'Banned piano lessons' })).id;
    await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, banned.user.id));

    const words = new Map([
      [paused, 'This listing is no longer available'],
      [deleted, 'This listing was removed by its owner'],
      [bannedListing, 'This listing is no longer available'],
    ]);
    for (const [hidden, said] of words) {
      for (const cookie of [undefined, other.cookie]) {
        const res = await page(`/services/${hidden}`, cookie);
        expect(res.statusCode, `listing ${hidden}`).toBe(404);
        expect(read(res.body).root).toContain(said);
        expect(read(res.body).meta('robots')).toBe('noindex');
        // Nothing of the listing: not its title, not in the page's state.
        expect(res.body).not.toContain('piano lessons');
      }
    }
    for (const own of [paused, deleted]) {
      const res = await page(`/services/${own}`, owner.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(read(res.body).root).not.toContain(words.get(own));
    }
  });

  it('reads an escaped address as the router does: /services/%31 is the page of listing 1, rendered', async () => {
    const res = await page(`/services/${encodeURIComponent(String(id)).replace(/\d/, (digit) => `%3${digit}`)}`);
    expect(res.statusCode).toBe(200);
    expect(read(res.body).root).toContain('Dog walking on Maple Street');
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const url of [
      '/services/99999999',
      '/services/2000000000',
      '/services/2147483000',
      '/services/abc',
      '/services/not-a-number',
      '/services/0',
      '/services/1e3',
      '/services/12345678901234567890',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(read(res.body).root).toContain('404 Page Not Found');
    }
  });
});

describe("a member's page (decision 049)", () => {
  const stateOf = (doc: ReturnType<typeof read>, key: unknown[]) => doc.state?.queries.find((query) => JSON.stringify(query.queryKey) === JSON.stringify(key));

  it('is HTML with the member, their listings and the reviews of their listings, kept out of search engines', async () => {
    const username = owner.user.username!;
    const { id } = await createListing(t, owner.cookie, { title: 'Garden tidying on Elm Road' });
    const res = await page(`/members/${username}`);
    expect(res.statusCode).toBe(200);
    const doc = read(res.body);
    expect(doc.title).toBe(`${username} | Community Services Marketplace`);
    expect(doc.root).toContain(`>${username}</h1>`);
    expect(doc.root).toContain('Garden tidying on Elm Road');
    expect(doc.root).toContain('Not enough conversations yet to tell');
    expect(doc.meta('robots')).toBe('noindex');
    expect(doc.meta('og:title')).toBe(`${username} | Community Services Marketplace`);
    expect(doc.description).toMatch(new RegExp(`^${username} on Community Services Marketplace: Member since `));
    expect(doc.canonical).toBe(`https://market.example/members/${username}`);
    // The browser's cache gets exactly what the API answers, so it asks for nothing again.
    const key = username.toLowerCase();
    const profile = stateOf(doc, ['members', key, 'profile']);
    expect(profile?.state.data).toEqual((await t.app.inject({ method: 'GET', url: `/api/users/${username}` })).json());
    const listings = stateOf(doc, ['members', key, 'listings'])?.state.data as { pages: Array<{ services: Array<{ id: number }> }> };
    expect(listings.pages[0]!.services.map((s) => s.id)).toContain(id);
    expect(stateOf(doc, ['members', key, 'reviews', 'listings'])?.state.data).toEqual({
      pages: [(await t.app.inject({ method: 'GET', url: `/api/users/${username}/reviews` })).json()],
      pageParams: [null],
    });
    // Never the address.
    expect(res.body).not.toContain(owner.email);
  });

  it("answers 404 for an unknown, deleted or banned member, whose page is not available (decision 069), and for a name no account could have", async () => {
    for (const path of ['/members/%00', `/members/${'x'.repeat(300)}`]) {
      const res = await page(path);
      expect(res.statusCode, path).toBe(404);
      expect(read(res.body).root, path).toContain('404 Page Not Found');
    }
    const unknown = await page('/members/nobody_by_that_name');
    expect(unknown.statusCode).toBe(404);
    expect(read(unknown.body).root).toContain('This member&#x27;s page is not available');
    const banned = await signUp(t.app, { username: `banned${Date.now() % 100000}` });
    await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, banned.user.id));
    expect((await page(`/members/${banned.user.username}`)).statusCode).toBe(404);
  });

  it("renders for a reader who blocked the member without their listings, and with Unblock", async () => {
    const blocker = await signUp(t.app);
    const blocked = await t.app.inject({ method: 'POST', url: `/api/users/${owner.user.id}/block`, headers: { cookie: blocker.cookie } });
    expect(blocked.statusCode).toBe(204);
    const res = await page(`/members/${owner.user.username}`, blocker.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const doc = read(res.body);
    expect(doc.root).toContain('so their listings are hidden from you.');
    expect(doc.root).not.toContain('Garden tidying on Elm Road');
    expect(stateOf(doc, ['members', owner.user.username!.toLowerCase(), 'listings'])).toBeUndefined();
  });
});

describe('the other public pages', () => {
  it('renders home, browse, about and terms with their titles, and browse with the results of its address', async () => {
    const { id } = await createListing(t, owner.cookie, { title: 'Saturday soccer coaching for kids' });
    for (const [url, title] of [
      ['/', 'Community Services Marketplace'],
      ['/services', 'Browse Services | Community Services Marketplace'],
      ['/about', 'About | Community Services Marketplace'],
      ['/terms', 'Terms and Privacy | Community Services Marketplace'],
    ] as const) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(read(res.body).title, url).toBe(title);
      expect(read(res.body).canonical).toBe(`https://market.example${url}`);
      // The layout's footer comes with every page (its links: src/web/app/layout/footer.test.tsx).
      expect(read(res.body).root, url).toContain('<footer');
    }
    const browse = read((await page('/services?search=soccer%20coaching')).body);
    expect(browse.root).toContain('Saturday soccer coaching for kids');
    expect(browse.root).toContain(`/services/${id}`);
    expect(browse.canonical).toBe('https://market.example/services?search=soccer%20coaching');
  });

  it("shows a signed-out visitor 'Save this search' on browse as a link into sign-in", async () => {
    const { root } = read((await page('/services')).body);
    const end = root.indexOf('Save this search</a>');
    expect(end).toBeGreaterThan(-1);
    expect(root.slice(root.lastIndexOf('<a ', end), end)).toMatch(/^<a [^>]*href="\/api\/login[?"]/);
  });

  it('answers an unknown address with the not-found page and status 404, and leaves unknown API paths and build files JSON', async () => {
    for (const url of ['/no-such-page', '/no-such-page/anywhere']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      const { root } = read(res.body);
      expect(root).toMatch(/<h1[^>]*>404 Page Not Found<\/h1>/);
      expect(root).toContain('Did you forget to add the page to the router?');
      expect(root).toMatch(/<a [^>]*href="\/"[^>]*>Go to the home page<\/a>/);
    }
    for (const url of ['/api/no-such-thing', '/assets/gone-after-redeploy.js']) {
      const missing = await page(url);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Not found', code: 'not_found' });
    }
  });

  it('carries its theme and boot scripts inline, allowed by their hashes alone, and starts the app from the boot script; the plain document links them', async () => {
    const rendered = await page('/about');
    const inline = [...rendered.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    // Each as its file, without the lines that are only comments (decision 065).
    const file = (name: string) => readFileSync(`src/web/public/${name}`, 'utf8');
    expect(inline).toEqual([withoutCommentLines(file('theme-init.js')), withoutCommentLines(file('page-boot.js'))]);
    expect(inline[0]).toContain("window.localStorage.getItem('theme')");
    expect(inline.join('\n')).not.toMatch(/^\s*\/\//m);
    const hashes = inline.map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    const scriptSources = /script-src ([^;]+)/.exec(String(rendered.headers['content-security-policy']))?.[1]?.split(' ');
    expect(scriptSources).toEqual(["'self'", ...hashes]);
    // The app's scripts wait for the boot script (decision 043): none is in the document itself.
    expect(rendered.body).not.toMatch(/<script [^>]*src=|<link rel="modulepreload"/);
    const list = /<script type="application\/json" id="page-scripts">([^<]*)<\/script>/.exec(rendered.body)?.[1];
    expect(JSON.parse(list!)).toEqual(['/main.tsx']);

    const plain = await page('/login');
    expect(plain.body).toContain('<script src="/theme-init.js"></script>');
    expect(plain.body).toContain('<script type="module" src="/main.tsx"></script>');
    expect(plain.body).not.toContain('page-scripts');
  });

  it("keeps the built stylesheet a link to its hashed file, which the browser keeps (decision 065), and writes the theme script inline", () => {
    const built = [
      '<!doctype html><html lang="en"><head><title>Community Services Marketplace</title>',
      '<script src="/theme-init.js"></script>',
      '<script type="module" crossorigin src="/assets/index-abc123.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/chunk-def456.js">',
      '<link rel="stylesheet" crossorigin href="/assets/index-0a1b2c.css">',
      '</head><body><div id="root"></div></body></html>',
    ].join('\n');
    const files: Record<string, string> = { '/theme-init.js': 'document.documentElement.dataset.theme = "light";', '/page-boot.js': 'start();', '/assets/index-0a1b2c.css': 'body{margin:0}' };
    const template = parseTemplate(built, (path) => files[path]);
    expect(template.head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-0a1b2c.css">');
    expect(template.head).not.toContain('<style>');
    expect(template.head).toContain('<script>document.documentElement.dataset.theme = "light";</script>');
    expect(template.boot?.scripts).toEqual(['/assets/index-abc123.js', '/assets/chunk-def456.js']);
  });

  it('leaves the pages that need a signed-in person to the browser: the plain document, no state, with who asks', async () => {
    const visitor = (html: string) => JSON.parse(/<div id="root"><\/div><script type="application\/json" id="visitor">([^<]*)<\/script>/.exec(html)?.[1] ?? '"missing"') as unknown;
    const account = (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: other.cookie } })).json();
    for (const url of ['/profile', '/messages', '/my-services', '/create-service', '/login']) {
      const res = await page(url, other.cookie);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).not.toContain('page-state');
      expect(visitor(res.body), url).toEqual(account);
      const signedOut = await page(url);
      expect(signedOut.statusCode, url).toBe(200);
      expect(visitor(signedOut.body), url).toBeNull();
    }
  });

  it('renders for the person signed in, never stored by a cache, and leaves a member who has not accepted the terms to the browser', async () => {
    const signedIn = await page('/', other.cookie);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    const user = read(signedIn.body).state?.queries.find((query) => JSON.stringify(query.queryKey) === '["auth","user"]');
    expect(user?.state.data).toEqual((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: other.cookie } })).json());
    const newcomer = await signUp(t.app, { acceptTerms: false });
    const gate = await page('/', newcomer.cookie);
    expect(gate.body).toContain('<div id="root"></div>');
  });
});

describe('compression', () => {
  it('sends a rendered page compressed with Brotli or gzip as the browser accepts, the same document either way', async () => {
    const plain = await page('/about');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [encoding, decode] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
      const res = await t.app.inject({ method: 'GET', url: '/about', headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(read(decode(res.rawPayload).toString('utf8')).root).toBe(read(plain.body).root);
      expect(res.rawPayload.length).toBeLessThan(plain.body.length / 3);
    }
    const missing = await t.app.inject({ method: 'GET', url: '/no-such-page', headers: { 'accept-encoding': 'br' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBe('br');
  });
});

describe('signed-out renders remembered', () => {
  let cached: TestApp;
  beforeAll(async () => {
    cached = await createTestApp({ RATE_LIMIT_SCALE: '100', LISTINGS_CACHE_MS: '60000' }, { pages: true });
  });
  afterAll(() => cached.close());

  it('are sent with the bytes compressed when first rendered, the same for every visitor, and plain to a client that takes no encoding', async () => {
    const ask = (encoding?: string) => cached.app.inject({ method: 'GET', url: '/about?from=remembered', headers: encoding ? { 'accept-encoding': encoding } : {} });
    const plain = await ask();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary).toLowerCase()).toContain('accept-encoding');
    for (const [header, encoding, decode] of [['br', 'br', brotliDecompressSync], ['gzip, deflate, br', 'br', brotliDecompressSync], ['gzip', 'gzip', gunzipSync], ['x-gzip;q=1, br;q=0', 'gzip', gunzipSync]] as const) {
      const first = await ask(header);
      const again = await ask(header);
      expect(first.headers['content-encoding'], header).toBe(encoding);
      expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(decode(first.rawPayload).toString('utf8')).toBe(plain.body);
    }
    expect((await ask('identity')).body).toBe(plain.body);
  });

  it('are forgotten when a listing changes, as the browse answers are', async () => {
    const member = await signUp(cached.app);
    const first = await cached.app.inject({ method: 'GET', url: '/services' });
    expect(first.body).not.toContain('Violin lessons for beginners');
    await createListing({ ...t, app: cached.app, database: cached.database }, member.cookie, { title: 'Violin lessons for beginners' });
    const second = await cached.app.inject({ method: 'GET', url: '/services' });
    expect(second.body).toContain('Violin lessons for beginners');
  });
});
