import { integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

/** The catalogue (modules/catalogue): the eight categories and their service types, seeded by migration. */

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  color: text('color').notNull().default('#4F46E5'),
});

export const serviceTypes = pgTable(
  'service_types',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('service_types_category_name_key').on(t.categoryId, t.name)],
);
