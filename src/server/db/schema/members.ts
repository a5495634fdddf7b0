import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './accounts.js';

/** Members (modules/members): what members decide about each other. */

/**
 * A member's block of another (decision 045): while it stands, no conversation or message passes between the two, and
 * the blocker does not see the other's listings. Only the blocker is told; removed when either account is deleted.
 */
export const memberBlocks = pgTable(
  'member_blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    // The blocker's list and browse's filter read along the key; a message checks both directions, the other one here.
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('member_blocks_blocked_idx').on(t.blockedId, t.blockerId),
    check('member_blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);
