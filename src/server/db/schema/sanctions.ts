import { sql as rawSql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './accounts.js';

/** Sanctions (modules/sanctions): each ban with its reason and appeal link, and the appeals (decision 047). */

/**
 * A ban: why, by whom, when, and when it was lifted. The account's own `is_banned` (accounts) says whether it stands;
 * this row says why, and carries the appeal link's hash while one is out (single use, APPEAL_LINK_DAYS).
 */
export const bans = pgTable(
  'bans',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    bannedBy: text('banned_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    liftedBy: text('lifted_by').references(() => users.id, { onDelete: 'set null' }),
    /** SHA-256 of the appeal link's token; cleared when an appeal is sent. */
    appealTokenHash: text('appeal_token_hash'),
    appealTokenExpiresAt: timestamp('appeal_token_expires_at', { withTimezone: true }),
  },
  (t) => [
    check('bans_reason_length', rawSql`${t.reason} is null or char_length(${t.reason}) between 1 and 500`),
    // One standing ban per person.
    uniqueIndex('bans_one_standing_key').on(t.userId).where(rawSql`${t.liftedAt} is null`),
    uniqueIndex('bans_appeal_token_key').on(t.appealTokenHash),
  ],
);

/** A banned person's appeal: one per ban, pending until an administrator lifts the ban or upholds it. */
export const appeals = pgTable(
  'appeals',
  {
    id: serial('id').primaryKey(),
    banId: integer('ban_id')
      .notNull()
      .references(() => bans.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    status: text('status', { enum: ['pending', 'lifted', 'upheld'] }).notNull().default('pending'),
    note: text('note'),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('appeals_message_length', rawSql`char_length(${t.message}) between 1 and 2000`),
    check('appeals_note_length', rawSql`${t.note} is null or char_length(${t.note}) between 1 and 1000`),
    check('appeals_status_check', rawSql`${t.status} in ('pending', 'lifted', 'upheld')`),
    uniqueIndex('appeals_one_per_ban_key').on(t.banId),
    // The administrator's lists, newest first: by status, and all of them.
    index('appeals_status_newest_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('appeals_newest_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
