import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../../shared/catalogue.js';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';

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
    expect(unknown.json()).toEqual({ message: 'Category not found' });
    for (const bad of ['abc', '-1', '1.5', '99999999999']) {
      const res = await get(`/api/categories/${bad}/service-types`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
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
