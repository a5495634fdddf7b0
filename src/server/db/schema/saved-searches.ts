import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './accounts.js';
import { categories } from './catalogue.js';

/** Saved searches (modules/saved-searches): a member's searches, and the new listings that matched them (decision 053). */

export const savedSearches = pgTable(
  'saved_searches',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The words as the member typed them, and the tsquery browse made of them when the search was saved. */
    search: text('search'),
    searchQuery: text('search_query'),
    categoryId: integer('category_id').references(() => categories.id),
    listingType: text('listing_type', { enum: ['offer', 'request'] }),
    /** Around a ZIP code's centre: the ZIP, the radius in miles, the centre, and the box that holds the circle. */
    nearZip: text('near_zip'),
    radiusMiles: integer('radius_miles'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    minLatitude: doublePrecision('min_latitude'),
    maxLatitude: doublePrecision('max_latitude'),
    minLongitude: doublePrecision('min_longitude'),
    maxLongitude: doublePrecision('max_longitude'),
    /** Around a place, virtual listings match too unless this is false (as browse's `includeVirtual`). */
    includeVirtual: boolean('include_virtual').notNull().default(true),
    frequency: text('frequency', { enum: ['instant', 'daily', 'off'] }).notNull(),
    /** Matches after this are new to the member (`newCount`). */
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last alert email sent for it (at most one instant email per 10 minutes). */
    lastAlertAt: timestamp('last_alert_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('saved_searches_listing_type_check', sql`${t.listingType} is null or ${t.listingType} in ('offer', 'request')`),
    check('saved_searches_frequency_check', sql`${t.frequency} in ('instant', 'daily', 'off')`),
    check('saved_searches_area', sql`(${t.nearZip} is null) = (${t.latitude} is null) and (${t.latitude} is null) = (${t.minLatitude} is null)`),
    index('saved_searches_user_idx').on(t.userId, t.id),
    // A new listing's candidate searches (every frequency: `newCount` counts matches whether or not they are emailed):
    // those around a place whose box holds the listing's point...
    index('saved_searches_area_idx')
      .using('gist', sql`box(point(${t.minLongitude}, ${t.minLatitude}), point(${t.maxLongitude}, ${t.maxLatitude}))`)
      .where(sql`${t.minLatitude} is not null`),
    // ...those anywhere, by category (null: every category) and type...
    index('saved_searches_anywhere_idx').on(t.categoryId, t.listingType).where(sql`${t.minLatitude} is null`),
    // ...and, for a virtual listing, those around a place that take virtual listings too.
    index('saved_searches_virtual_idx').on(t.categoryId, t.listingType).where(sql`${t.minLatitude} is not null and ${t.includeVirtual}`),
  ],
);

/** A listing that became visible and matched a saved search; `alertedAt` once an email named it. */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    /**
     * The saved search. No foreign key (decision 053): its check locks the search's row for every match written, which
     * cost more than the rest of matching a listing; a trigger deletes a search's matches with it instead, and a match
     * whose search went while it was written is never read (every read starts from the search) and is pruned.
     */
    savedSearchId: integer('saved_search_id').notNull(),
    /**
     * The listing. No foreign key either (decision 053): its check cost a row lock per match written. A listing deleted
     * for good leaves its matches behind: every read joins the listing, so they are never shown, and an email due for
     * them finds nothing to show, marks them told, and the month's pruning takes them.
     */
    serviceId: integer('service_id').notNull(),
    matchedAt: timestamp('matched_at', { withTimezone: true }).notNull().defaultNow(),
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
  },
  (t) => [
    // The one index, every read's way in (a search's matches); a second one cost as much to write as the rest.
    primaryKey({ columns: [t.savedSearchId, t.serviceId] }),
  ],
);

/** How far the alerts have read the listings' `published_at` order: one row. */
export const savedSearchCursor = pgTable(
  'saved_search_cursor',
  {
    id: integer('id').primaryKey().default(1),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    serviceId: integer('service_id').notNull().default(0),
  },
  (t) => [check('saved_search_cursor_one_row', sql`${t.id} = 1`)],
);
