/** Plain values, no zod: the live-updates chunk of the web app imports them without the validation library. */
import type { SafetyFlag } from './safety-flags.js';

/** Messaging rules of the specification (§5, §7 and §9) and decision 010: one definition for the forms and the API. */
export const MESSAGE_MAX = 5000;
export const CONTACT_SUBJECT_MAX = 200;
export const CONTACT_DEFAULT_SUBJECT = 'Contact Form Message';
/** Messages per page of a conversation's history; older pages are read backwards with the cursor. */
export const MESSAGE_PAGE_SIZE = 50;
export const MESSAGE_PAGE_MAX = 100;
/** Abuse limits (decision 010): new conversations per person per hour, messages per person per minute. */
export const NEW_CONVERSATIONS_PER_HOUR = 20;
export const MESSAGES_PER_MINUTE = 60;
/** The spec's fallback poll of the unread count; the event stream makes it a safety net. */
export const UNREAD_POLL_MS = 30_000;
export const CONTACT_REDIRECT_MS = 2000;
/** A recipient gets at most one notification email per conversation in this window while messages stay unread. */
export const NOTIFICATION_WINDOW_MINUTES = 15;

/** The toasts of the specification (§8) and its messages of §5, word for word. */
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
  invalidClientId: 'clientId must be a UUID',
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

/** The participantId the contact form sends: the server resolves the team's account itself. */
export const SUPPORT_PARTICIPANT = 'support';

/** The warnings of a message's safety flags (decision 044): calm, and nothing is blocked. */
export const SAFETY_TEXTS = {
  /** On a received message that shares a phone number, an address, a link or payment words. */
  recipientBanner: 'This message shares contact or payment details. Meet in public, never pay in advance, and keep talking here until you trust them.',
  /** Under the composer while the draft would be flagged. */
  senderNotice: 'Your message shares contact or payment details: fine once you trust each other, but your neighbour will see a safety reminder.',
} as const;

/** What each safety flag says a message shares, for the administrator's reading of a conversation (decision 044). */
export const SAFETY_FLAG_LABELS: Record<SafetyFlag, string> = {
  phone: 'a phone number',
  email: 'an email address',
  link: 'a link',
  payment: 'payment words',
};
