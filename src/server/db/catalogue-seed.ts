import { CATALOGUE } from '../../shared/catalogue.js';

const quote = (s: string) => `'${s.replaceAll("'", "''")}'`;

/**
 * Idempotent SQL that inserts whatever of the shared catalogue is missing.
 * Migration 0001 is this SQL (scripts/catalogue-sql.ts prints it); POST /api/seed-initial-data runs it again.
 */
export function catalogueSeedStatements(): string[] {
  return CATALOGUE.flatMap((c) => [
    `INSERT INTO "categories" ("slug", "name", "color") VALUES (${quote(c.slug)}, ${quote(c.name)}, ${quote(c.color)}) ON CONFLICT ("slug") DO NOTHING;`,
    `INSERT INTO "service_types" ("category_id", "name") SELECT c."id", v."name" FROM "categories" c, (VALUES ${c.serviceTypes
      .map((t) => `(${quote(t)})`)
      .join(', ')}) AS v("name") WHERE c."slug" = ${quote(c.slug)} ON CONFLICT DO NOTHING;`,
  ]);
}
