import { and, desc, eq, getTableColumns, inArray, ne, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { categories, serviceLikes, services, serviceTypes, users } from '../../db/schema.js';
import { imageIdsOfListing } from '../images/index.js';
import { transaction } from '../../lib/transaction.js';
import { isPublicListing, type ListingFacts } from './access.js';
import { blockedBySql } from '../members/index.js';
import { createdKey, likedBy, limitText, notBlockedBy, type PageRow, pageColumns } from './page-rows.js';

export type ServiceRow = typeof services.$inferSelect;

/** The listing's own columns without the search vector: only the database needs it, and it is the widest column. */
const { searchVector: _searchVector, ...serviceColumns } = getTableColumns(services);

/** Whether `viewer` (an SQL value, or null for nobody) blocked the listing's owner (decision 045). */
const ownerBlockedBy = (viewer: unknown) => (viewer ? sql<boolean>`${services.userId} in ${blockedBySql(viewer)}` : sql<boolean>`false`);

/** Everything a listing answer needs, its image ids included: one round trip per page. */
function listingColumns(viewerId: string | Placeholder | null) {
  return {
    service: serviceColumns,
    category: { id: categories.id, name: categories.name, slug: categories.slug, color: categories.color },
    owner: { id: users.id, username: users.username, firstName: users.firstName, email: users.email, profileImageUrl: users.profileImageUrl, isBanned: users.isBanned, createdAt: users.createdAt, emailVerified: users.emailVerified },
    isLiked: likedBy(viewerId),
    /** The reader blocked the listing's owner: the listing is hidden from them. */
    ownerBlocked: ownerBlockedBy(viewerId),
    createdKey,
    imageIds: imageIdsOfListing,
  };
}

/** A value of the listing a page is about: itself, or its column in a statement that reads several listings. */
type ListingValue<T> = T | SQLWrapper;

/**
 * The listings a listing's page shows beside it, as conditions on `services`: the owner's other public listings, and
 * public listings by other people in its category. The page's related lists and its revision (decision 065) read the
 * same ones, newest first (RELATED_ORDER).
 */
export function relatedLists(listing: { id: ListingValue<number>; userId: ListingValue<string>; categoryId: ListingValue<number> }) {
  const others = and(isPublicListing, ne(services.id, listing.id))!;
  return {
    moreFromOwner: and(others, eq(services.userId, listing.userId))!,
    // Not the owner's: their listings have their own list, so none shows twice.
    similar: and(others, eq(services.categoryId, listing.categoryId), ne(services.userId, listing.userId))!,
  };
}

export const RELATED_ORDER = [desc(services.createdAt), desc(services.id)] as const;

/**
 * The listings' plain queries: one listing and its facts, the owner's list, the lists a listing's page and the
 * sitemap read, the catalogue look-ups, the writes, ratings and likes.
 */
export function createRecordsRepository(db: Db) {
  const selectListings = (viewerId: string | Placeholder | null, tx: Db = db) =>
    tx
      .select(listingColumns(viewerId))
      .from(services)
      .innerJoin(categories, eq(categories.id, services.categoryId))
      .innerJoin(users, eq(users.id, services.userId));

  /** One listing by id, built once and prepared on each connection. */
  const listingById = (viewer: boolean) =>
    selectListings(viewer ? sql.placeholder('viewerId') : null)
      .where(eq(services.id, sql.placeholder('id')))
      .limit(1)
      .prepare(viewer ? 'listing_by_id_viewer' : 'listing_by_id');
  const listingStatements = { anonymous: listingById(false), viewer: listingById(true) };
  /** The listings a page has not got cards for, in one round trip. */
  const listingsByIds = selectListings(null)
    .where(sql`${services.id} = any(${sql.placeholder('ids')}::integer[])`)
    .prepare('listings_by_ids');

  const categoryIds = new Map<string, number>();

  /** The related lists of a listing's page for nobody in particular, as named statements, by their length. */
  const relatedByLimit = new Map<number, Record<'moreFromOwner' | 'similar', ReturnType<typeof prepareRelated>>>();
  const prepareRelated = (list: 'moreFromOwner' | 'similar', limit: number) =>
    db
      .select(pageColumns(null))
      .from(services)
      .where(relatedLists({ id: sql.placeholder('id'), userId: sql.placeholder('userId'), categoryId: sql.placeholder('categoryId') })[list])
      .orderBy(...RELATED_ORDER)
      .limit(limitText(limit))
      .prepare(`related_${list === 'moreFromOwner' ? 'owner' : 'similar'}_${limit}`);
  const relatedStatements = (limit: number) => {
    let statements = relatedByLimit.get(limit);
    if (!statements) {
      statements = { moreFromOwner: prepareRelated('moreFromOwner', limit), similar: prepareRelated('similar', limit) };
      relatedByLimit.set(limit, statements);
    }
    return statements;
  };

  return {
    async findListing(id: number, viewerId: string | null, tx: Db = db) {
      if (tx !== db) return (await selectListings(viewerId, tx).where(eq(services.id, id)).limit(1))[0];
      const [row] = await (viewerId === null ? listingStatements.anonymous : listingStatements.viewer).execute({ id, viewerId });
      return row;
    },

    /** Listings by id, in no particular order, whatever their state (a page has just found them public). */
    async findListings(ids: number[]) {
      return listingsByIds.execute({ ids });
    },

    /**
     * What the access policy needs of a listing, its title and its category (access.ts). With `blockerId`, also
     * whether that person blocked the listing's owner.
     */
    async findAccessFacts(id: number, tx: Db = db, blockerId: string | null = null): Promise<(ListingFacts & { id: number; title: string; categoryId: number; ownerBlocked: boolean }) | undefined> {
      const [row] = await tx
        .select({
          id: services.id,
          title: services.title,
          categoryId: services.categoryId,
          userId: services.userId,
          deletedAt: services.deletedAt,
          isActive: services.isActive,
          ownerBanned: services.ownerBanned,
          expired: services.expired,
          ownerBlocked: ownerBlockedBy(blockerId),
        })
        .from(services)
        .where(eq(services.id, id))
        .limit(1);
      return row;
    },

    async findById(id: number, tx: Db = db): Promise<ServiceRow | undefined> {
      const [row] = await tx.select().from(services).where(eq(services.id, id)).limit(1);
      return row;
    },

    async listOwn(userId: string) {
      return selectListings(userId).where(eq(services.userId, userId)).orderBy(desc(services.createdAt), desc(services.id));
    },

    /**
     * The listing page's related listings, newest first, each list as a page's rows (its cards come from the same
     * memory as browse's): the owner's other public listings, and public listings by other people in the category.
     * Each is one bounded query over an index (`services_user_idx`, `services_public_category_newest_idx`).
     */
    async relatedRows(listing: { id: number; userId: string; categoryId: number }, viewerId: string | null, limit: number): Promise<{ moreFromOwner: PageRow[]; similar: PageRow[] }> {
      if (viewerId === null) {
        // A signed-out visitor's: two named statements, parsed and planned once per connection (decision 065).
        const statements = relatedStatements(limit);
        const [moreFromOwner, similar] = await Promise.all([statements.moreFromOwner.execute(listing), statements.similar.execute(listing)]);
        return { moreFromOwner, similar };
      }
      const lists = relatedLists(listing);
      const newest = (where: SQL) => db.select(pageColumns(viewerId)).from(services).where(and(notBlockedBy(viewerId), where)).orderBy(...RELATED_ORDER).limit(limit);
      const [moreFromOwner, similar] = await Promise.all([newest(lists.moreFromOwner), newest(lists.similar)]);
      return { moreFromOwner, similar };
    },

    /**
     * Public listings with ids in (afterId, throughId], in id order, at most `limit`: the sitemap's pages, walked
     * along the primary key (each page is one bounded range scan, whatever the listings' count).
     */
    async publicListingIds(afterId: number, throughId: number, limit: number): Promise<Array<{ id: number; updatedAt: Date }>> {
      return db
        .select({ id: services.id, updatedAt: services.updatedAt })
        .from(services)
        .where(and(isPublicListing, sql`${services.id} > ${afterId}`, sql`${services.id} <= ${throughId}`))
        .orderBy(services.id)
        .limit(limit);
    },

    /** Categories are never removed or renamed, so a found one is remembered: browsing by slug costs no extra query. */
    async findCategoryId(idOrSlug: string): Promise<number | undefined> {
      const known = categoryIds.get(idOrSlug);
      if (known !== undefined) return known;
      const condition = /^\d+$/.test(idOrSlug) && Number(idOrSlug) <= 2_147_483_647 ? eq(categories.id, Number(idOrSlug)) : eq(categories.slug, idOrSlug);
      const [row] = await db.select({ id: categories.id }).from(categories).where(condition).limit(1);
      if (row) categoryIds.set(idOrSlug, row.id);
      return row?.id;
    },

    async serviceTypeBelongsTo(serviceTypeId: number, categoryId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: serviceTypes.id })
        .from(serviceTypes)
        .where(and(eq(serviceTypes.id, serviceTypeId), eq(serviceTypes.categoryId, categoryId)))
        .limit(1);
      return row !== undefined;
    },

    async insert(tx: Db, values: typeof services.$inferInsert): Promise<ServiceRow> {
      const [row] = await tx.insert(services).values(values).returning();
      return row!;
    },

    async update(tx: Db, id: number, values: Partial<typeof services.$inferInsert>): Promise<void> {
      await tx.update(services).set(values).where(eq(services.id, id));
    },

    /**
     * Counts a new review into the listing's rating, inside the review's transaction: the row lock makes
     * concurrent reviews add up exactly, and the counters never disagree with the reviews table.
     */
    async addRating(tx: Db, serviceId: number, rating: number): Promise<void> {
      await tx
        .update(services)
        .set({ ratingSum: sql`${services.ratingSum} + ${rating}`, reviewCount: sql`${services.reviewCount} + 1` })
        .where(eq(services.id, serviceId));
    },

    /** Removes the listing for good; the foreign keys take its images, likes, completions, reviews and reports with it. */
    async deleteOne(tx: Db, id: number): Promise<{ id: number; title: string; userId: string } | undefined> {
      const [row] = await tx.delete(services).where(eq(services.id, id)).returning({ id: services.id, title: services.title, userId: services.userId });
      return row;
    },

    /**
     * The person's listings, removed for good: the foreign keys take their images, likes, completions, reviews and
     * reports with them, and leave the conversations about them in place without a listing (set null).
     */
    async deleteAllOf(tx: Db, userId: string): Promise<void> {
      await tx.delete(services).where(eq(services.userId, userId));
    },

    /**
     * The person's likes, each listing's counter one lower. Only the rows this statement removed are counted
     * (a like removed by a concurrent unlike is not counted twice), so the counters stay exact.
     */
    async unlikeAllBy(tx: Db, userId: string): Promise<void> {
      const removed = await tx.delete(serviceLikes).where(eq(serviceLikes.userId, userId)).returning({ serviceId: serviceLikes.serviceId });
      if (removed.length === 0) return;
      await tx
        .update(services)
        .set({ likeCount: sql`${services.likeCount} - 1` })
        .where(inArray(services.id, removed.map((r) => r.serviceId)));
    },

    async ratingCounters(serviceId: number): Promise<{ ratingSum: number; reviewCount: number } | undefined> {
      const [row] = await db.select({ ratingSum: services.ratingSum, reviewCount: services.reviewCount }).from(services).where(eq(services.id, serviceId)).limit(1);
      return row;
    },

    /** Adds the like and bumps the counter in one statement pair; a repeated like changes nothing. */
    async like(serviceId: number, userId: string): Promise<number> {
      return transaction(db, async (tx) => {
        const inserted = await tx.insert(serviceLikes).values({ serviceId, userId }).onConflictDoNothing().returning({ serviceId: serviceLikes.serviceId });
        const [row] = inserted.length
          ? await tx.update(services).set({ likeCount: sql`${services.likeCount} + 1` }).where(eq(services.id, serviceId)).returning({ likeCount: services.likeCount })
          : await tx.select({ likeCount: services.likeCount }).from(services).where(eq(services.id, serviceId));
        return row!.likeCount;
      });
    },

    async unlike(serviceId: number, userId: string): Promise<number> {
      return transaction(db, async (tx) => {
        const removed = await tx
          .delete(serviceLikes)
          .where(and(eq(serviceLikes.serviceId, serviceId), eq(serviceLikes.userId, userId)))
          .returning({ serviceId: serviceLikes.serviceId });
        const [row] = removed.length
          ? await tx.update(services).set({ likeCount: sql`${services.likeCount} - 1` }).where(eq(services.id, serviceId)).returning({ likeCount: services.likeCount })
          : await tx.select({ likeCount: services.likeCount }).from(services).where(eq(services.id, serviceId));
        return row!.likeCount;
      });
    },
  };
}

/** A listing as one answer reads it: the row, its category, its owner, the reader's like and block, its image ids. */
export type ListingRecord = NonNullable<Awaited<ReturnType<ReturnType<typeof createRecordsRepository>['findListing']>>>;
