import { z } from 'zod';
import { serialId, text } from './input.js';
import { SAFETY_FLAGS } from './safety-flags.js';
import { BLOCK_STATES } from './members.js';
import { completionSchema } from './reviews.js';
import { CONTACT_SUBJECT_MAX, MESSAGE_MAX, MESSAGE_PAGE_MAX, MESSAGE_PAGE_SIZE, MESSAGING_TEXTS } from './messaging-limits.js';

export * from './messaging-limits.js';

/**
 * A message's idempotency key (decision 025): a UUID the client makes per message and sends again when it retries,
 * so a send whose answer got lost stores one message. Unique per sender and conversation.
 */
export const clientIdSchema = text({ error: MESSAGING_TEXTS.invalidClientId })
  .pipe(z.uuid({ error: MESSAGING_TEXTS.invalidClientId }))
  .transform((v) => v.toLowerCase());

/** Trimmed, non-blank, at most MESSAGE_MAX characters. */
export const messageContentSchema = text({ error: MESSAGING_TEXTS.blank })
  .trim()
  .min(1, MESSAGING_TEXTS.blank)
  .max(MESSAGE_MAX, MESSAGING_TEXTS.messageTooLong);

/**
 * POST /api/conversations: a listing message (serviceId; participantId, when sent, must be the owner) or the
 * contact form (no serviceId; participantId 'support' or absent; subject trimmed, defaulting to 'Contact Form Message').
 */
export const startConversationSchema = z.object({
  participantId: text().max(200).optional(),
  serviceId: serialId().optional(),
  message: messageContentSchema,
  subject: z.preprocess((v) => (v === null ? undefined : v), text().trim().max(CONTACT_SUBJECT_MAX, MESSAGING_TEXTS.subjectTooLong).optional()),
  sendCopyToSender: z.boolean().default(false),
  clientId: clientIdSchema.optional(),
});
export type StartConversation = z.infer<typeof startConversationSchema>;

/** The contact form's fields (the specification, §5 "Contact"). */
export const contactFormSchema = z.object({
  subject: text().trim().max(CONTACT_SUBJECT_MAX, MESSAGING_TEXTS.subjectTooLong),
  message: messageContentSchema,
});
export type ContactForm = z.infer<typeof contactFormSchema>;

export const sendMessageSchema = z.object({
  content: messageContentSchema,
  sendCopyToSender: z.boolean().default(false),
  clientId: clientIdSchema.optional(),
});
export type SendMessage = z.infer<typeof sendMessageSchema>;

export const messagesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MESSAGE_PAGE_MAX).default(MESSAGE_PAGE_SIZE),
  /** Opaque; from a previous page's `nextCursor`, it reads the messages before that page. */
  cursor: text().max(200).optional(),
});

/** A participant as others see them: never an email address. */
export const participantSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type Participant = z.infer<typeof participantSchema>;

/** The Message of the specification (§3). */
export const messageSchema = z.object({
  id: z.number(),
  conversationId: z.number(),
  content: z.string(),
  createdAt: z.string(),
  fromUser: participantSchema,
  /** Beyond the spec (decision 044): the signs of a scam the text carried when it was sent, for the recipient's warning. */
  safetyFlags: z.array(z.enum(SAFETY_FLAGS)),
});
export type Message = z.infer<typeof messageSchema>;

/** The Conversation of the specification (§3). */
export const conversationSchema = z.object({
  id: z.number(),
  participant1Id: z.string(),
  participant2Id: z.string(),
  participant1: participantSchema,
  participant2: participantSchema,
  subject: z.string().nullable(),
  createdAt: z.string(),
  lastMessageAt: z.string(),
  lastMessage: z.object({ content: z.string(), createdAt: z.string(), fromUserId: z.string() }).nullable(),
  unreadCount: z.number(),
  /**
   * Beyond the spec (decision 045): a block between the two members, from the reader's side (`by_you`, `by_them`), or
   * null. While one stands the composer gives way to the refusal each side would read.
   */
  block: z.enum(BLOCK_STATES).nullable(),
  /**
   * The listing it is about (the specification, §3: id, title), with its owner, whether it is deleted, and when this
   * conversation marked it complete (decision 011), so the chat shows 'Completed' after a reload too.
   */
  service: z
    .object({ id: z.number(), title: z.string(), userId: z.string(), deletedAt: z.string().nullable(), completedAt: z.string().nullable() })
    .nullable(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** A page of a conversation, oldest first; `nextCursor` reads the older messages before it. */
export const messagePageSchema = z.object({ messages: z.array(messageSchema), nextCursor: z.string().nullable() });
export type MessagePage = z.infer<typeof messagePageSchema>;

export const unreadCountSchema = z.object({ count: z.number() });

/**
 * What GET /api/events pushes (server-sent events; the SSE `event:` field is the `type`):
 * a new message in one of the person's conversations (to the recipient and to the sender's tabs),
 * the person's new unread total, a conversation read in another tab, and a job marked complete in one of the
 * person's conversations (decision 071: to its two participants only, so the other side shows 'Completed' and its
 * review prompt without a reload).
 */
export const liveEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), message: messageSchema }),
  z.object({ type: z.literal('unread'), count: z.number() }),
  z.object({ type: z.literal('read'), conversationId: z.number() }),
  z.object({ type: z.literal('completed'), completion: completionSchema }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
