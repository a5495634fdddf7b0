import { sql as rawSql } from 'drizzle-orm';
import { bigserial, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './accounts.js';

/** The administrator (modules/admin): the audit log of what administrators did. */

/**
 * What the administrator did, append-only (a trigger refuses updates and deletes, migration 0007): who, which
 * action, on what, and what the target was called at the time, so an entry still reads after its target is gone.
 * The actor becomes null if their account is ever removed; nothing else in a row ever changes. A backup action has a
 * null actor from the start when a command on the server did it (`npm run backup`, `npm run restore`; decision 027),
 * and its target id is the backup file's name.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: ['user.ban', 'user.unban', 'service.delete', 'report.status', 'conversation.read', 'appeal.lift', 'appeal.uphold', 'backup.create', 'backup.list', 'backup.restore'] }).notNull(),
    targetType: text('target_type', { enum: ['user', 'service', 'report', 'conversation', 'backup'] }).notNull(),
    targetId: text('target_id').notNull(),
    summary: text('summary').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('admin_audit_log_action_check', rawSql`${t.action} in ('user.ban', 'user.unban', 'service.delete', 'report.status', 'conversation.read', 'appeal.lift', 'appeal.uphold', 'backup.create', 'backup.list', 'backup.restore')`),
    check('admin_audit_log_target_type_check', rawSql`${t.targetType} in ('user', 'service', 'report', 'conversation', 'backup')`),
    // Removing a user sets their entries' actor to null: without an index that would read the whole log.
    index('admin_audit_log_actor_idx').on(t.actorId),
  ],
);
