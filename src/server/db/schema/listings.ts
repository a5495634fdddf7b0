import { type SQL, sql as rawSql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { tsvector, createdAt } from './columns.js';
import { users } from './accounts.js';
import { categories, serviceTypes } from './catalogue.js';

/** Listings (modules/listings): the offers and requests, their likes and the words search knows. */

/**
 * A listing the public may see, on its row alone: not deleted, not paused, not by a banned person, not expired. The one
 * home of that rule in SQL (the listings module's `isPublicListing`, and the predicate of the partial indexes below,
 * which a query can use only when it states the same test); other modules' counts read it from here (decision 038).
 */
export const publicListing = (t: { deletedAt: unknown; isActive: unknown; ownerBanned: unknown; expired: unknown }): SQL =>
  rawSql`${t.deletedAt} is null and ${t.isActive} and not ${t.ownerBanned} and not ${t.expired}`;

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
    /**
     * When the listing stops being shown unless renewed (decision 051): creating, editing and renewing set it to now +
     * LISTING_TTL_DAYS; null when expiry is off.
     */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Set by the expiry sweep once `expiresAt` has passed; cleared by a renewal. Hidden like a paused listing. */
    expired: boolean('expired').notNull().default(false),
    /** When the owner was emailed that the listing expires soon, for its current `expiresAt`. */
    expiryRemindedAt: timestamp('expiry_reminded_at', { withTimezone: true }),
    /**
     * When the listing last became visible (created, restored, resumed, renewed), set by a database trigger
     * (migration 0022): saved searches' alerts read listings in this order.
     */
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
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
      .where(publicListing(t)),
    index('services_public_category_newest_idx')
      .on(t.categoryId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(publicListing(t)),
    index('services_search_idx').using('gin', t.searchVector),
    // Search by distance (decision 050): public listings with a place, by their ZIP centre as a point
    // (x longitude, y latitude), for the box around a search's circle and its nearest-first order.
    index('services_public_place_idx')
      .using('gist', rawSql`point(${t.longitude}, ${t.latitude})`)
      .where(rawSql`${publicListing(t)} and not ${t.isVirtual} and ${t.latitude} is not null`),
    // A crowded search around a point walks the newest public listings with a place, keeping those within its circle
    // (decision 057): this index holds only those listings, and every column the walk reads, so on a vacuumed table
    // the walk reads the index alone (an index-only scan) instead of a listing row per entry it passes.
    index('services_public_local_newest_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.latitude, t.longitude, t.categoryId, t.listingType, t.userId, t.revision, t.isVirtual)
      .where(rawSql`${publicListing(t)} and not ${t.isVirtual} and ${t.latitude} is not null`),
    // The expiry sweep: live listings by when they expire (reminders a week before, then expiry).
    index('services_expiry_idx').on(t.expiresAt).where(rawSql`${t.deletedAt} is null and not ${t.expired} and ${t.expiresAt} is not null`),
    // Saved searches' alerts: listings in the order they became visible.
    index('services_published_idx').on(t.publishedAt, t.id),
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

/**
 * Every word (as an English lexeme) that appears in a listing, kept by triggers on `services` (migration 0005).
 * A search word finds its likely meanings here through the trigram index ("tutr" → "tutor"), so the listing
 * query itself is a plain full-text match on the stored search vector.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', rawSql`${t.word} gin_trgm_ops`),
]);
