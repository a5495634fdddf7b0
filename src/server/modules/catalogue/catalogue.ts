import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Category, ServiceType } from '#shared/catalogue.js';
import { catalogueSeedStatements } from '../../db/catalogue-seed.js';
import type { Db } from '../../db/client.js';
import { transaction } from '../../lib/transaction.js';
import { createCatalogueRepository } from './repository.js';

/** An answer kept as the JSON text sent, with its validator. */
export interface CachedAnswer {
  json: string;
  /**
   * Weak: the same ETag names the answer whatever its content coding (@fastify/compress may encode a large one), and
   * If-None-Match is compared weakly anyway.
   */
  etag: string;
}

interface Snapshot {
  categories: Category[];
  categoriesAnswer: CachedAnswer;
  serviceTypes: Map<number, CachedAnswer>;
}

const answer = (value: unknown): CachedAnswer => {
  const json = JSON.stringify(value);
  return { json, etag: `W/"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"` };
};

/**
 * The catalogue served from memory. It changes only when a migration adds rows (before the app starts) or the seed
 * endpoint inserts what is missing, so it is read once, in two queries, and forgotten when the seed runs.
 * Another process's seed is not heard of here; it only restores rows that someone deleted by hand, and this
 * process reads them at its next start.
 */
export function createCatalogue(db: Db) {
  const repo = createCatalogueRepository(db);
  let loading: Promise<Snapshot> | undefined;
  let seeded = false;

  async function load(): Promise<Snapshot> {
    const [categories, types] = await Promise.all([repo.categories(), repo.serviceTypes()]);
    const byCategory = new Map<number, Array<{ id: number; name: string }>>(categories.map((c) => [c.id, []]));
    for (const { id, categoryId, name } of types) byCategory.get(categoryId)?.push({ id, name });
    return {
      categories,
      categoriesAnswer: answer(categories),
      serviceTypes: new Map([...byCategory].map(([categoryId, list]) => [categoryId, answer(list)])),
    };
  }

  /** Concurrent first requests share one load; a failed one is not kept, so the next request tries again. */
  function snapshot(): Promise<Snapshot> {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  }

  return {
    /** `GET /api/categories`, as sent. */
    async categoriesAnswer(): Promise<CachedAnswer> {
      return (await snapshot()).categoriesAnswer;
    },

    async categories(): Promise<Category[]> {
      return (await snapshot()).categories;
    },

    /** A category's service types (the server-rendered listing page names its own); undefined for no such category. */
    async serviceTypes(categoryId: number): Promise<ServiceType[] | undefined> {
      const sent = (await snapshot()).serviceTypes.get(categoryId);
      return sent ? (JSON.parse(sent.json) as ServiceType[]) : undefined;
    },

    /** `GET /api/categories/:id/service-types` as sent; undefined for no such category. */
    async serviceTypesAnswer(categoryId: number): Promise<CachedAnswer | undefined> {
      return (await snapshot()).serviceTypes.get(categoryId);
    },

    /**
     * Inserts whatever of the shared catalogue is missing (the client asks once per page load, so after one full run
     * in this process it does nothing), then forgets the answers: the next request reads what is there now.
     */
    async seed(): Promise<void> {
      if (seeded) return;
      await transaction(db, async (tx) => {
        for (const statement of catalogueSeedStatements()) await tx.execute(sql.raw(statement));
      });
      seeded = true;
      loading = undefined;
    },
  };
}

export type Catalogue = ReturnType<typeof createCatalogue>;
