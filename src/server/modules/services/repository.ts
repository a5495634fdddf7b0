import { and, desc, eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { categories, serviceLikes, services, serviceTypes, users } from '../../db/schema.js';

export type ServiceRow = typeof services.$inferSelect;

/** The listing's own columns without the search vector: only the database needs it, and it is the widest column. */
const { searchVector: _searchVector, ...serviceColumns } = getTableColumns(services);

/**
 * Relevance ranks at most this many matches, the newest: ranking every match of a common word across a
 * country's listings costs a full scan, and a neighbour looking for "dog walking" wants the recent ones anyway.
 */
export const RELEVANCE_CANDIDATES = 500;

/** Everything a listing answer needs but its images (the image module's urlsFor adds those, one query per page). */
function listingColumns(viewerId: string | null) {
  return {
    service: serviceColumns,
    category: { id: categories.id, name: categories.name, slug: categories.slug, color: categories.color },
    owner: { id: users.id, username: users.username, firstName: users.firstName, email: users.email, profileImageUrl: users.profileImageUrl, isBanned: users.isBanned },
    isLiked: viewerId
      ? sql<boolean>`exists (select 1 from ${serviceLikes} where ${serviceLikes.serviceId} = ${services.id} and ${serviceLikes.userId} = ${viewerId})`
      : sql<boolean>`false`,
    /** Full-precision creation time as text: the keyset cursor must not lose microseconds. */
    createdKey: sql<string>`${services.createdAt}::text`,
  };
}
export type ListingRecord = NonNullable<Awaited<ReturnType<ReturnType<typeof createServicesRepository>['findListing']>>>;

/** Listings anyone may see: not deleted, not paused, and not by a banned person. */
const isPublic = and(isNull(services.deletedAt), eq(services.isActive, true), eq(users.isBanned, false));

export interface BrowseFilter {
  categoryId?: number;
  listingType?: 'offer' | 'request';
  search?: string;
}

function searchMatch(search: string): SQL {
  // Full text (stemmed, title weighted over description) or a typo-tolerant word match on the title.
  return sql`(${services.searchVector} @@ websearch_to_tsquery('english', ${search}) or ${search} <% ${services.title})`;
}

export function createServicesRepository(db: Db) {
  const selectListings = (viewerId: string | null, tx: Db = db) =>
    tx
      .select(listingColumns(viewerId))
      .from(services)
      .innerJoin(categories, eq(categories.id, services.categoryId))
      .innerJoin(users, eq(users.id, services.userId));

  return {
    async findListing(id: number, viewerId: string | null, tx: Db = db) {
      const [row] = await selectListings(viewerId, tx).where(eq(services.id, id)).limit(1);
      return row;
    },

    async findById(id: number, tx: Db = db): Promise<ServiceRow | undefined> {
      const [row] = await tx.select().from(services).where(eq(services.id, id)).limit(1);
      return row;
    },

    async listOwn(userId: string) {
      return selectListings(userId).where(eq(services.userId, userId)).orderBy(desc(services.createdAt), desc(services.id));
    },

    /** Newest first, keyset-paginated on (createdAt, id). */
    async browseNewest(filter: BrowseFilter, viewerId: string | null, limit: number, after?: { createdAt: string; id: number }) {
      return selectListings(viewerId)
        .where(
          and(
            isPublic,
            filter.categoryId !== undefined ? eq(services.categoryId, filter.categoryId) : undefined,
            filter.listingType ? eq(services.listingType, filter.listingType) : undefined,
            filter.search ? searchMatch(filter.search) : undefined,
            after ? sql`(${services.createdAt}, ${services.id}) < (${after.createdAt}::timestamptz, ${after.id})` : undefined,
          ),
        )
        .orderBy(desc(services.createdAt), desc(services.id))
        .limit(limit);
    },

    /** Best matches first: text rank plus title similarity; offset-paginated (search results are read a few pages deep). */
    /** Best matches first among the newest RELEVANCE_CANDIDATES: text rank plus title similarity; offset-paginated. */
    async browseRelevant(filter: BrowseFilter & { search: string }, viewerId: string | null, limit: number, offset: number) {
      const matches = db.$with('matches').as(
        db
          .select({ id: services.id })
          .from(services)
          .innerJoin(users, eq(users.id, services.userId))
          .where(
            and(
              isPublic,
              filter.categoryId !== undefined ? eq(services.categoryId, filter.categoryId) : undefined,
              filter.listingType ? eq(services.listingType, filter.listingType) : undefined,
              searchMatch(filter.search),
            ),
          )
          .orderBy(desc(services.createdAt), desc(services.id))
          .limit(RELEVANCE_CANDIDATES),
      );
      const score = sql`ts_rank_cd(${services.searchVector}, websearch_to_tsquery('english', ${filter.search})) + word_similarity(${filter.search}, ${services.title})`;
      return db
        .with(matches)
        .select(listingColumns(viewerId))
        .from(services)
        .innerJoin(matches, eq(matches.id, services.id))
        .innerJoin(categories, eq(categories.id, services.categoryId))
        .innerJoin(users, eq(users.id, services.userId))
        .orderBy(desc(score), desc(services.createdAt), desc(services.id))
        .limit(limit)
        .offset(offset);
    },

    async findCategoryId(idOrSlug: string): Promise<number | undefined> {
      const condition = /^\d+$/.test(idOrSlug) && Number(idOrSlug) <= 2_147_483_647 ? eq(categories.id, Number(idOrSlug)) : eq(categories.slug, idOrSlug);
      const [row] = await db.select({ id: categories.id }).from(categories).where(condition).limit(1);
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

    /** Adds the like and bumps the counter in one statement pair; a repeated like changes nothing. */
    async like(serviceId: number, userId: string): Promise<number> {
      return db.transaction(async (tx) => {
        const inserted = await tx.insert(serviceLikes).values({ serviceId, userId }).onConflictDoNothing().returning({ serviceId: serviceLikes.serviceId });
        const [row] = inserted.length
          ? await tx.update(services).set({ likeCount: sql`${services.likeCount} + 1` }).where(eq(services.id, serviceId)).returning({ likeCount: services.likeCount })
          : await tx.select({ likeCount: services.likeCount }).from(services).where(eq(services.id, serviceId));
        return row!.likeCount;
      });
    },

    async unlike(serviceId: number, userId: string): Promise<number> {
      return db.transaction(async (tx) => {
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

export type ServicesRepository = ReturnType<typeof createServicesRepository>;
