import { z } from 'zod';

/** Messaging rules of spec sections 5, 7 and 9 and issue 4: one definition for the forms and the API. */
export const MESSAGE_MAX = 5000;
export const CONTACT_SUBJECT_MAX = 200;
export const CONTACT_DEFAULT_SUBJECT = 'Contact Form Message';
/** Messages per page of a conversation's history; older pages are read backwards with the cursor. */
export const MESSAGE_PAGE_SIZE = 50;
export const MESSAGE_PAGE_MAX = 100;
/** Abuse limits (issue 4): new conversations per person per hour, messages per person per minute. */
export const NEW_CONVERSATIONS_PER_HOUR = 20;
export const MESSAGES_PER_MINUTE = 60;
/** The spec's fallback poll of the unread count; the event stream makes it a safety net. */
export const UNREAD_POLL_MS = 30_000;
export const CONTACT_REDIRECT_MS = 2000;
/** A recipient gets at most one notification email per conversation in this window while messages stay unread. */
export const NOTIFICATION_WINDOW_MINUTES = 15;

/** Spec section 8 toasts and section 5 messages, word for word. */
export const MESSAGING_TEXTS = {
  signInTitle: 'Sign in required',
  signInBody: 'Please sign in to message service providers.',
  ownListingTitle: 'Cannot message yourself',
  ownListing: 'You cannot send messages to your own services.',
  blankTitle: 'Message required',
  blank: 'Please enter a message before sending.',
  failureTitle: 'Error',
  failure: 'Failed to send message. Please try again.',
  chatFailure: 'Failed to send message',
  sentTitle: 'Message sent!',
  sentBody: 'Your message has been sent to the service provider.',
  contactSignedOutTitle: 'Authentication required',
  contactSignedOut: 'Please log in to send a message to our team.',
  contactFailureTitle: 'Failed to send message',
  contactFailure: 'There was an error sending your message. Please try again.',
  contactSentTitle: 'Message sent successfully!',
  contactSentBody: "Your message has been sent to the team. We'll get back to you soon.",
  subjectTooLong: `Subject must be at most ${CONTACT_SUBJECT_MAX} characters`,
  messageTooLong: `Message must be at most ${MESSAGE_MAX.toLocaleString('en-US')} characters`,
} as const;

/** Server answers (the client shows the `message` of a failure as it comes). */
export const MESSAGING_ERRORS = {
  conversationNotFound: 'Conversation not found',
  notParticipant: 'You are not a participant in this conversation',
  serviceNotFound: 'Service not found',
  serviceDeleted: 'This service has been deleted and can no longer be messaged.',
  recipientBanned: 'This member can no longer receive messages.',
  wrongRecipient: 'Messages about a service go to its owner.',
  missingRecipient: 'Choose a service to message its owner, or write to the team from the Contact page.',
  supportUnavailable: 'Our team cannot receive messages right now. Please try again later.',
  tooManyConversations: `You can start at most ${NEW_CONVERSATIONS_PER_HOUR} new conversations an hour. Please try again later.`,
  tooManyMessages: `You can send at most ${MESSAGES_PER_MINUTE} messages a minute. Please slow down.`,
} as const;

/** Trimmed, non-blank, at most MESSAGE_MAX characters. */
export const messageContentSchema = z
  .string({ error: MESSAGING_TEXTS.blank })
  .trim()
  .min(1, MESSAGING_TEXTS.blank)
  .max(MESSAGE_MAX, MESSAGING_TEXTS.messageTooLong);

/** The participantId the contact form sends: the server resolves the team's account itself. */
export const SUPPORT_PARTICIPANT = 'support';

/**
 * POST /api/conversations: a listing message (serviceId; participantId, when sent, must be the owner) or the
 * contact form (no serviceId; participantId 'support' or absent; subject trimmed, defaulting to 'Contact Form Message').
 */
export const startConversationSchema = z.object({
  participantId: z.string().max(200).optional(),
  serviceId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  message: messageContentSchema,
  subject: z.preprocess((v) => (v === null ? undefined : v), z.string().trim().max(CONTACT_SUBJECT_MAX, MESSAGING_TEXTS.subjectTooLong).optional()),
  sendCopyToSender: z.boolean().default(false),
});
export type StartConversation = z.infer<typeof startConversationSchema>;

/** The contact form's fields (spec section 5 "Contact"). */
export const contactFormSchema = z.object({
  subject: z.string().trim().max(CONTACT_SUBJECT_MAX, MESSAGING_TEXTS.subjectTooLong),
  message: messageContentSchema,
});
export type ContactForm = z.infer<typeof contactFormSchema>;

export const sendMessageSchema = z.object({
  content: messageContentSchema,
  sendCopyToSender: z.boolean().default(false),
});
export type SendMessage = z.infer<typeof sendMessageSchema>;

export const messagesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MESSAGE_PAGE_MAX).default(MESSAGE_PAGE_SIZE),
  /** Opaque; from a previous page's `nextCursor`, it reads the messages before that page. */
  cursor: z.string().max(200).optional(),
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

/** The Message of spec section 3. */
export const messageSchema = z.object({
  id: z.number(),
  conversationId: z.number(),
  content: z.string(),
  createdAt: z.string(),
  fromUser: participantSchema,
});
export type Message = z.infer<typeof messageSchema>;

/** The Conversation of spec section 3. */
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
  service: z.object({ id: z.number(), title: z.string() }).nullable(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** A page of a conversation, oldest first; `nextCursor` reads the older messages before it. */
export const messagePageSchema = z.object({ messages: z.array(messageSchema), nextCursor: z.string().nullable() });
export type MessagePage = z.infer<typeof messagePageSchema>;

export const unreadCountSchema = z.object({ count: z.number() });

/**
 * What GET /api/events pushes (server-sent events; the SSE `event:` field is the `type`):
 * a new message in one of the person's conversations (to the recipient and to the sender's tabs),
 * the person's new unread total, and a conversation read in another tab.
 */
export const liveEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), message: messageSchema }),
  z.object({ type: z.literal('unread'), count: z.number() }),
  z.object({ type: z.literal('read'), conversationId: z.number() }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
