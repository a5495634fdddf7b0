import { eq, sql, type SQL } from 'drizzle-orm';
import { conversations, serviceLikes, services } from '../../db/schema.js';
import { BROWSE_PAGE_SIZE } from '#shared/services.js';
import { blockedBySql } from '../members/index.js';
import { milesFrom, type NearFilter, type NearSql } from './near.js';

/**
 * What the parts of the listings repository share (repository.ts): the rows a page reads, the filters a page may
 * have and the conditions they become.
 */

export interface BrowseFilter {
  /** Only this member's listings (their member page, decision 049). */
  ownerId?: string;
  categoryId?: number;
  listingType?: 'offer' | 'request';
  /** A tsquery from searchQuery(). */
  search?: string;
  /** For relevance: only listings with every search word in the title ('title'), or only the others ('rest'). */
  phase?: { part: 'title' | 'rest'; titleSearch: string };
  /** Around a point (decision 050). */
  near?: NearFilter;
  /** Only requests nobody has written to yet (the 'No replies yet' filter, decision 050). */
  unanswered?: boolean;
}

/** A browse page's ordinary size and the one row more that says whether there is a next page. */
export const ORDINARY_LIMIT = BROWSE_PAGE_SIZE + 1;

/**
 * A page size written into the statement's text: drizzle writes an SQL chunk in LIMIT as it is (its type only names
 * numbers and placeholders). Why the ordinary page's size is text, not a parameter: `prepareBrowse` in
 * browse-repository.ts.
 */
export const limitText = (limit: number) => sql.raw(String(limit)) as unknown as number;

/**
 * A request nobody has written to yet (the 'No replies yet' filter, decision 050): no conversation is about it (a
 * conversation about a listing begins with its first message; read through conversations_service_writer_key).
 */
export const unansweredRequest = sql`(${services.listingType} = 'request' and not exists (select 1 from ${conversations} where ${conversations.serviceId} = ${services.id}))`;

/** Whether the reader (an SQL value, or null for nobody) liked the listing. */
export const likedBy = (viewerId: unknown) =>
  viewerId
    ? sql<boolean>`exists (select 1 from ${serviceLikes} where ${serviceLikes.serviceId} = ${services.id} and ${serviceLikes.userId} = ${viewerId})`
    : sql<boolean>`false`;

/** Full-precision creation time as text: the keyset cursor must not lose microseconds. */
export const createdKey = sql<string>`${services.createdAt}::text`;

/** A listing whose owner the reader did not block (decision 045): a hashed subplan, read once per statement. */
export const notBlockedBy = (viewerId: unknown) => sql`${services.userId} not in ${blockedBySql(viewerId)}`;

/**
 * The filters every list of pages shares, in the order its statements write them: the reader's blocks, the owner,
 * the category and the type. `value` gives each input: a placeholder for a prepared statement, or the value itself.
 */
export function readerFilters(
  shape: { viewer: boolean; owner?: boolean; category: boolean; type: boolean },
  value: (name: 'viewerId' | 'ownerId' | 'categoryId' | 'listingType') => unknown,
): Array<SQL | undefined> {
  return [
    // A signed-in reader never sees the listings of members they blocked (decision 045).
    shape.viewer ? notBlockedBy(value('viewerId')) : undefined,
    shape.owner ? sql`${services.userId} = ${value('ownerId')}` : undefined,
    shape.category ? sql`${services.categoryId} = ${value('categoryId')}` : undefined,
    shape.type ? eq(services.listingType, sql`${value('listingType')}`) : undefined,
  ];
}

/**
 * What a browse page reads for each listing: which one, at which revision (its card is remembered under both,
 * decision 031), whether the reader liked it, and its place in the order for the next page's cursor.
 */
export function pageColumns(viewerId: unknown, near?: NearSql) {
  return {
    id: services.id,
    revision: services.revision,
    isLiked: likedBy(viewerId),
    createdKey,
    /** Around a point (decision 050): the exact miles to the listing's ZIP centre, null for a virtual listing. */
    ...(near && { miles: sql<number | null>`case when ${services.isVirtual} then null else ${milesFrom(near)} end`.mapWith(nullableNumber) }),
  };
}
const nullableNumber = (value: unknown) => (value === null ? null : Number(value));

export interface PageRow {
  id: number;
  revision: number;
  isLiked: boolean;
  createdKey: string;
  /** Present on a search around a point: the exact miles, null for a virtual listing. */
  miles?: number | null;
}
