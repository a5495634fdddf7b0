import { desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { RELATED_LISTINGS_MAX } from '#shared/services.js';
import { REVIEWS_PAGE_SIZE } from '#shared/reviews.js';
import type { Db } from '../../db/client.js';
import { reviews, services, users } from '../../db/schema.js';
import { RELATED_ORDER, relatedLists } from './records-repository.js';

/** What a listing's page shows, at the moment it was read: one text, the same while none of it changed. */
export interface ListingPageRevision {
  /** 'missing' when there is no such listing (its page is the not-found page, until a listing takes the id). */
  revision: string;
  /** The listing's category: the page names its service type from the catalogue's list for it. */
  categoryId: number | null;
}

/**
 * The revision of a listing's page as a signed-out visitor sees it (decision 065), in one prepared statement: the
 * listing's own revision, which moves with every change to its row, its pictures, its owner's name, picture, address
 * check and ban, its rating and its likes (decision 031, migrations 0013, 0014, 0020); the ids and revisions of the
 * listings shown beside it, chosen as the page's related lists choose them (`relatedLists`, signed out: nobody's
 * blocks); and a digest of the first page of its reviews as shown, their reviewers' names included, since renaming
 * or deleting an account moves no listing's revision. Each part reads an index: the primary key, the owner's and the
 * category's newest public listings, the reviews of a listing.
 */
export function createListingPageRevisions(db: Db) {
  const listing = alias(services, 'listing');
  const lists = relatedLists({ id: listing.id, userId: listing.userId, categoryId: listing.categoryId });
  /** `id:revision,…` of a list beside the listing, in the page's order. */
  const rowsOf = (where: SQL, name: string) => {
    const shown = db.select({ id: services.id, revision: services.revision, createdAt: services.createdAt }).from(services).where(where).orderBy(...RELATED_ORDER).limit(RELATED_LISTINGS_MAX).as(name);
    return sql<string | null>`(select string_agg(${shown.id} || ':' || ${shown.revision}, ',' order by ${shown.createdAt} desc, ${shown.id} desc) from ${shown})`;
  };
  // As the page lists them (the reviews repository's listForService): newest first, over (service_id, created_at, id).
  const firstReviews = db
    .select({
      id: reviews.id,
      createdAt: reviews.createdAt,
      // Each review as the page shows it, written unambiguously (any text may hold any character).
      shown: sql<unknown>`json_build_array(${reviews.rating}, ${reviews.reviewText}, ${users.firstName}, ${users.lastName}, ${users.username}, ${users.deletedAt} is null)`.as('shown'),
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.reviewerId))
    .where(eq(reviews.serviceId, listing.id))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(REVIEWS_PAGE_SIZE)
    .as('first_reviews');
  const statement = db
    .select({
      revision: listing.revision,
      categoryId: listing.categoryId,
      moreFromOwner: rowsOf(lists.moreFromOwner, 'more_from_owner'),
      similar: rowsOf(lists.similar, 'similar'),
      reviews: sql<string | null>`(select md5(json_agg(json_build_array(${firstReviews.id}, ${firstReviews.createdAt}, ${firstReviews.shown}) order by ${firstReviews.createdAt} desc, ${firstReviews.id} desc)::text) from ${firstReviews})`,
    })
    .from(listing)
    .where(eq(listing.id, sql.placeholder('id')))
    .prepare('listing_page_revision');

  return {
    async listingPage(id: number): Promise<ListingPageRevision> {
      const [row] = await statement.execute({ id });
      if (!row) return { revision: 'missing', categoryId: null };
      return { revision: `${row.revision}|${row.moreFromOwner ?? ''}|${row.similar ?? ''}|${row.reviews ?? ''}`, categoryId: row.categoryId };
    },
  };
}
