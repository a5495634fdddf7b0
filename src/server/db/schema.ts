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
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
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
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
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
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL => rawSql`setweight(to_tsvector('english', coalesce(${services.title}, '')), 'A') || setweight(to_tsvector('english', coalesce(${services.description}, '')), 'B')`,
    ),
  },
  (t) => [
    check('services_listing_type_check', rawSql`${t.listingType} in ('offer', 'request')`),
    check('services_rate_type_check', rawSql`${t.rateType} in ('hourly', 'fixed')`),
    check('services_rate_positive', rawSql`${t.rateCents} is null or ${t.rateCents} > 0`),
    index('services_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Public browse: newest first among live listings, overall and per category.
    index('services_public_newest_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(rawSql`${t.deletedAt} is null and ${t.isActive}`),
    index('services_public_category_newest_idx')
      .on(t.categoryId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(rawSql`${t.deletedAt} is null and ${t.isActive}`),
    index('services_search_idx').using('gin', t.searchVector),
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
    /** Null between an upload and the save of the listing that uses it. */
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
  (t) => [index('images_service_idx').on(t.serviceId, t.position), index('images_unattached_idx').on(t.createdAt).where(rawSql`${t.serviceId} is null`)],
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
    index('conversations_last_message_idx').on(t.lastMessageAt.desc().nullsFirst()),
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
  },
  (t) => [
    check('messages_content_length', rawSql`char_length(${t.content}) between 1 and 5000`),
    index('messages_conversation_idx').on(t.conversationId, t.id.desc().nullsFirst()),
    // The per-person sending limit counts the last minute's messages across processes.
    index('messages_sender_idx').on(t.senderId, t.createdAt),
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
