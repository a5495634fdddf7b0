import { sql as rawSql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './accounts.js';

/** Sanctions (modules/sanctions): each ban with its reason and appeal link, and the appeals (decision 047). */

/**
 * A ban: why, by whom, when, and when it was lifted. The account's own `is_banned` (accounts) says whether it stands;
 * this row says why; its appeal links are in `appeal_links`.
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
  },
  (t) => [
    check('bans_reason_length', rawSql`${t.reason} is null or char_length(${t.reason}) between 1 and 500`),
    // One standing ban per person.
    uniqueIndex('bans_one_standing_key').on(t.userId).where(rawSql`${t.liftedAt} is null`),
  ],
);

/**
 * The appeal links of a standing ban (decision 047, amended): the one emailed with the ban, valid for its
 * APPEAL_LINK_DAYS whatever else happens, and one more for each sign-in refused with the reason (the newest few kept).
 * Every link of the ban goes when an appeal is sent (one per ban) or the ban is lifted.
 */
export const appealLinks = pgTable(
  'appeal_links',
  {
    /** SHA-256 of the link's token. */
    tokenHash: text('token_hash').primaryKey(),
    banId: integer('ban_id')
      .notNull()
      .references(() => bans.id, { onDelete: 'cascade' }),
    /** The link of the ban's email, which a sign-in never pushes out. */
    emailed: boolean('emailed').notNull().default(false),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('appeal_links_ban_id_idx').on(t.banId, t.createdAt)],
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
