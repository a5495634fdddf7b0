import type { Conversation, Message, Participant } from '#shared/messaging.js';
import { asSeenByOthers } from '../accounts/index.js';
import type { MessageRow } from './repository.js';
import type { MessagingRepository } from './repository.js';

type ConversationRecord = NonNullable<Awaited<ReturnType<MessagingRepository['findConversation']>>>;
/** A participant as the repository reads them: with `deletedAt`, which only decides how they are shown. */
export type ParticipantRecord = Participant & { deletedAt: Date | null };

/** The Conversation of the specification (§3), as one of its participants sees it (no email addresses). */
export function presentConversation(record: ConversationRecord): Conversation {
  const { conversation: c, lastMessage } = record;
  return {
    id: c.id,
    participant1Id: c.participant1Id,
    participant2Id: c.participant2Id,
    participant1: asSeenByOthers(record.participant1),
    participant2: asSeenByOthers(record.participant2),
    subject: c.subject,
    createdAt: c.createdAt.toISOString(),
    lastMessageAt: c.lastMessageAt.toISOString(),
    lastMessage: lastMessage && { content: lastMessage.content, createdAt: new Date(lastMessage.createdAt).toISOString(), fromUserId: lastMessage.fromUserId },
    unreadCount: Number(record.unreadCount),
    block: record.block ?? null,
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

/** The Message of the specification (§3); a sender who deleted their account reads 'Deleted user'. */
export function presentMessage(message: MessageRow, sender: ParticipantRecord): Message {
  return {
    id: message.id,
    conversationId: message.conversationId,
    content: message.content,
    createdAt: message.createdAt.toISOString(),
    fromUser: asSeenByOthers(sender),
    safetyFlags: message.safetyFlags,
  };
}
