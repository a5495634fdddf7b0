import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { categories, serviceTypes } from '../../db/schema.js';

/** The catalogue's reads: the categories and all service types, in their fixed order (catalogue.ts keeps them in memory). */
export function createCatalogueRepository(db: Db) {
  return {
    categories() {
      return db.select({ id: categories.id, slug: categories.slug, name: categories.name, color: categories.color }).from(categories).orderBy(asc(categories.id));
    },

    serviceTypes() {
      return db.select({ id: serviceTypes.id, categoryId: serviceTypes.categoryId, name: serviceTypes.name }).from(serviceTypes).orderBy(asc(serviceTypes.id));
    },
  };
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
