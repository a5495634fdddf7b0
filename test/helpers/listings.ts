import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Service } from '../../src/shared/services.js';
import { createAuthRepository, createSessionStore } from '../../src/server/modules/auth/index.js';
import type { TestApp } from './app.js';

let catalogue: Promise<Array<{ id: number; slug: string; serviceTypeIds: number[] }>> | undefined;

/** The migrated categories with their service type ids (read once per file through the API). */
export function loadCatalogue(t: TestApp) {
  catalogue ??= (async () => {
    const categories = (await t.app.inject({ method: 'GET', url: '/api/categories' })).json<Array<{ id: number; slug: string }>>();
    return Promise.all(
      categories.map(async (c) => ({
        ...c,
        serviceTypeIds: (await t.app.inject({ method: 'GET', url: `/api/categories/${c.id}/service-types` })).json<Array<{ id: number }>>().map((s) => s.id),
      })),
    );
  })();
  return catalogue;
}

export async function offerPayload(t: TestApp, overrides: Record<string, unknown> = {}, slug = 'tutoring') {
  const category = (await loadCatalogue(t)).find((c) => c.slug === slug)!;
  return {
    listingType: 'offer',
    categoryId: category.id,
    serviceTypeId: category.serviceTypeIds[0],
    title: 'Patient maths tutoring',
    description: 'Algebra and geometry help for middle and high school students, at your kitchen table or mine.',
    images: [],
    rate: 25,
    rateType: 'hourly',
    pricesVary: false,
    availability: ['mon', 'wed'],
    isVirtual: false,
    zipCode: '10001',
    city: 'New York',
    state: 'NY',
    contactMethod: 'message',
    contactValue: 'Platform messaging',
    ...overrides,
  };
}

export async function createListing(t: TestApp, cookie: string, overrides: Record<string, unknown> = {}, slug?: string): Promise<Service> {
  const res = await t.app.inject({ method: 'POST', url: '/api/services', headers: { cookie }, payload: await offerPayload(t, overrides, slug) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Service>();
}

/**
 * Many signed-in people at once, written straight to the database: the API's sign-up hashes each
 * password at full cost, which a test that needs fifty people does not need to prove again.
 */
export async function manyUsers(t: TestApp, count: number): Promise<string[]> {
  const repo = createAuthRepository(t.database.db);
  const sessions = createSessionStore(repo);
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const id = randomUUID();
      await repo.insertUser({ id, email: `crowd-${id}@example.test`, username: `crowd_${id.slice(0, 8)}_${i}`, termsAccepted: true });
      const token = await sessions.create(id);
      return `csm_session=${t.app.signCookie(token)}`;
    }),
  );
}
