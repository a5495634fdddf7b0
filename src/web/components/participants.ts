import { format } from 'date-fns';
import type { Conversation, Participant } from '../../shared/messaging.js';

/** The person on the other side of a conversation, as the signed-in person sees it. */
export function otherParticipant(conversation: Conversation, userId: string): Participant {
  return conversation.participant1Id === userId ? conversation.participant2 : conversation.participant1;
}

export function participantName(participant: Pick<Participant, 'username' | 'firstName'>): string {
  return participant.username || participant.firstName || 'Member';
}

/** What a conversation is about: the contact form's subject, or the listing it started from. */
export function conversationTopic(conversation: Conversation): string | null {
  return conversation.subject ?? conversation.service?.title ?? null;
}

/** The specification (§9): times in the conversation list read like 'Jan 5, 3:04 PM'. */
export function shortDateTime(iso: string): string {
  return format(new Date(iso), 'MMM d, h:mm a');
}
