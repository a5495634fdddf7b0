import { sql as rawSql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/** Mail (modules/mail): the email outbox. */

/**
 * Emails waiting to go out, written in the same transaction as what caused them; a worker sends them with
 * retries and backoff, so an SMTP outage delays mail but loses none.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What the email is about ('message-copy', 'message-notification', …), for logs and tests. */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Extra headers, such as an alert's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: createdAt(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** The last attempt failed because the server was unreachable: such rows go out as soon as it answers again (decision 025). */
    failedOnConnection: boolean('failed_on_connection').notNull().default(false),
  },
  (t) => [index('outbox_pending_idx').on(t.nextAttemptAt).where(rawSql`${t.sentAt} is null`)],
);
