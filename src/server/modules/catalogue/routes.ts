import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categorySchema, serviceTypeSchema } from '../../../shared/catalogue.js';
import { apiErrorSchema } from '../../../shared/errors.js';
import { serialId } from '../../../shared/input.js';
import { MESSAGES } from '../../../shared/texts.js';
import { catalogueSeedStatements } from '../../db/catalogue-seed.js';
import type { Db } from '../../db/client.js';
import { categories, serviceTypes } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { transaction } from '../../lib/transaction.js';

export const catalogueRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/categories', { schema: { response: { 200: z.array(categorySchema) } } }, () =>
    db.select({ id: categories.id, slug: categories.slug, name: categories.name, color: categories.color }).from(categories).orderBy(asc(categories.id)),
  );

  app.get(
    '/api/categories/:categoryId/service-types',
    {
      schema: {
        params: z.object({ categoryId: serialId() }),
        response: { 200: z.array(serviceTypeSchema), 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const { categoryId } = request.params;
      const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId)).limit(1);
      if (!category) throw notFound(MESSAGES.categoryNotFound);
      return db.select({ id: serviceTypes.id, name: serviceTypes.name }).from(serviceTypes).where(eq(serviceTypes.categoryId, categoryId)).orderBy(asc(serviceTypes.id));
    },
  );

  // The client fires this once per page load; after one full run in this process there is nothing left to insert.
  let seeded = false;
  app.post(
    '/api/seed-initial-data',
    { config: { allowBeforeTerms: true }, schema: { response: { 200: z.object({ message: z.string() }) } } },
    async () => {
      if (!seeded) {
        await transaction(db, async (tx) => {
          for (const statement of catalogueSeedStatements()) await tx.execute(sql.raw(statement));
        });
        seeded = true;
      }
      return { message: 'Initial data is in place' };
    },
  );
};
