/**
 * Prints the SQL of migration 0001 (the starting catalogue) from src/shared/catalogue.ts:
 *   npx tsx scripts/catalogue-sql.ts > src/server/db/migrations/0001_seed_catalogue.sql
 * A test keeps the migration and the shared catalogue equal.
 */
import { catalogueSeedStatements } from '../src/server/db/catalogue-seed.js';

console.log(['-- The starting catalogue: the 8 categories and their service types.', catalogueSeedStatements().join('\n--> statement-breakpoint\n')].join('\n'));
