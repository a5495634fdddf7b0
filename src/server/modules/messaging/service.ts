import { ACCOUNT_MESSAGES } from '#shared/account.js';
import type { LiveEvent, Message, SendMessage, StartConversation } from '#shared/messaging.js';
import { safetyFlagsOf } from '#shared/safety-flags.js';
import {
  CONTACT_DEFAULT_SUBJECT,
  MESSAGES_PER_MINUTE,
  MESSAGING_ERRORS,
  MESSAGING_TEXTS,
  NEW_CONVERSATIONS_PER_HOUR,
  NOTIFICATION_WINDOW_MINUTES,
  SUPPORT_PARTICIPANT,
} from '#shared/messaging.js';
import type { Db } from '../../db/client.js';
import { badRequest, forbidden, conflict, notFound, serviceUnavailable, tooManyRequests } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import { afterCommit, transaction } from '../../lib/transaction.js';
import type { Viewer } from '../../lib/viewer.js';
import { messageCopyEmail, newMessageEmail, type Outbox } from '../mail/index.js';
import { presentConversation, presentMessage, type ParticipantRecord } from './presenter.js';
import type { ConversationRow, MessagingRepository } from './repository.js';
import { historyCursor } from './cursor.js';
import type { ListingsService } from '../listings/index.js';
import type { MembersService } from '../members/index.js';
import { BLOCK_TEXTS, type BlockState } from '#shared/members.js';

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
  findUserById(id: string, tx?: Db): Promise<Correspondent | undefined>;
  findUserByEmail(email: string, tx?: Db): Promise<Correspondent | undefined>;
}

/** What messaging needs from the listings module: the access policy's answer for a first message, and a title for emails. */
export type MessagedListings = Pick<ListingsService, 'access' | 'titleOf'>;

/** What messaging needs from the members module: whether a block stands between two people. */
export type MessagingBlocks = Pick<MembersService, 'between'>;

export interface MessagingDeps {
  db: Db;
  repo: MessagingRepository;
  users: MessagingUsers;
  listings: MessagedListings;
  blocks: MessagingBlocks;
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
  const { db, repo, users, listings, blocks, mail, events, publicUrl } = deps;
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

  /** A conversation as a participant may use it: 404 unknown, 403 for anyone else. */
  function ownOrRefuse(conversation: ConversationRow | undefined, user: Viewer): ConversationRow {
    if (!conversation) throw notFound(MESSAGING_ERRORS.conversationNotFound);
    if (conversation.participant1Id !== user.id && conversation.participant2Id !== user.id) throw forbidden(MESSAGING_ERRORS.notParticipant);
    return conversation;
  }

  /** What a message needs from its sender: who they are (their rules, their copy) and how others see them. */
  interface Sender {
    viewer: Viewer;
    record: ParticipantRecord;
  }

  /**
   * Adds a message inside `tx` to `conversation`, read under its row lock: the conversation's last activity, the
   * recipient's unread count, the sender's copy and the recipient's notification (at most one per conversation per
   * window while unread) change together. The listing's title is read only when an email goes out and the caller
   * did not have it. Answers the message as everyone sees it.
   */
  async function append(
    tx: Db,
    conversation: ConversationRow,
    from: Sender,
    to: Correspondent,
    text: { content: string; sendCopyToSender: boolean; clientId?: string; serviceTitle?: string; alwaysNotify?: boolean },
  ): Promise<Message> {
    const { content } = text;
    const conversationId = conversation.id;
    const message = await repo.insertMessage(tx, { conversationId, senderId: from.viewer.id, content, clientId: text.clientId ?? null, safetyFlags: safetyFlagsOf(content) });
    const recipientSide = side(conversation, to.id);
    const unreadBefore = recipientSide === 1 ? conversation.participant1Unread : conversation.participant2Unread;
    const notifiedAt = recipientSide === 1 ? conversation.participant1NotifiedAt : conversation.participant2NotifiedAt;
    const windowStart = message.createdAt.getTime() - NOTIFICATION_WINDOW_MINUTES * 60_000;
    // Only to an address its owner confirmed (decision 014): an unverified one may be a stranger's.
    // A notice the team must deliver (a listing removed) is emailed whatever the settings, still only to a proven address.
    const notify =
      to.emailVerified && Boolean(to.email) && (text.alwaysNotify || (to.emailNotificationsEnabled && (unreadBefore === 0 || !notifiedAt || notifiedAt.getTime() <= windowStart)));
    await repo.updateConversation(tx, conversationId, {
      lastMessageAt: message.createdAt,
      ...(recipientSide === 1
        ? { participant1Unread: unreadBefore + 1, ...(notify && { participant1NotifiedAt: message.createdAt }) }
        : { participant2Unread: unreadBefore + 1, ...(notify && { participant2NotifiedAt: message.createdAt }) }),
    });
    const { viewer } = from;
    const copyTo = text.sendCopyToSender && viewer.emailVerified ? viewer.email : null;
    const notifyTo = notify ? to.email : null;
    if (notifyTo || copyTo) {
      const serviceTitle = text.serviceTitle ?? (conversation.serviceId ? await listings.titleOf(conversation.serviceId, tx) : undefined);
      const subject = conversation.subject ?? serviceTitle ?? null;
      // A conversation about a listing has no subject of its own: the email links the listing's title to its page.
      const serviceId = conversation.subject === null ? conversation.serviceId : null;
      if (notifyTo) await mail.enqueue(tx, newMessageEmail({ to: notifyTo, senderName: viewer.username ?? 'A neighbour', subject, content, publicUrl, serviceId }));
      if (copyTo) await mail.enqueue(tx, messageCopyEmail({ to: copyTo, recipientName: to.username ?? 'a neighbour', subject, content, publicUrl }));
    }
    return presentMessage(message, from.record);
  }

  /** After the commit: both people's open tabs hear of the message (the outbox wakes by itself). */
  async function announce(message: Message, fromId: string, toId: string): Promise<void> {
    const unread = await repo.unreadTotal(toId);
    await Promise.all([
      events.publish([toId, fromId], { type: 'message', message }),
      events.publish([toId], { type: 'unread', count: unread }),
    ]);
  }

  /** A message stored earlier, answered again to a retry (decision 025). */
  async function storedMessage(id: number): Promise<Message> {
    const record = await repo.findMessage(id);
    return presentMessage(record!.message, record!.sender);
  }

  async function recipientOf(tx: Db, conversation: ConversationRow, user: Viewer): Promise<Correspondent> {
    const recipient = await users.findUserById(otherOf(conversation, user.id), tx);
    // The other side deleted their account: the conversation stays readable, but nobody is there to write to.
    if (recipient?.deletedAt) throw conflict(ACCOUNT_MESSAGES.recipientDeleted);
    if (!recipient || recipient.isBanned) throw forbidden(MESSAGING_ERRORS.recipientBanned, { code: 'owner_suspended' });
    return recipient;
  }

  /**
   * A block in either direction stops every message between two members (decision 045); each side reads its own
   * refusal, and the blocked one learns nothing more. Conversations with the team are never blocked.
   */
  async function refuseIfBlocked(userId: string, otherId: string): Promise<void> {
    refuseBlocked(await blocks.between(userId, otherId));
  }

  function refuseBlocked(block: BlockState): void {
    if (block === 'by_you') throw forbidden(BLOCK_TEXTS.youBlocked, { code: 'you_blocked_member' });
    if (block === 'by_them') throw forbidden(BLOCK_TEXTS.cannotMessage, { code: 'cannot_message_member' });
  }

  /** Where a new conversation goes: a listing's owner, or the team for the contact form. */
  async function destination(user: Viewer, input: StartConversation) {
    if (input.serviceId !== undefined) {
      const { listing: service, ...access } = await listings.access(input.serviceId, user.id);
      if (!service) throw notFound(MESSAGING_ERRORS.serviceNotFound);
      if (access.reason === 'own') throw badRequest(MESSAGING_TEXTS.ownListing, { code: 'own_listing' });
      if (access.deleted) throw conflict(MESSAGING_ERRORS.serviceDeleted, { code: 'listing_deleted' });
      if (input.participantId !== undefined && input.participantId !== service.userId) throw badRequest(MESSAGING_ERRORS.wrongRecipient);
      const owner = await users.findUserById(service.userId);
      if (!owner || owner.isBanned || access.reason === 'banned-owner') throw forbidden(MESSAGING_ERRORS.recipientBanned, { code: 'owner_suspended' });
      // An expired listing is hidden as a paused one is (decision 051).
      if (access.reason === 'paused' || access.reason === 'expired') throw notFound(MESSAGING_ERRORS.serviceNotFound);
      await refuseIfBlocked(user.id, owner.id);
      return { recipient: owner, serviceId: service.id, subject: null, serviceTitle: service.title };
    }
    const support = await supportAccount();
    if (input.participantId !== undefined && input.participantId !== SUPPORT_PARTICIPANT && input.participantId !== support.id) {
      throw badRequest(MESSAGING_ERRORS.missingRecipient);
    }
    if (support.id === user.id) throw badRequest(MESSAGING_ERRORS.missingRecipient);
    return { recipient: support, serviceId: null, subject: input.subject || CONTACT_DEFAULT_SUBJECT, serviceTitle: undefined };
  }

  return {
    async list(user: Viewer) {
      return (await repo.listFor(user.id)).map(presentConversation);
    },

    /** Starts a conversation, or adds to the one this person already has about the listing. */
    async start(user: Viewer, input: StartConversation) {
      const { recipient, serviceId, subject, serviceTitle } = await destination(user, input);
      const result = await transaction(db, async (tx) => {
        const record = await repo.lockWriter(tx, user.id);
        // A retry of a start that went through (decision 025): under the writer's lock, so parallel copies wait and find it.
        const earlier = input.clientId ? await repo.findByClientId(tx, user.id, input.clientId, { recipientId: recipient.id, serviceId }) : undefined;
        if (earlier) return { conversationId: earlier.conversationId, created: earlier.first, message: undefined };
        let conversation = serviceId === null ? undefined : await repo.findAboutService(serviceId, user.id, tx);
        if (!conversation) await checkStartingLimit(tx, user.id);
        await checkSendingLimit(tx, user.id);
        // A new conversation is this transaction's own row; one found is read again under its row lock.
        const inserted = conversation ? undefined : await repo.insertConversation(tx, { participant1Id: user.id, participant2Id: recipient.id, serviceId, subject });
        // A guard only: the writer's lock already makes their other tabs wait, and they then find this conversation.
        conversation ??= inserted ?? (await repo.findAboutService(serviceId!, user.id, tx));
        const locked = inserted ?? (await repo.lockRow(tx, conversation!.id))!;
        const sender = { viewer: user, record };
        const message = await append(tx, locked, sender, recipient, { content: input.message, sendCopyToSender: input.sendCopyToSender, clientId: input.clientId, serviceTitle });
        return { conversationId: locked.id, created: inserted !== undefined, message };
      });
      const { conversationId, created } = result;
      if (result.message) await announce(result.message, user.id, recipient.id);
      const record = await repo.findConversation(conversationId, user.id);
      return { created, conversation: presentConversation(record!) };
    },

    async messages(user: Viewer, conversationId: number, query: { limit: number; cursor?: string }) {
      const conversation = ownOrRefuse(await repo.findRow(conversationId), user);
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

    /**
     * Nine round trips when no email goes out (begin, the writer's lock, the conversation's with any block, the
     * recipient, the limit, the message, the counters, commit, the recipient's unread total), two or three more when one does.
     */
    async send(user: Viewer, conversationId: number, input: SendMessage) {
      const result = await transaction(db, async (tx) => {
        const record = await repo.lockWriter(tx, user.id);
        // One read of the conversation, under its row lock: who takes part, the counters this message changes, and
        // whether a block stands between the two.
        const locked = await repo.lockRowForSender(tx, conversationId, user.id);
        const conversation = ownOrRefuse(locked?.conversation, user);
        const recipient = await recipientOf(tx, conversation, user);
        // A retried send (decision 025) answers the stored message: no second row, no second count against the limit.
        const earlier = input.clientId ? await repo.findByClientId(tx, user.id, input.clientId, { conversationId }) : undefined;
        if (earlier) return { stored: true as const, id: earlier.id };
        // The contact form's conversations (with a subject) are with the team, whom nobody blocks.
        if (conversation.subject === null) refuseBlocked(locked!.block);
        await checkSendingLimit(tx, user.id);
        const message = await append(tx, conversation, { viewer: user, record }, recipient, { content: input.content, sendCopyToSender: input.sendCopyToSender, clientId: input.clientId });
        return { stored: false as const, message, recipientId: recipient.id };
      });
      if (result.stored) return storedMessage(result.id);
      await announce(result.message, user.id, result.recipientId);
      return result.message;
    },

    async unreadCount(user: Viewer) {
      return { count: await repo.unreadTotal(user.id) };
    },

    /**
     * A message from the team to a member, inside the caller's transaction (a report's outcome, decision 046): in the
     * member's one conversation with the team under `subject`, started if there is none, with the usual email
     * notification rules. Sent by the team's account, or by `actingAdmin` while there is none; nothing is sent to a
     * deleted account. The live events follow the commit.
     */
    async fromTeam(tx: Db, input: { toId: string; subject: string; content: string; actingAdmin: Viewer; alwaysEmail?: boolean }): Promise<void> {
      const to = await users.findUserById(input.toId, tx);
      if (!to || to.deletedAt) return;
      const team = deps.supportEmail ? await users.findUserByEmail(deps.supportEmail, tx) : undefined;
      const sender: Viewer =
        team && team.emailVerified && !team.isBanned && team.id !== to.id
          ? { id: team.id, username: team.username, email: team.email, emailVerified: true, role: 'administrator', termsAccepted: true, isBanned: false }
          : input.actingAdmin;
      if (sender.id === to.id) return;
      const record = await repo.lockWriter(tx, sender.id);
      const existing = await repo.findTeamConversation(tx, sender.id, to.id, input.subject);
      const conversation = existing ?? (await repo.insertConversation(tx, { participant1Id: sender.id, participant2Id: to.id, serviceId: null, subject: input.subject }))!;
      const locked = (await repo.lockRow(tx, conversation.id))!;
      const message = await append(tx, locked, { viewer: sender, record }, to, { content: input.content, sendCopyToSender: false, alwaysNotify: input.alwaysEmail });
      await afterCommit(tx, () => announce(message, sender.id, to.id));
    },

    /** What a newly opened event stream hears first. */
    async initialEvents(userId: string): Promise<LiveEvent[]> {
      return [{ type: 'unread', count: await repo.unreadTotal(userId) }];
    },
  };
}

export type MessagingService = ReturnType<typeof createMessagingService>;
