// engines: both — the catalogue's seed SQL and its idempotence
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE } from '#shared/catalogue.js';
import { createTestApp, type TestApp } from '#test/helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('categories', () => {
  it('lists the 8 categories of the migrated catalogue with slug, name and a distinct colour', async () => {
    const res = await get('/api/categories');
    expect(res.statusCode).toBe(200);
    const categories = res.json<Array<{ id: number; slug: string; name: string; color: string }>>();
    expect(categories.map(({ slug, name, color }) => ({ slug, name, color }))).toEqual(CATALOGUE.map(({ slug, name, color }) => ({ slug, name, color })));
    expect(categories.map((c) => c.slug)).toEqual(['tutoring', 'yard', 'pet', 'childcare', 'tech', 'household', 'creative', 'sports-fitness']);
    expect(categories.map((c) => c.name)).toEqual(['Tutoring', 'Yard Work', 'Pet Care', 'Childcare', 'Tech Help', 'Household Help', 'Creative', 'Sports & Fitness']);
    expect(new Set(categories.map((c) => c.color)).size).toBe(8);
    for (const c of categories) expect(c.color).toMatch(/^#[0-9A-F]{6}$/);
  });

  it('lists 5 to 10 service types for each category, as migrated', async () => {
    const categories = (await get('/api/categories')).json<Array<{ id: number; slug: string }>>();
    for (const category of categories) {
      const res = await get(`/api/categories/${category.id}/service-types`);
      expect(res.statusCode).toBe(200);
      const names = res.json<Array<{ id: number; name: string }>>().map((s) => s.name);
      expect(names.length).toBeGreaterThanOrEqual(5);
      expect(names.length).toBeLessThanOrEqual(10);
      expect(names).toEqual(CATALOGUE.find((c) => c.slug === category.slug)!.serviceTypes);
    }
  });

  it('answers 404 for an unknown category and 400 for an id that is not one', async () => {
    const unknown = await get('/api/categories/999999/service-types');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Category not found', code: 'not_found' });
    for (const bad of ['abc', '-1', '1.5', '99999999999']) {
      const res = await get(`/api/categories/${bad}/service-types`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});

describe('the catalogue served from memory', () => {
  const conditional = (url: string, etag: string) => t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });

  it('answers exactly what the database holds, cacheable by anyone, with an ETag that a revalidation turns into a 304', async () => {
    const rows = (await t.database.db.execute(sql`select id, slug, name, color from categories order by id`)) as unknown as { rows: unknown[] };
    const typeRows = (await t.database.db.execute(sql`select t.id, t.name from service_types t join categories c on c.id = t.category_id where c.slug = 'pet' order by t.id`)) as unknown as {
      rows: unknown[];
    };
    const categories = await get('/api/categories');
    expect(categories.body).toBe(JSON.stringify(rows.rows));
    const pet = categories.json<Array<{ id: number; slug: string }>>().find((c) => c.slug === 'pet')!;
    const types = await get(`/api/categories/${pet.id}/service-types`);
    expect(types.body).toBe(JSON.stringify(typeRows.rows));

    for (const [url, res] of [['/api/categories', categories], [`/api/categories/${pet.id}/service-types`, types]] as const) {
      expect(res.headers['content-type'], url).toBe('application/json; charset=utf-8');
      expect(res.headers['cache-control'], url).toBe('public, max-age=300, stale-while-revalidate=86400');
      const etag = String(res.headers.etag);
      expect(etag, url).toMatch(/^W\/"[\w-]+"$/);
      expect((await get(url)).headers.etag, url).toBe(etag);
      const unchanged = await conditional(url, etag);
      expect(unchanged.statusCode, url).toBe(304);
      expect(unchanged.body, url).toBe('');
      expect(unchanged.headers.etag, url).toBe(etag);
      expect(unchanged.headers['cache-control'], url).toBe('public, max-age=300, stale-while-revalidate=86400');
      // A list naming it, its strong form, and `*` match too; another tag does not.
      for (const header of [`"other", ${etag}`, etag.slice(2), '*']) expect((await conditional(url, header)).statusCode, `${url} ${header}`).toBe(304);
      const changed = await conditional(url, 'W/"something-else"');
      expect(changed.statusCode, url).toBe(200);
      expect(changed.body, url).toBe(res.body);
    }
    expect(types.headers.etag).not.toBe(categories.headers.etag);
  });

  it('keeps its answers until the seed runs, which reads them again', async () => {
    const fresh = await createTestApp();
    try {
      const first = (await fresh.app.inject({ method: 'GET', url: '/api/categories' })).json<unknown[]>();
      await fresh.database.db.execute(sql`UPDATE categories SET color = '#000000' WHERE slug = 'pet'`);
      expect((await fresh.app.inject({ method: 'GET', url: '/api/categories' })).json()).toEqual(first);
      expect((await fresh.app.inject({ method: 'POST', url: '/api/seed-initial-data' })).statusCode).toBe(200);
      const after = (await fresh.app.inject({ method: 'GET', url: '/api/categories' })).json<Array<{ slug: string; color: string }>>();
      expect(after.find((c) => c.slug === 'pet')!.color).toBe('#000000');
    } finally {
      await fresh.close();
    }
  });
});

describe('seed-initial-data', () => {
  it('answers 200 and seeds nothing twice', async () => {
    const before = (await get('/api/categories')).json();
    for (let i = 0; i < 2; i++) expect((await t.app.inject({ method: 'POST', url: '/api/seed-initial-data' })).statusCode).toBe(200);
    expect((await get('/api/categories')).json()).toEqual(before);
    const types = (await get(`/api/categories/${before[0].id}/service-types`)).json();
    expect(types).toHaveLength(CATALOGUE[0]!.serviceTypes.length);
  });

  it('restores a category that went missing', async () => {
    const fresh = await createTestApp();
    try {
      await fresh.database.db.execute(sql`DELETE FROM categories WHERE slug = 'pet'`);
      expect((await fresh.app.inject({ method: 'GET', url: '/api/categories' })).json()).toHaveLength(7);
      expect((await fresh.app.inject({ method: 'POST', url: '/api/seed-initial-data' })).statusCode).toBe(200);
      const categories = (await fresh.app.inject({ method: 'GET', url: '/api/categories' })).json<Array<{ id: number; slug: string }>>();
      expect(categories.map((c) => c.slug)).toContain('pet');
      const pet = categories.find((c) => c.slug === 'pet')!;
      const types = (await fresh.app.inject({ method: 'GET', url: `/api/categories/${pet.id}/service-types` })).json();
      expect(types).toHaveLength(CATALOGUE.find((c) => c.slug === 'pet')!.serviceTypes.length);
    } finally {
      await fresh.close();
    }
  });
});

describe('catalogue migration', () => {
  it('is exactly the SQL generated from the shared catalogue', () => {
    const migration = readFileSync('src/server/db/migrations/0001_seed_catalogue.sql', 'utf8');
    const generated = execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/catalogue-sql.ts'], { encoding: 'utf8' });
    expect(migration).toBe(generated);
  });
});
