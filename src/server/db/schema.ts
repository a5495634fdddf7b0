import { sql } from 'drizzle-orm';
import { type SQL, sql as rawSql } from 'drizzle-orm';
import {
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
    index('services_title_trgm_idx').using('gin', rawSql`${t.title} gin_trgm_ops`),
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
