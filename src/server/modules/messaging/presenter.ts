import type { Conversation, Message, Participant } from '../../../shared/messaging.js';
import type { MessageRow } from './repository.js';
import type { MessagingRepository } from './repository.js';

type ConversationRecord = NonNullable<Awaited<ReturnType<MessagingRepository['findConversation']>>>;

/** The Conversation of spec section 3, as one of its participants sees it (no email addresses). */
export function presentConversation(record: ConversationRecord): Conversation {
  const { conversation: c, lastMessage } = record;
  return {
    id: c.id,
    participant1Id: c.participant1Id,
    participant2Id: c.participant2Id,
    participant1: record.participant1,
    participant2: record.participant2,
    subject: c.subject,
    createdAt: c.createdAt.toISOString(),
    lastMessageAt: c.lastMessageAt.toISOString(),
    lastMessage: lastMessage && { content: lastMessage.content, createdAt: new Date(lastMessage.createdAt).toISOString(), fromUserId: lastMessage.fromUserId },
    unreadCount: Number(record.unreadCount),
    service:
      record.service?.id != null
        ? {
            id: record.service.id,
            title: record.service.title,
            userId: record.service.userId,
            deletedAt: record.service.deletedAt?.toISOString() ?? null,
            completedAt: record.completedAt?.toISOString() ?? null,
          }
        : null,
  };
}

/** The Message of spec section 3. */
export function presentMessage(message: MessageRow, sender: Participant): Message {
  return { id: message.id, conversationId: message.conversationId, content: message.content, createdAt: message.createdAt.toISOString(), fromUser: sender };
}
