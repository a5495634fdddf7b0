import { sql } from 'drizzle-orm';
import { type SQL, sql as rawSql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email'),
    username: text('username'),
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    isBanned: boolean('is_banned').notNull().default(false),
    termsAccepted: boolean('terms_accepted').notNull().default(false),
    emailNotificationsEnabled: boolean('email_notifications_enabled').notNull().default(true),
    /** Set when the person opened the link sent to `email` (or the OpenID Connect provider vouched for it). */
    emailVerified: boolean('email_verified').notNull().default(false),
    /** The new address of an email change, until the link sent there is opened (decision 014). */
    pendingEmail: text('pending_email'),
    /** Set when the person deleted their account: the row stays as a tombstone with every personal field empty. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    // The administrator's user list: newest first, keyset-paginated on (created_at, id).
    index('users_newest_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token: a leaked table does not hand out live sessions. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The ID token of a sign-in through OpenID Connect: the hint sign-out sends to the provider's end-session endpoint. */
    oidcIdToken: text('oidc_id_token'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/** A person's account at an OpenID Connect provider: `sub` is stable per issuer, the email is not. */
export const oidcIdentities = pgTable(
  'oidc_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('oidc_identities_issuer_subject_key').on(t.issuer, t.subject), index('oidc_identities_user_id_idx').on(t.userId)],
);

/** Emailed single-use links (decision 014): only the SHA-256 of the token is kept. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'change_email', 'reset_password'] }).notNull(),
    /** The address the link was sent to: the account's own, or the new one of an email change. */
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    check('account_tokens_purpose_check', rawSql`${t.purpose} in ('verify_email', 'change_email', 'reset_password')`),
    index('account_tokens_user_purpose_idx').on(t.userId, t.purpose),
  ],
);

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  color: text('color').notNull().default('#4F46E5'),
});

export const serviceTypes = pgTable(
  'service_types',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('service_types_category_name_key').on(t.categoryId, t.name)],
);

export const services = pgTable(
  'services',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    serviceTypeId: integer('service_type_id')
      .notNull()
      .references(() => serviceTypes.id),
    listingType: text('listing_type', { enum: ['offer', 'request'] }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    /** From the ZIP code's centre, never an address: for distance search. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    isVirtual: boolean('is_virtual').notNull().default(false),
    /** Money as whole cents, so 12.30 stays 12.30. */
    rateCents: integer('rate_cents'),
    rateType: text('rate_type', { enum: ['hourly', 'fixed'] }).notNull().default('hourly'),
    pricesVary: boolean('prices_vary').notNull().default(false),
    availability: text('availability').array().notNull().default(rawSql`'{}'::text[]`),
    isActive: boolean('is_active').notNull().default(true),
    /** Kept by the like/unlike statements in the same transaction as the likes row (exact under concurrency). */
    likeCount: integer('like_count').notNull().default(0),
    /** Kept by the review insert in the same transaction (reviews are never edited): averageRating = sum / count. */
    ratingSum: integer('rating_sum').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * Moved by database triggers with every change to what the listing's card shows: its row, its pictures, its
     * owner's name and picture (decision 031, migration 0013). A card remembered under (id, revision) is current.
     */
    revision: integer('revision').notNull().default(1),
    /**
     * Whether the owner is banned, copied from `users.is_banned` by database triggers (decision 033, migration 0014):
     * a browse page then finds public listings in one index without visiting each owner.
     */
    ownerBanned: boolean('owner_banned').notNull().default(false),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL => rawSql`setweight(to_tsvector('english', coalesce(${services.title}, '')), 'A') || setweight(to_tsvector('english', coalesce(${services.description}, '')), 'B')`,
    ),
  },
  (t) => [
    check('services_listing_type_check', rawSql`${t.listingType} in ('offer', 'request')`),
    check('services_rate_type_check', rawSql`${t.rateType} in ('hourly', 'fixed')`),
    check('services_rate_positive', rawSql`${t.rateCents} is null or ${t.rateCents} > 0`),
    check('services_rating_counters', rawSql`${t.reviewCount} >= 0 and ${t.ratingSum} between ${t.reviewCount} and 5 * ${t.reviewCount}`),
    index('services_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Public browse: newest first among live listings, overall and per category.
    index('services_public_newest_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(rawSql`${t.deletedAt} is null and ${t.isActive} and not ${t.ownerBanned}`),
    index('services_public_category_newest_idx')
      .on(t.categoryId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(rawSql`${t.deletedAt} is null and ${t.isActive} and not ${t.ownerBanned}`),
    index('services_search_idx').using('gin', t.searchVector),
    // The administrator's list: every listing (deleted and paused included), newest first.
    index('services_newest_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The administrator's count of listings that are not deleted: an index-only scan instead of reading the table.
    index('services_not_deleted_idx').on(t.id).where(rawSql`${t.deletedAt} is null`),
    // The Overview's unanswered requests (decision 029): live requests, oldest first; with the author, so the
    // count is read from the index alone.
    index('services_open_requests_idx')
      .on(t.createdAt, t.id, t.userId)
      .where(rawSql`${t.listingType} = 'request' and ${t.deletedAt} is null and ${t.isActive}`),
  ],
);

export const serviceLikes = pgTable(
  'service_likes',
  {
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.userId] }), index('service_likes_user_idx').on(t.userId)],
);

/** Re-encoded WebP images (metadata stripped), served at /api/images/{id}. */
export const images = pgTable(
  'images',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A listing's photo, or a person's profile picture (square; never swept as an abandoned upload). */
    kind: text('kind', { enum: ['listing', 'avatar'] }).notNull().default('listing'),
    /** Null between an upload and the save of the listing that uses it, and always for avatars. */
    serviceId: integer('service_id').references(() => services.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    full: bytea('full').notNull(),
    fullWidth: integer('full_width').notNull(),
    fullHeight: integer('full_height').notNull(),
    card: bytea('card').notNull(),
    cardWidth: integer('card_width').notNull(),
    cardHeight: integer('card_height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('images_kind_check', rawSql`${t.kind} in ('listing', 'avatar')`),
    // A listing's image ids in order (`imageIdsOfListing`, on every listing answer): with the id in the key the
    // index alone answers, so a page of listings never reads the picture rows (decision 030).
    index('images_service_idx').on(t.serviceId, t.position, t.id),
    index('images_unattached_idx').on(t.createdAt).where(rawSql`${t.serviceId} is null and ${t.kind} = 'listing'`),
    index('images_user_idx').on(t.userId),
  ],
);

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

/**
 * Emails waiting to go out, written in the same transaction as what caused them; a worker sends them with
 * retries and backoff, so an SMTP outage delays mail but loses none.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What the email is about ('message-copy', 'message-notification', …), for logs and tests. */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: createdAt(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** The last attempt failed because the server was unreachable: such rows go out as soon as it answers again (decision 025). */
    failedOnConnection: boolean('failed_on_connection').notNull().default(false),
  },
  (t) => [index('outbox_pending_idx').on(t.nextAttemptAt).where(rawSql`${t.sentAt} is null`)],
);

/**
 * Every word (as an English lexeme) that appears in a listing, kept by triggers on `services` (migration 0005).
 * A search word finds its likely meanings here through the trigram index ("tutr" → "tutor"), so the listing
 * query itself is a plain full-text match on the stored search vector.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', rawSql`${t.word} gin_trgm_ops`),
]);

/** A listing marked complete from a conversation about it, by either participant; at most one per conversation. */
export const serviceCompletions = pgTable(
  'service_completions',
  {
    id: serial('id').primaryKey(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    completedBy: text('completed_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('service_completions_conversation_key').on(t.conversationId),
    index('service_completions_service_idx').on(t.serviceId),
    // The Overview's completed jobs per week (decision 029).
    index('service_completions_created_idx').on(t.createdAt),
  ],
);

/** One star review per completion, by the conversation's participant who is not the listing's owner. */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    completionId: integer('completion_id')
      .notNull()
      .references(() => serviceCompletions.id, { onDelete: 'cascade' }),
    reviewerId: text('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    reviewText: text('review_text'),
    createdAt: createdAt(),
  },
  (t) => [
    check('reviews_rating_range', rawSql`${t.rating} between 1 and 5`),
    check('reviews_text_length', rawSql`${t.reviewText} is null or char_length(${t.reviewText}) between 1 and 1000`),
    uniqueIndex('reviews_completion_key').on(t.completionId),
    // A listing's reviews, newest first.
    index('reviews_service_newest_idx').on(t.serviceId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('reviews_reviewer_idx').on(t.reviewerId),
  ],
);

/** A person's report of a listing, pending until the administrator marks it reviewed or dismissed. */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: ['inappropriate_content', 'spam', 'misleading', 'harassment', 'illegal', 'other'] }).notNull(),
    description: text('description'),
    status: text('status', { enum: ['pending', 'reviewed', 'dismissed'] }).notNull().default('pending'),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('reports_reason_check', rawSql`${t.reason} in ('inappropriate_content', 'spam', 'misleading', 'harassment', 'illegal', 'other')`),
    check('reports_status_check', rawSql`${t.status} in ('pending', 'reviewed', 'dismissed')`),
    check('reports_description_length', rawSql`${t.description} is null or char_length(${t.description}) between 1 and 1000`),
    uniqueIndex('reports_one_pending_key').on(t.serviceId, t.reporterId).where(rawSql`${t.status} = 'pending'`),
    index('reports_service_idx').on(t.serviceId),
    // The per-person hourly limit counts the last hour's reports across processes.
    index('reports_reporter_idx').on(t.reporterId, t.createdAt),
    // The administrator's lists, newest first: by status, and all of them.
    index('reports_status_newest_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('reports_newest_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/**
 * What the administrator did, append-only (a trigger refuses updates and deletes, migration 0007): who, which
 * action, on what, and what the target was called at the time, so an entry still reads after its target is gone.
 * The actor becomes null if their account is ever removed; nothing else in a row ever changes.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: ['user.ban', 'user.unban', 'service.delete', 'report.status', 'conversation.read'] }).notNull(),
    targetType: text('target_type', { enum: ['user', 'service', 'report', 'conversation'] }).notNull(),
    targetId: text('target_id').notNull(),
    summary: text('summary').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('admin_audit_log_action_check', rawSql`${t.action} in ('user.ban', 'user.unban', 'service.delete', 'report.status', 'conversation.read')`),
    check('admin_audit_log_target_type_check', rawSql`${t.targetType} in ('user', 'service', 'report', 'conversation')`),
    // Removing a user sets their entries' actor to null: without an index that would read the whole log.
    index('admin_audit_log_actor_idx').on(t.actorId),
  ],
);
