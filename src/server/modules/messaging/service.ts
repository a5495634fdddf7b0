import { ACCOUNT_MESSAGES } from '../../../shared/account.js';
import type { LiveEvent, Message, SendMessage, StartConversation } from '../../../shared/messaging.js';
import {
  CONTACT_DEFAULT_SUBJECT,
  MESSAGES_PER_MINUTE,
  MESSAGING_ERRORS,
  MESSAGING_TEXTS,
  NEW_CONVERSATIONS_PER_HOUR,
  NOTIFICATION_WINDOW_MINUTES,
  SUPPORT_PARTICIPANT,
} from '../../../shared/messaging.js';
import type { Db } from '../../db/client.js';
import { badRequest, forbidden, conflict, notFound, serviceUnavailable, tooManyRequests } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import { transaction } from '../../lib/transaction.js';
import type { Viewer } from '../../lib/viewer.js';
import { messageCopyEmail, newMessageEmail, type Outbox } from '../mail/index.js';
import { presentConversation, presentMessage } from './presenter.js';
import type { ConversationRow, MessagingRepository } from './repository.js';
import { historyCursor } from './cursor.js';

/** What messaging needs from the live events module. */
export interface MessagingEvents {
  publish(userIds: string[], event: LiveEvent): Promise<void>;
}

/** The other side of a conversation, as far as messaging needs to know them: whether and where to write. */
export interface Correspondent {
  id: string;
  username: string | null;
  email: string | null;
  emailVerified: boolean;
  emailNotificationsEnabled: boolean;
  isBanned: boolean;
  deletedAt: Date | null;
}

export interface MessagingUsers {
  findUserById(id: string): Promise<Correspondent | undefined>;
  findUserByEmail(email: string): Promise<Correspondent | undefined>;
}

export interface MessagingDeps {
  db: Db;
  repo: MessagingRepository;
  users: MessagingUsers;
  mail: Outbox;
  events: MessagingEvents;
  /** The team's account receives the contact form: the first ADMIN_EMAILS address, once that person has signed up and proved it. */
  supportEmail: string | undefined;
  publicUrl: string;
  now?: () => Date;
}

const side = (conversation: ConversationRow, userId: string) => (conversation.participant1Id === userId ? 1 : 2);
const otherOf = (conversation: ConversationRow, userId: string) =>
  conversation.participant1Id === userId ? conversation.participant2Id : conversation.participant1Id;

export function createMessagingService(deps: MessagingDeps) {
  const { db, repo, users, mail, events, publicUrl } = deps;
  const now = deps.now ?? (() => new Date());

  async function supportAccount(): Promise<Correspondent> {
    const account = deps.supportEmail ? await users.findUserByEmail(deps.supportEmail) : undefined;
    // Bound only to a verified address (decision 016): whoever squats the address unproven must not read the team's mail.
    if (!account || account.isBanned || !account.emailVerified) throw serviceUnavailable(MESSAGING_ERRORS.supportUnavailable);
    return account;
  }

  /** Inside `tx`, after `repo.lockWriter`: the count and the insert that follows it cannot interleave with the writer's other requests. */
  async function checkSendingLimit(tx: Db, userId: string) {
    const sent = await repo.countSentSince(tx, userId, new Date(now().getTime() - 60_000));
    if (sent >= MESSAGES_PER_MINUTE) throw tooManyRequests(MESSAGING_ERRORS.tooManyMessages, 60);
  }

  async function checkStartingLimit(tx: Db, userId: string) {
    const started = await repo.countStartedSince(tx, userId, new Date(now().getTime() - 3_600_000));
    if (started >= NEW_CONVERSATIONS_PER_HOUR) throw tooManyRequests(MESSAGING_ERRORS.tooManyConversations, 3600);
  }

  /** A participant's view of a conversation they take part in: 404 unknown, 403 for anyone else. */
  async function loadOwn(id: number, user: Viewer): Promise<ConversationRow> {
    const conversation = await repo.findRow(id);
    if (!conversation) throw notFound(MESSAGING_ERRORS.conversationNotFound);
    if (conversation.participant1Id !== user.id && conversation.participant2Id !== user.id) throw forbidden(MESSAGING_ERRORS.notParticipant);
    return conversation;
  }

  /**
   * Adds a message inside `tx`: the conversation's last activity, the recipient's unread count, the sender's copy
   * and the recipient's notification (at most one per conversation per window while unread) change together.
   */
  async function append(tx: Db, conversationId: number, from: Viewer, to: Correspondent, content: string, sendCopyToSender: boolean, clientId?: string) {
    const conversation = await repo.lockRow(tx, conversationId);
    const message = await repo.insertMessage(tx, { conversationId, senderId: from.id, content, clientId: clientId ?? null });
    const recipientSide = side(conversation, to.id);
    const unreadBefore = recipientSide === 1 ? conversation.participant1Unread : conversation.participant2Unread;
    const notifiedAt = recipientSide === 1 ? conversation.participant1NotifiedAt : conversation.participant2NotifiedAt;
    const windowStart = message.createdAt.getTime() - NOTIFICATION_WINDOW_MINUTES * 60_000;
    // Only to an address its owner confirmed (decision 014): an unverified one may be a stranger's.
    const notify = to.emailNotificationsEnabled && to.emailVerified && Boolean(to.email) && (unreadBefore === 0 || !notifiedAt || notifiedAt.getTime() <= windowStart);
    await repo.updateConversation(tx, conversationId, {
      lastMessageAt: message.createdAt,
      ...(recipientSide === 1
        ? { participant1Unread: unreadBefore + 1, ...(notify && { participant1NotifiedAt: message.createdAt }) }
        : { participant2Unread: unreadBefore + 1, ...(notify && { participant2NotifiedAt: message.createdAt }) }),
    });
    const service = conversation.serviceId ? await repo.findServiceForMessage(conversation.serviceId, tx) : undefined;
    const subject = conversation.subject ?? service?.title ?? null;
    if (notify && to.email) {
      await mail.enqueue(tx, newMessageEmail({ to: to.email, senderName: from.username ?? 'A neighbour', subject, content, publicUrl }));
    }
    if (sendCopyToSender && from.emailVerified && from.email) {
      await mail.enqueue(tx, messageCopyEmail({ to: from.email, recipientName: to.username ?? 'a neighbour', subject, content, publicUrl }));
    }
    return message;
  }

  /** After the commit: both people's open tabs hear of the message (the outbox wakes by itself). */
  async function announce(messageId: number, from: Viewer, toId: string): Promise<Message> {
    const record = await repo.findMessage(messageId);
    const message = presentMessage(record!.message, record!.sender);
    const unread = await repo.unreadTotal(toId);
    await Promise.all([
      events.publish([toId, from.id], { type: 'message', message }),
      events.publish([toId], { type: 'unread', count: unread }),
    ]);
    return message;
  }

  async function recipientOf(conversation: ConversationRow, user: Viewer): Promise<Correspondent> {
    const recipient = await users.findUserById(otherOf(conversation, user.id));
    // The other side deleted their account: the conversation stays readable, but nobody is there to write to.
    if (recipient?.deletedAt) throw conflict(ACCOUNT_MESSAGES.recipientDeleted);
    if (!recipient || recipient.isBanned) throw forbidden(MESSAGING_ERRORS.recipientBanned);
    return recipient;
  }

  /** Where a new conversation goes: a listing's owner, or the team for the contact form. */
  async function destination(user: Viewer, input: StartConversation) {
    if (input.serviceId !== undefined) {
      const service = await repo.findServiceForMessage(input.serviceId);
      if (!service) throw notFound(MESSAGING_ERRORS.serviceNotFound);
      if (service.userId === user.id) throw badRequest(MESSAGING_TEXTS.ownListing);
      if (service.deletedAt) throw conflict(MESSAGING_ERRORS.serviceDeleted);
      if (input.participantId !== undefined && input.participantId !== service.userId) throw badRequest(MESSAGING_ERRORS.wrongRecipient);
      const owner = await users.findUserById(service.userId);
      if (!owner || owner.isBanned) throw forbidden(MESSAGING_ERRORS.recipientBanned);
      if (!service.isActive) throw notFound(MESSAGING_ERRORS.serviceNotFound);
      return { recipient: owner, serviceId: service.id, subject: null };
    }
    const support = await supportAccount();
    if (input.participantId !== undefined && input.participantId !== SUPPORT_PARTICIPANT && input.participantId !== support.id) {
      throw badRequest(MESSAGING_ERRORS.missingRecipient);
    }
    if (support.id === user.id) throw badRequest(MESSAGING_ERRORS.missingRecipient);
    return { recipient: support, serviceId: null, subject: input.subject || CONTACT_DEFAULT_SUBJECT };
  }

  return {
    async list(user: Viewer) {
      return (await repo.listFor(user.id)).map(presentConversation);
    },

    /** Starts a conversation, or adds to the one this person already has about the listing. */
    async start(user: Viewer, input: StartConversation) {
      const { recipient, serviceId, subject } = await destination(user, input);
      const result = await transaction(db, async (tx) => {
        await repo.lockWriter(tx, user.id);
        // A retry of a start that went through (decision 025): under the writer's lock, so parallel copies wait and find it.
        const earlier = input.clientId ? await repo.findByClientId(tx, user.id, input.clientId, { recipientId: recipient.id, serviceId }) : undefined;
        if (earlier) return { conversationId: earlier.conversationId, created: earlier.first, messageId: earlier.id, replay: true };
        let conversation = serviceId === null ? undefined : await repo.findAboutService(serviceId, user.id, tx);
        if (!conversation) await checkStartingLimit(tx, user.id);
        await checkSendingLimit(tx, user.id);
        let created = false;
        if (!conversation) {
          conversation = await repo.insertConversation(tx, { participant1Id: user.id, participant2Id: recipient.id, serviceId, subject });
          created = conversation !== undefined;
          // A guard only: the writer's lock already makes their other tabs wait, and they then find this conversation.
          conversation ??= await repo.findAboutService(serviceId!, user.id, tx);
        }
        const message = await append(tx, conversation!.id, user, recipient, input.message, input.sendCopyToSender, input.clientId);
        return { conversationId: conversation!.id, created, messageId: message.id, replay: false };
      });
      const { conversationId, created } = result;
      if (!result.replay) await announce(result.messageId, user, recipient.id);
      const record = await repo.findConversation(conversationId, user.id);
      return { created, conversation: presentConversation(record!) };
    },

    async messages(user: Viewer, conversationId: number, query: { limit: number; cursor?: string }) {
      const conversation = await loadOwn(conversationId, user);
      const beforeId = historyCursor.decode(query.cursor)?.i;
      const rows = await repo.pageOfMessages(conversationId, query.limit + 1, beforeId);
      // Read newest first, shown oldest first: the next page starts before the oldest message shown.
      const page = pageOf(rows, query.limit, (oldest) => historyCursor.encode({ k: 'history', i: oldest.message.id }));
      // Opening the conversation reads its newest messages: the reader's unread count goes to zero.
      if (beforeId === undefined && (await repo.markRead(conversation, user.id))) {
        const unread = await repo.unreadTotal(user.id);
        await Promise.all([events.publish([user.id], { type: 'read', conversationId }), events.publish([user.id], { type: 'unread', count: unread })]);
      }
      return { messages: page.items.reverse().map((r) => presentMessage(r.message, r.sender)), nextCursor: page.nextCursor };
    },

    async send(user: Viewer, conversationId: number, input: SendMessage) {
      const conversation = await loadOwn(conversationId, user);
      const recipient = await recipientOf(conversation, user);
      const { id, replay } = await transaction(db, async (tx) => {
        await repo.lockWriter(tx, user.id);
        // A retried send (decision 025) answers the stored message: no second row, no second count against the limit.
        const earlier = input.clientId ? await repo.findByClientId(tx, user.id, input.clientId, { conversationId: conversation.id }) : undefined;
        if (earlier) return { id: earlier.id, replay: true };
        await checkSendingLimit(tx, user.id);
        const message = await append(tx, conversation.id, user, recipient, input.content, input.sendCopyToSender, input.clientId);
        return { id: message.id, replay: false };
      });
      if (!replay) return announce(id, user, recipient.id);
      const record = await repo.findMessage(id);
      return presentMessage(record!.message, record!.sender);
    },

    async unreadCount(user: Viewer) {
      return { count: await repo.unreadTotal(user.id) };
    },

    /** What a newly opened event stream hears first. */
    async initialEvents(userId: string): Promise<LiveEvent[]> {
      return [{ type: 'unread', count: await repo.unreadTotal(userId) }];
    },
  };
}

export type MessagingService = ReturnType<typeof createMessagingService>;
