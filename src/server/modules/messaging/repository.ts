import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { conversations, messages, serviceCompletions, services, users } from '../../db/schema.js';
import { transaction } from '../../lib/transaction.js';
import type { BlockState } from '#shared/members.js';
import { blockStateSql } from '../members/index.js';

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

const participant1 = alias(users, 'participant1');
const participant2 = alias(users, 'participant2');
const sender = alias(users, 'sender');

/** A participant's public columns, and whether they deleted their account (the presenter shows 'Deleted user'). */
const participantColumns = (u: typeof users | typeof participant1 | typeof participant2 | typeof sender) => ({
  id: u.id,
  username: u.username,
  firstName: u.firstName,
  lastName: u.lastName,
  profileImageUrl: u.profileImageUrl,
  deletedAt: u.deletedAt,
});

/** Where a person takes part, as participant1 or participant2. */
const involves = (userId: string) => or(eq(conversations.participant1Id, userId), eq(conversations.participant2Id, userId));

/** The person's own unread count in a conversation, whichever side they are on. */
const unreadOf = (userId: string) =>
  sql<number>`case when ${conversations.participant1Id} = ${userId} then ${conversations.participant1Unread} else ${conversations.participant2Unread} end`;

/** The other participant of a conversation, as SQL. */
const otherOf = (userId: string) =>
  sql`case when ${conversations.participant1Id} = ${userId} then ${conversations.participant2Id} else ${conversations.participant1Id} end`;

export function createMessagingRepository(db: Db) {
  /** Conversations with both people, the linked listing and the last message, as the list shows them. */
  const selectConversations = (viewerId: string, tx: Db = db) =>
    tx
      .select({
        conversation: conversations,
        participant1: participantColumns(participant1),
        participant2: participantColumns(participant2),
        service: { id: services.id, title: services.title, userId: services.userId, deletedAt: services.deletedAt },
        completedAt: serviceCompletions.createdAt,
        unreadCount: unreadOf(viewerId),
        // Between members only: the team's conversations (with a subject) are never blocked.
        block: sql<BlockState>`case when ${conversations.subject} is null then ${blockStateSql(viewerId, otherOf(viewerId))} end`,
        lastMessage: sql<{ content: string; createdAt: string; fromUserId: string } | null>`(
          select json_build_object('content', m.content, 'createdAt', m.created_at, 'fromUserId', m.sender_id)
          from ${messages} m where m.conversation_id = ${conversations.id} order by m.id desc limit 1)`,
      })
      .from(conversations)
      .innerJoin(participant1, eq(participant1.id, conversations.participant1Id))
      .innerJoin(participant2, eq(participant2.id, conversations.participant2Id))
      .leftJoin(services, eq(services.id, conversations.serviceId))
      .leftJoin(serviceCompletions, eq(serviceCompletions.conversationId, conversations.id));

  return {
    async listFor(userId: string) {
      return selectConversations(userId).where(involves(userId)).orderBy(desc(conversations.lastMessageAt), desc(conversations.id));
    },

    async findConversation(id: number, viewerId: string, tx: Db = db) {
      const [row] = await selectConversations(viewerId, tx).where(eq(conversations.id, id)).limit(1);
      return row;
    },

    async findRow(id: number, tx: Db = db): Promise<ConversationRow | undefined> {
      const [row] = await tx.select().from(conversations).where(eq(conversations.id, id)).limit(1);
      return row;
    },

    /** Locks the conversation for the rest of the transaction: unread counts and throttles change together. */
    async lockRow(tx: Db, id: number): Promise<ConversationRow | undefined> {
      const [row] = await tx.select().from(conversations).where(eq(conversations.id, id)).for('update');
      return row;
    },

    /** `lockRow`, with the block that stands between the sender and the other participant (decision 045), in the same statement. */
    async lockRowForSender(tx: Db, id: number, senderId: string): Promise<{ conversation: ConversationRow; block: BlockState } | undefined> {
      const [row] = await tx.select({ conversation: conversations, block: blockStateSql(senderId, otherOf(senderId)) }).from(conversations).where(eq(conversations.id, id)).for('update');
      return row;
    },

    /** The newest conversation the team's `senderId` started with `recipientId` under `subject`. */
    async findTeamConversation(tx: Db, senderId: string, recipientId: string, subject: string): Promise<ConversationRow | undefined> {
      const [row] = await tx
        .select()
        .from(conversations)
        .where(and(eq(conversations.participant1Id, senderId), eq(conversations.participant2Id, recipientId), eq(conversations.subject, subject)))
        .orderBy(desc(conversations.id))
        .limit(1);
      return row;
    },

    async findAboutService(serviceId: number, writerId: string, tx: Db = db): Promise<ConversationRow | undefined> {
      const [row] = await tx
        .select()
        .from(conversations)
        .where(and(eq(conversations.serviceId, serviceId), eq(conversations.participant1Id, writerId)))
        .limit(1);
      return row;
    },

    /** A new conversation, or undefined when one about this listing by this writer appeared meanwhile. */
    async insertConversation(tx: Db, values: typeof conversations.$inferInsert): Promise<ConversationRow | undefined> {
      const [row] = await tx.insert(conversations).values(values).onConflictDoNothing().returning();
      return row;
    },

    async updateConversation(tx: Db, id: number, values: Partial<typeof conversations.$inferInsert>): Promise<void> {
      await tx.update(conversations).set(values).where(eq(conversations.id, id));
    },

    async insertMessage(tx: Db, values: typeof messages.$inferInsert): Promise<MessageRow> {
      const [row] = await tx.insert(messages).values(values).returning();
      return row!;
    },

    /**
     * A message this sender already stored under `clientId` (decision 025), in one conversation or, for a retried
     * start, in a conversation they started with `recipientId` about `serviceId` (null: the contact form). `first`
     * tells whether that message opened its conversation, i.e. whether the first answer created it.
     */
    async findByClientId(tx: Db, senderId: string, clientId: string, where: { conversationId: number } | { recipientId: string; serviceId: number | null }) {
      const scope =
        'conversationId' in where
          ? eq(messages.conversationId, where.conversationId)
          : and(
              eq(conversations.participant1Id, senderId),
              eq(conversations.participant2Id, where.recipientId),
              where.serviceId === null ? isNull(conversations.serviceId) : eq(conversations.serviceId, where.serviceId),
            );
      const [row] = await tx
        .select({
          id: messages.id,
          conversationId: messages.conversationId,
          first: sql<boolean>`not exists (select 1 from ${messages} m where m.conversation_id = ${messages.conversationId} and m.id < ${messages.id})`,
        })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId), scope))
        .limit(1);
      return row;
    },

    /** The newest `limit` messages before `beforeId` (all when absent), newest first, with their senders. */
    async pageOfMessages(conversationId: number, limit: number, beforeId?: number) {
      return db
        .select({ message: messages, sender: participantColumns(sender) })
        .from(messages)
        .innerJoin(sender, eq(sender.id, messages.senderId))
        .where(and(eq(messages.conversationId, conversationId), beforeId === undefined ? undefined : lt(messages.id, beforeId)))
        .orderBy(desc(messages.id))
        .limit(limit);
    },

    async findMessage(id: number, tx: Db = db) {
      const [row] = await tx
        .select({ message: messages, sender: participantColumns(sender) })
        .from(messages)
        .innerJoin(sender, eq(sender.id, messages.senderId))
        .where(eq(messages.id, id))
        .limit(1);
      return row;
    },

    /** Marks the other person's messages read and zeroes the reader's count; false when nothing was unread. */
    async markRead(conversation: ConversationRow, readerId: string): Promise<boolean> {
      const unreadColumn = conversation.participant1Id === readerId ? 'participant1Unread' : 'participant2Unread';
      return transaction(db, async (tx) => {
        const cleared = await tx
          .update(conversations)
          .set({ [unreadColumn]: 0 })
          .where(and(eq(conversations.id, conversation.id), gt(conversations[unreadColumn], 0)))
          .returning({ id: conversations.id });
        if (cleared.length === 0) return false;
        await tx
          .update(messages)
          .set({ readAt: sql`now()` })
          .where(and(eq(messages.conversationId, conversation.id), ne(messages.senderId, readerId), isNull(messages.readAt)));
        return true;
      });
    },

    async unreadTotal(userId: string, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ count: sql<number>`coalesce(sum(${unreadOf(userId)}), 0)::int` })
        .from(conversations)
        .where(involves(userId));
      return row?.count ?? 0;
    },

    /**
     * Holds the writer's `users` row for the rest of the transaction, so one person's messages are counted and
     * written one at a time and parallel requests cannot slip past the limits together (decision 022). NO KEY
     * UPDATE, not UPDATE: it does not block the foreign-key checks of someone else writing to this person.
     * Answers the writer's public columns, from which their message is presented.
     */
    async lockWriter(tx: Db, userId: string) {
      const [row] = await tx.select(participantColumns(users)).from(users).where(eq(users.id, userId)).for('no key update');
      return row!;
    },

    /** For the abuse limits, under `lockWriter`: conversations this person started and messages they sent since `since`. */
    async countStartedSince(tx: Db, userId: string, since: Date): Promise<number> {
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(conversations)
        .where(and(eq(conversations.participant1Id, userId), gt(conversations.createdAt, since)));
      return row?.count ?? 0;
    },

    async countSentSince(tx: Db, userId: string, since: Date): Promise<number> {
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(messages)
        .where(and(eq(messages.senderId, userId), gt(messages.createdAt, since)));
      return row?.count ?? 0;
    },
  };
}

export type MessagingRepository = ReturnType<typeof createMessagingRepository>;
