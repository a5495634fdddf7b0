import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';

/** `.invalid` is reserved (RFC 2606): no mail can ever reach a demo person, and no one can sign in as one (no password). */
export const DEMO_EMAIL_DOMAIN = 'demo.invalid';

/** `email` (a column or an alias's column) is not a demo neighbour's: no address (a deleted account) counts as real. */
export const notDemoAddress = (email: SQLWrapper) => sql`(${email} is null or lower(${email}) not like ${`%@${DEMO_EMAIL_DOMAIN}`})`;

/**
 * Whether anyone but the demo neighbours has an account (deleted accounts keep their row without an address, and
 * count: they were real). A production site with real members must not keep presenting itself as a demo.
 */
export async function hasRealMembers(db: Db): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(notDemoAddress(users.email)).limit(1);
  return rows.length > 0;
}
