import { sql as rawSql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './accounts.js';
import { services } from './listings.js';
import { conversations } from './messaging.js';

/** Reviews (modules/reviews): completions and the reviews written on them, of the listing and of the member helped. */

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
    completionId: integer('completion_id').references(() => serviceCompletions.id, { onDelete: 'set null' }),
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

/**
 * The other way round (decision 048): one review per completion by the listing's owner of the person they
 * helped, shown on that member's page. It belongs to the person reviewed: when the listing goes for good (removed by
 * the administrator, or with its owner's account) the review stays, without its job (`completion_id` null).
 */
export const memberReviews = pgTable(
  'member_reviews',
  {
    id: serial('id').primaryKey(),
    completionId: integer('completion_id').references(() => serviceCompletions.id, { onDelete: 'set null' }),
    reviewerId: text('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The person reviewed: the conversation's other participant. */
    memberId: text('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    reviewText: text('review_text'),
    createdAt: createdAt(),
  },
  (t) => [
    check('member_reviews_rating_range', rawSql`${t.rating} between 1 and 5`),
    check('member_reviews_text_length', rawSql`${t.reviewText} is null or char_length(${t.reviewText}) between 1 and 1000`),
    uniqueIndex('member_reviews_completion_key').on(t.completionId),
    // The member page's list, newest first, and the member's rating.
    index('member_reviews_member_newest_idx').on(t.memberId, t.id.desc().nullsFirst()),
  ],
);
