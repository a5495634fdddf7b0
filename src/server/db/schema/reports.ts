import { sql as rawSql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './accounts.js';
import { services } from './listings.js';
import { messages } from './messaging.js';

/** Reports (modules/reports): members' reports of listings, of other members and of messages (decision 046). */

/**
 * A person's report of a listing, a member or a message, pending until the administrator marks it reviewed or
 * dismissed. Exactly one target column is set, the one its `kind` names.
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['service', 'member', 'message'] }).notNull().default('service'),
    serviceId: integer('service_id').references(() => services.id, { onDelete: 'cascade' }),
    reportedUserId: text('reported_user_id').references(() => users.id, { onDelete: 'cascade' }),
    messageId: bigint('message_id', { mode: 'number' }).references(() => messages.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: ['inappropriate_content', 'spam', 'misleading', 'harassment', 'illegal', 'other'] }).notNull(),
    description: text('description'),
    status: text('status', { enum: ['pending', 'reviewed', 'dismissed'] }).notNull().default('pending'),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('reports_kind_check', rawSql`${t.kind} in ('service', 'member', 'message')`),
    check(
      'reports_one_target',
      rawSql`(${t.kind} = 'service') = (${t.serviceId} is not null) and (${t.kind} = 'member') = (${t.reportedUserId} is not null) and (${t.kind} = 'message') = (${t.messageId} is not null)`,
    ),
    check('reports_reason_check', rawSql`${t.reason} in ('inappropriate_content', 'spam', 'misleading', 'harassment', 'illegal', 'other')`),
    check('reports_status_check', rawSql`${t.status} in ('pending', 'reviewed', 'dismissed')`),
    check('reports_description_length', rawSql`${t.description} is null or char_length(${t.description}) between 1 and 1000`),
    uniqueIndex('reports_one_pending_key').on(t.serviceId, t.reporterId).where(rawSql`${t.status} = 'pending'`),
    uniqueIndex('reports_one_pending_member_key').on(t.reportedUserId, t.reporterId).where(rawSql`${t.status} = 'pending' and ${t.reportedUserId} is not null`),
    uniqueIndex('reports_one_pending_message_key').on(t.messageId, t.reporterId).where(rawSql`${t.status} = 'pending' and ${t.messageId} is not null`),
    index('reports_service_idx').on(t.serviceId),
    index('reports_reported_user_idx').on(t.reportedUserId),
    index('reports_message_idx').on(t.messageId),
    // The per-person hourly limit counts the last hour's reports across processes.
    index('reports_reporter_idx').on(t.reporterId, t.createdAt),
    // The administrator's lists, newest first: by status, and all of them.
    index('reports_status_newest_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('reports_newest_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The administrator's list of one kind, and the reporter's own list, newest first.
    index('reports_kind_newest_idx').on(t.kind, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
