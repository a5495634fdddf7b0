import { sql as rawSql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import type { SafetyFlag } from '#shared/safety-flags.js';
import { users } from './accounts.js';
import { services } from './listings.js';

/** Messaging (modules/messaging): conversations and their messages. */

/**
 * A direct conversation between two people. participant1 wrote first; about a listing, participant2 is its owner
 * (one conversation per listing and writer); for the contact form, participant2 is the team's account.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    participant1Id: text('participant1_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    participant2Id: text('participant2_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null for the contact form; kept (set null) if an administrator removes the listing for good. */
    serviceId: integer('service_id').references(() => services.id, { onDelete: 'set null' }),
    subject: text('subject'),
    createdAt: createdAt(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** Unread messages per participant, changed in the same transaction as each message and each read. */
    participant1Unread: integer('participant1_unread').notNull().default(0),
    participant2Unread: integer('participant2_unread').notNull().default(0),
    /** When each participant was last sent a notification email about this conversation (throttling). */
    participant1NotifiedAt: timestamp('participant1_notified_at', { withTimezone: true }),
    participant2NotifiedAt: timestamp('participant2_notified_at', { withTimezone: true }),
  },
  (t) => [
    check('conversations_distinct_participants', rawSql`${t.participant1Id} <> ${t.participant2Id}`),
    check('conversations_unread_non_negative', rawSql`${t.participant1Unread} >= 0 and ${t.participant2Unread} >= 0`),
    uniqueIndex('conversations_service_writer_key').on(t.serviceId, t.participant1Id).where(rawSql`${t.serviceId} is not null`),
    index('conversations_participant1_idx').on(t.participant1Id, t.lastMessageAt.desc().nullsFirst()),
    index('conversations_participant2_idx').on(t.participant2Id, t.lastMessageAt.desc().nullsFirst()),
    // The administrator's list of every conversation, last message first, keyset-paginated on (last_message_at, id).
    index('conversations_last_message_idx').on(t.lastMessageAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
    /** Set when the other participant opens the conversation. */
    readAt: timestamp('read_at', { withTimezone: true }),
    /** The sender's idempotency key (a UUID the client made), so a retried send stores one message (decision 025). */
    clientId: text('client_id'),
    /** The signs of a scam the text carried when it was sent (phone, email, link, payment; decision 044). */
    safetyFlags: text('safety_flags').array().$type<SafetyFlag[]>().notNull().default(rawSql`'{}'::text[]`),
  },
  (t) => [
    check('messages_content_length', rawSql`char_length(${t.content}) between 1 and 5000`),
    index('messages_conversation_idx').on(t.conversationId, t.id.desc().nullsFirst()),
    // The per-person sending limit counts the last minute's messages across processes.
    index('messages_sender_idx').on(t.senderId, t.createdAt),
    // The Overview's messages per week (decision 029): a range over the last twelve weeks.
    index('messages_created_idx').on(t.createdAt),
    uniqueIndex('messages_client_id_idx')
      .on(t.senderId, t.conversationId, t.clientId)
      .where(rawSql`${t.clientId} is not null`),
  ],
);
