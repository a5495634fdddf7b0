import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { NEW_COUNT_MAX } from '#shared/saved-searches.js';
import { type Db, rowsOf } from '../../db/client.js';
import { categories, savedSearchCursor, savedSearches, savedSearchMatches, services, users } from '../../db/schema.js';
import { isPublicListing, milesBetween } from '../listings/index.js';
import { hasBlockedSql } from '../members/index.js';

export type SavedSearchRow = typeof savedSearches.$inferSelect;
export type NewSavedSearchRow = typeof savedSearches.$inferInsert;

/**
 * Where the alerts' matching stands: the last listing matched, by its publication time and id. The time is kept as
 * PostgreSQL's own text of it, exact to the microsecond: a JavaScript Date keeps milliseconds, and a cursor rounded
 * down put the listings of its last millisecond after it again, to be read by every run (and listings published in
 * one statement share one time: fifty of them made a run that never ended).
 */
export interface PublicationCursor {
  publishedAt: string;
  serviceId: number;
}

/** A saved search as its owner's list shows it. */
export type ListedSavedSearch = SavedSearchRow & { newCount: number };

/** A listing named in an alert email. */
export interface AlertListing {
  id: number;
  title: string;
  listingType: 'offer' | 'request';
  category: string;
  city: string | null;
  state: string | null;
  isVirtual: boolean;
}

/** A saved search whose alert is due, with what the email needs of its owner. */
export interface DueAlert {
  id: number;
  userId: string;
  name: string;
  frequency: 'instant' | 'daily' | 'off';
  search: string | null;
  categoryId: number | null;
  listingType: 'offer' | 'request' | null;
  nearZip: string | null;
  radiusMiles: number | null;
  includeVirtual: boolean;
  /** The owner's address when mail may go to it: confirmed, on a live, unbanned account; null otherwise. */
  email: string | null;
}

/**
 * New matches since the search was last opened, of listings still public, counted up to NEW_COUNT_MAX + 1. Written
 * with its own names: drizzle leaves a one-table select's columns unqualified, which inside this subquery would name
 * the listings' columns instead.
 */
const newCountSql = sql<number>`(select count(*)::int from (
    select 1 from ${savedSearchMatches} m
    join ${services} on "services"."id" = m.service_id
    where m.saved_search_id = "saved_searches"."id" and m.matched_at > "saved_searches"."last_opened_at" and ${isPublicListing}
    limit ${sql.raw(String(NEW_COUNT_MAX + 1))}) as fresh)`;

/** The listing `services` matches the saved search `ss` on every filter but the candidate selection's. */
const matchesListing = sql`${services.userId} <> ss.user_id
  and (ss.category_id is null or ss.category_id = ${services.categoryId})
  and (ss.listing_type is null or ss.listing_type = ${services.listingType})
  and (ss.latitude is null
    or (${services.isVirtual} and ss.include_virtual)
    or (not ${services.isVirtual} and ${services.latitude} is not null
      and ${milesBetween({ latitude: sql`ss.latitude`, longitude: sql`ss.longitude` }, { latitude: services.latitude, longitude: services.longitude })} <= ss.radius_miles))
  and (ss.search is null or (ss.search_query is not null and ${services.searchVector} @@ ss.search_query::tsquery))
  and not ${hasBlockedSql(sql`ss.user_id`, services.userId)}`;

/** Saved searches and their matches; reads the listings, accounts and blocks it matches against (decision 038). */
export function createSavedSearchesRepository(db: Db) {
  return {
    /**
     * Holds the member's saved searches for the rest of the transaction (an advisory lock on the member), so two
     * saves at once cannot both pass the limit; answers how many they have.
     */
    async lockAndCount(tx: Db, userId: string): Promise<number> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('saved-searches'), hashtext(${userId}))`);
      const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(savedSearches).where(eq(savedSearches.userId, userId));
      return row?.n ?? 0;
    },

    async insert(tx: Db, row: NewSavedSearchRow): Promise<SavedSearchRow> {
      const [saved] = await tx.insert(savedSearches).values(row).returning();
      return saved!;
    },

    /** The member's saved searches, oldest first (at most SAVED_SEARCHES_MAX), with their new counts. */
    listOf(userId: string): Promise<ListedSavedSearch[]> {
      return db
        .select({ ...savedSearchColumns, newCount: newCountSql })
        .from(savedSearches)
        .where(eq(savedSearches.userId, userId))
        .orderBy(asc(savedSearches.id));
    },

    async findOwn(id: number, userId: string): Promise<ListedSavedSearch | undefined> {
      const [row] = await db
        .select({ ...savedSearchColumns, newCount: newCountSql })
        .from(savedSearches)
        .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)));
      return row;
    },

    /** Answers whether the member's saved search was there to change. */
    async update(id: number, userId: string, changes: Partial<Pick<SavedSearchRow, 'name' | 'frequency' | 'lastOpenedAt'>>): Promise<boolean> {
      const rows = await db
        .update(savedSearches)
        .set(changes)
        .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
        .returning({ id: savedSearches.id });
      return rows.length > 0;
    },

    async remove(id: number, userId: string): Promise<boolean> {
      const rows = await db
        .delete(savedSearches)
        .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
        .returning({ id: savedSearches.id });
      return rows.length > 0;
    },

    /** An unsubscribe link's search stops emailing; answers whether it was there. */
    async stopAlerts(id: number): Promise<boolean> {
      const rows = await db.update(savedSearches).set({ frequency: 'off' }).where(eq(savedSearches.id, id)).returning({ id: savedSearches.id });
      return rows.length > 0;
    },

    /** A deleted account's saved searches (their matches go with them). */
    async deleteAllOf(tx: Db, userId: string): Promise<void> {
      await tx.delete(savedSearches).where(eq(savedSearches.userId, userId));
    },

    /**
     * Takes the alerts' place in the listings' publication order for this transaction; undefined when another
     * process holds it (it is doing this work right now).
     */
    async claimCursor(tx: Db): Promise<PublicationCursor | undefined> {
      const [row] = await tx
        .select({ publishedAt: sql<string>`${savedSearchCursor.publishedAt}::text`, serviceId: savedSearchCursor.serviceId })
        .from(savedSearchCursor)
        .where(eq(savedSearchCursor.id, 1))
        .for('update', { skipLocked: true });
      return row;
    },

    async moveCursor(tx: Db, to: PublicationCursor): Promise<void> {
      await tx
        .update(savedSearchCursor)
        .set({ publishedAt: sql`${to.publishedAt}::timestamptz`, serviceId: to.serviceId })
        .where(eq(savedSearchCursor.id, 1));
    },

    /** Listings published after the cursor and no later than `until`, in publication order. */
    publishedAfter(tx: Db, after: PublicationCursor, until: Date, limit: number): Promise<Array<{ id: number; publishedAt: string }>> {
      return tx
        .select({ id: services.id, publishedAt: sql<string>`${services.publishedAt}::text` })
        .from(services)
        .where(
          sql`(${services.publishedAt}, ${services.id}) > (${after.publishedAt}::timestamptz, ${after.serviceId}::int) and ${services.publishedAt} <= ${until.toISOString()}::timestamptz`,
        )
        .orderBy(asc(services.publishedAt), asc(services.id))
        .limit(limit);
    },

    /**
     * Records which saved searches the listing matches, if it is still public (`matchStatement`). Answers how many
     * matches were new.
     */
    async matchListing(tx: Db, serviceId: number, matchedAt: Date): Promise<number> {
      return (await matchInsert(tx).execute({ serviceId, matchedAt: matchedAt.toISOString() })).length;
    },

    /**
     * Saved searches with matches not yet emailed whose email is due, locked for this transaction (another process
     * skips them): `instant` ones last emailed at least `gapMinutes` ago, `daily` ones with a match from before the
     * digest hour that has passed (`digestFrom`).
     */
    async claimDue(tx: Db, now: Date, gapMinutes: number, digestFrom: Date, limit: number): Promise<DueAlert[]> {
      const result = await tx.execute(sql`
        select ss.id, ss.user_id as "userId", ss.name, ss.frequency, ss.search, ss.category_id as "categoryId",
          ss.listing_type as "listingType", ss.near_zip as "nearZip", ss.radius_miles as "radiusMiles",
          ss.include_virtual as "includeVirtual",
          case when ${users.emailVerified} and ${users.deletedAt} is null and not ${users.isBanned} then ${users.email} end as email
        from ${savedSearches} ss
        join ${users} on ${users.id} = ss.user_id
        where (ss.frequency = 'instant'
            and (ss.last_alert_at is null or ss.last_alert_at <= ${now.toISOString()}::timestamptz - ${gapMinutes} * interval '1 minute')
            and exists (select 1 from ${savedSearchMatches} m where m.saved_search_id = ss.id and m.alerted_at is null))
          or (ss.frequency = 'daily'
            and exists (select 1 from ${savedSearchMatches} m
              where m.saved_search_id = ss.id and m.alerted_at is null and m.matched_at < ${digestFrom.toISOString()}::timestamptz))
        order by ss.id
        limit ${limit}
        for update of ss skip locked`);
      return rowsOf<DueAlert>(result);
    },

    /**
     * The search's matches not yet emailed whose listings are still public and not by someone its owner blocked
     * since, oldest first: the first `limit` in full, and how many in all.
     */
    async pendingListings(tx: Db, savedSearchId: number, userId: string, limit: number): Promise<{ listings: AlertListing[]; total: number }> {
      const pending = and(
        eq(savedSearchMatches.savedSearchId, savedSearchId),
        sql`${savedSearchMatches.alertedAt} is null`,
        isPublicListing,
        sql`not ${hasBlockedSql(userId, services.userId)}`,
      );
      const listings = await tx
        .select({
          id: services.id,
          title: services.title,
          listingType: services.listingType,
          category: categories.name,
          city: services.city,
          state: services.state,
          isVirtual: services.isVirtual,
        })
        .from(savedSearchMatches)
        .innerJoin(services, eq(services.id, savedSearchMatches.serviceId))
        .innerJoin(categories, eq(categories.id, services.categoryId))
        .where(pending)
        .orderBy(asc(savedSearchMatches.matchedAt), asc(services.id))
        .limit(limit);
      const [count] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(savedSearchMatches)
        .innerJoin(services, eq(services.id, savedSearchMatches.serviceId))
        .where(pending);
      return { listings, total: count?.n ?? 0 };
    },

    /** Every match of the search not yet emailed counts as told (shown, or no longer to be shown), and the time is kept. */
    async markAlerted(tx: Db, savedSearchId: number, at: Date): Promise<void> {
      await tx
        .update(savedSearchMatches)
        .set({ alertedAt: at })
        .where(and(eq(savedSearchMatches.savedSearchId, savedSearchId), sql`${savedSearchMatches.alertedAt} is null`));
      await tx.update(savedSearches).set({ lastAlertAt: at }).where(eq(savedSearches.id, savedSearchId));
    },

    /**
     * Housekeeping: matches older than `days` (a month), unless still waiting for their email; `newCount` counts
     * within that window. Answers how many went.
     */
    async pruneMatches(days: number): Promise<number> {
      const gone = await db.execute(sql`
        delete from ${savedSearchMatches} m
        where m.matched_at < now() - ${days} * interval '1 day'
          and (m.alerted_at is not null or not exists (select 1 from ${savedSearches} ss where ss.id = m.saved_search_id and ss.frequency <> 'off'))
        returning m.saved_search_id`);
      return rowsOf(gone).length;
    },
  };
}

/**
 * The saved searches a listing matches, if it is still public, as the rows to record: (search, listing, `matchedAt`,
 * not yet emailed). Candidates come from the indexes by what the listing is — its category and type (searches
 * anywhere), its place (the boxes of searches around a place) or, for a virtual listing, its category and type again
 * (searches around a place that take virtual listings) — and then pass every filter.
 */
function matchingSearches(serviceId: unknown, matchedAt: unknown): SQL {
  return sql`
    select ss.id, ${services.id}, ${matchedAt}::timestamptz, null::timestamptz
    from ${services}
    cross join lateral (
      select c.* from ${savedSearches} c
        where c.min_latitude is null
          and (c.category_id = ${services.categoryId} or c.category_id is null)
          and (c.listing_type = ${services.listingType} or c.listing_type is null)
      union all
      select c.* from ${savedSearches} c
        where not ${services.isVirtual} and ${services.latitude} is not null and c.min_latitude is not null
          and box(point(c.min_longitude, c.min_latitude), point(c.max_longitude, c.max_latitude))
            @> box(point(${services.longitude}, ${services.latitude}), point(${services.longitude}, ${services.latitude}))
      union all
      select c.* from ${savedSearches} c
        where ${services.isVirtual} and c.min_latitude is not null and c.include_virtual
          and (c.category_id = ${services.categoryId} or c.category_id is null)
          and (c.listing_type = ${services.listingType} or c.listing_type is null)
    ) ss
    where ${services.id} = ${serviceId}::integer and ${isPublicListing} and ${matchesListing}`;
}

/**
 * Records the matches of a listing, as prepared by name on each connection: PostgreSQL plans it once per connection
 * instead of for every listing (planning the three-part union cost more than running it). The generic plan serves
 * every listing: which part reads anything is decided as it runs (a virtual listing reads no boxes).
 */
const matchInsert = (tx: Db) =>
  tx
    .insert(savedSearchMatches)
    .select(matchingSearches(sql.placeholder('serviceId'), sql.placeholder('matchedAt')))
    .onConflictDoNothing()
    .returning({ savedSearchId: savedSearchMatches.savedSearchId })
    .prepare('saved_search_match');

/** The match statement with its values in the text, for `npm run bench:alerts` to EXPLAIN. */
export function matchStatement(serviceId: number, matchedAt: Date): SQL {
  return sql`insert into ${savedSearchMatches} ${matchingSearches(serviceId, matchedAt.toISOString())} on conflict do nothing returning saved_search_id`;
}

const savedSearchColumns = {
  id: savedSearches.id,
  userId: savedSearches.userId,
  name: savedSearches.name,
  search: savedSearches.search,
  searchQuery: savedSearches.searchQuery,
  categoryId: savedSearches.categoryId,
  listingType: savedSearches.listingType,
  nearZip: savedSearches.nearZip,
  radiusMiles: savedSearches.radiusMiles,
  latitude: savedSearches.latitude,
  longitude: savedSearches.longitude,
  minLatitude: savedSearches.minLatitude,
  maxLatitude: savedSearches.maxLatitude,
  minLongitude: savedSearches.minLongitude,
  maxLongitude: savedSearches.maxLongitude,
  includeVirtual: savedSearches.includeVirtual,
  frequency: savedSearches.frequency,
  lastOpenedAt: savedSearches.lastOpenedAt,
  lastAlertAt: savedSearches.lastAlertAt,
  createdAt: savedSearches.createdAt,
};

export type SavedSearchesRepository = ReturnType<typeof createSavedSearchesRepository>;
