import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Service } from '../../src/shared/services.js';
import { createAuthRepository, createSessionStore } from '../../src/server/modules/accounts/index.js';
import { catalogueIds, listingInput, readCatalogue, type CatalogueCategory } from '../support/listings.js';
import type { TestApp } from './app.js';

let catalogue: Promise<CatalogueCategory[]> | undefined;

/** The migrated categories with their service types (read once per file through the API). */
function readCatalogueOnce(t: TestApp) {
  catalogue ??= readCatalogue(async (path) => (await t.app.inject({ method: 'GET', url: path })).json());
  return catalogue;
}

/** The categories with their service type ids. */
export async function loadCatalogue(t: TestApp) {
  return (await readCatalogueOnce(t)).map(({ id, slug, serviceTypes }) => ({ id, slug, serviceTypeIds: serviceTypes.map((s) => s.id) }));
}

/** The body of POST /api/services (test/support/listings.ts) in the category `slug`, with `overrides` as they are. */
export async function offerPayload(t: TestApp, overrides: Record<string, unknown> = {}, slug = 'tutoring') {
  return listingInput(catalogueIds(await readCatalogueOnce(t), slug), overrides);
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
