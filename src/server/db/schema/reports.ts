import { sql as rawSql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './accounts.js';
import { services } from './listings.js';

/** Reports (modules/reports): members' reports of listings. */

/** A person's report of a listing, pending until the administrator marks it reviewed or dismissed. */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
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
    check('reports_reason_check', rawSql`${t.reason} in ('inappropriate_content', 'spam', 'misleading', 'harassment', 'illegal', 'other')`),
    check('reports_status_check', rawSql`${t.status} in ('pending', 'reviewed', 'dismissed')`),
    check('reports_description_length', rawSql`${t.description} is null or char_length(${t.description}) between 1 and 1000`),
    uniqueIndex('reports_one_pending_key').on(t.serviceId, t.reporterId).where(rawSql`${t.status} = 'pending'`),
    index('reports_service_idx').on(t.serviceId),
    // The per-person hourly limit counts the last hour's reports across processes.
    index('reports_reporter_idx').on(t.reporterId, t.createdAt),
    // The administrator's lists, newest first: by status, and all of them.
    index('reports_status_newest_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('reports_newest_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
