import { LRUCache } from 'lru-cache';
import { and, desc, eq, getTableColumns, inArray, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.js';
import { categories, conversations, searchWords, serviceLikes, services, serviceTypes, users } from '../../db/schema.js';
import { imageIdsOfListing } from '../images/index.js';
import { BROWSE_PAGE_SIZE } from '#shared/services.js';
import { CATALOGUE } from '#shared/catalogue.js';
import { transaction } from '../../lib/transaction.js';
import { isPublicListing, type ListingFacts } from './access.js';
import { blockedBySql } from '../members/index.js';
import { boxAroundSql, milesFrom, nearCondition, nearPlaceholders, nearValues, placePoint, withinBox, type NearFilter, type NearSql } from './near.js';

export type ServiceRow = typeof services.$inferSelect;

/**
 * A request nobody has written to yet (issue 19, 'No replies yet'): no conversation is about it (a conversation about
 * a listing begins with its first message; read through conversations_service_writer_key).
 */
const unansweredRequest = sql`(${services.listingType} = 'request' and not exists (select 1 from ${conversations} where ${conversations.serviceId} = ${services.id}))`;

/** The listing's own columns without the search vector: only the database needs it, and it is the widest column. */
const { searchVector: _searchVector, ...serviceColumns } = getTableColumns(services);

/** Everything a listing answer needs, its image ids included: one round trip per page. */
function listingColumns(viewerId: string | Placeholder | null) {
  return {
    service: serviceColumns,
    category: { id: categories.id, name: categories.name, slug: categories.slug, color: categories.color },
    owner: { id: users.id, username: users.username, firstName: users.firstName, email: users.email, profileImageUrl: users.profileImageUrl, isBanned: users.isBanned, createdAt: users.createdAt, emailVerified: users.emailVerified },
    isLiked: viewerId
      ? sql<boolean>`exists (select 1 from ${serviceLikes} where ${serviceLikes.serviceId} = ${services.id} and ${serviceLikes.userId} = ${viewerId})`
      : sql<boolean>`false`,
    /** The reader blocked the listing's owner (issue 18): the listing is hidden from them. */
    ownerBlocked: viewerId ? sql<boolean>`${services.userId} in ${blockedBySql(viewerId)}` : sql<boolean>`false`,
    /** Full-precision creation time as text: the keyset cursor must not lose microseconds. */
    createdKey: sql<string>`${services.createdAt}::text`,
    imageIds: imageIdsOfListing,
  };
}
/**
 * What a browse page reads for each listing: which one, at which revision (its card is remembered under both,
 * decision 031), whether the reader liked it, and its place in the order for the next page's cursor.
 */
function pageColumns(viewerId: unknown, near?: NearSql) {
  return {
    id: services.id,
    revision: services.revision,
    isLiked: viewerId
      ? sql<boolean>`exists (select 1 from ${serviceLikes} where ${serviceLikes.serviceId} = ${services.id} and ${serviceLikes.userId} = ${viewerId})`
      : sql<boolean>`false`,
    createdKey: sql<string>`${services.createdAt}::text`,
    /** Around a point (issue 19): the exact miles to the listing's ZIP centre, null for a virtual listing. */
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

export type ListingRecord = NonNullable<Awaited<ReturnType<ReturnType<typeof createListingsRepository>['findListing']>>>;


export interface BrowseFilter {
  /** Only this member's listings (their member page, issue 18). */
  ownerId?: string;
  categoryId?: number;
  listingType?: 'offer' | 'request';
  /** A tsquery from searchQuery(). */
  search?: string;
  /** For relevance: only listings with every search word in the title ('title'), or only the others ('rest'). */
  phase?: { part: 'title' | 'rest'; titleSearch: string };
  /** Around a point (issue 19). */
  near?: NearFilter;
  /** Only requests nobody has written to yet (issue 19). */
  unanswered?: boolean;
}

/** What searchQuery() makes of a search: the whole match, and the same words required in the title. */
export interface SearchQuery {
  all: string;
  title: string;
}

/**
 * A page size written into the statement's text: drizzle writes an SQL chunk in LIMIT as it is (its type only names
 * numbers and placeholders). Why the ordinary page's size is text, not a parameter: `prepareBrowse` below.
 */
const limitText = (limit: number) => sql.raw(String(limit)) as unknown as number;

/** The text index of the search vectors: a plan that names it reads the matches from it. */
const SEARCH_INDEX = 'services_search_idx';

/** Up to 8 words of letters and digits, lower-cased; anything else in a search is a separator. */
export function searchTerms(search: string): string[] {
  return [...new Set(search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].filter((w) => w.length <= 40).slice(0, 8);
}

const quoteLexeme = (word: string) => `'${word.replace(/['\\]/g, '')}'`;

/**
 * `searchPlan` settles how searches run instead of asking PostgreSQL each time (`walksNewest`), and `placePlan` how
 * searches around a point do (`crowded`: walk the newest listings, and nearest first from the plane's order;
 * `sparse`: read the box): tests use them to show that every way finds the same pages.
 */
export function createListingsRepository(db: Db, options: { searchPlan?: 'walk' | 'index'; placePlan?: 'crowded' | 'sparse' } = {}) {
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

  /**
   * Browse pages in newest order, one statement per shape of filter, built on first use and prepared by name on each
   * connection: no query building or planning per request.
   *
   * The page size of an ordinary page is part of the statement's text, not a parameter: with `limit $n` PostgreSQL
   * costs the generic plan for a tenth of all listings, finds it far dearer than a plan for 25 rows, and so plans
   * the statement again on every request (measured: 2.8 ms of database CPU a page instead of 0.4). Any other page size
   * (a client may ask for 1 to 50) runs unnamed, planned with its values, so no client can fill a connection with
   * prepared statements.
   *
   * A search has two right plans, and which one depends on its words (decision 032): for words many listings use,
   * walk the newest listings until a page of them match (about a millisecond); for rare words, read the matches from
   * the text index and sort them (walking would read every listing). One generic plan cannot serve both, so
   * PostgreSQL is asked once per search, with its words, which way it would go (`walksNewest`). A search that walks
   * runs a named statement whose match the text index cannot serve, so its kept plan always walks; a search that
   * reads the index runs unnamed, planned with its words each time, as every search did before.
   */
  type BrowseShape = { viewer: boolean; owner?: boolean; category: boolean; type: boolean; search: boolean; title: boolean; rest: boolean; after: boolean; unanswered?: boolean };
  const ORDINARY_LIMIT = BROWSE_PAGE_SIZE + 1;
  /**
   * A search around a point (issue 19), built once per shape of filter with placeholders for its place, radius, box,
   * filters and cursor, and prepared by name on each connection, as browse's are: no query building and, once
   * PostgreSQL keeps its plan, no planning per request (planning these statements cost more than running them).
   * Which plan is right is settled before (`isCrowded`, the plane's order), so one plan serves each shape. Only the
   * ordinary page size is named, as for browse; any other page, and a search with words, is built with its values and
   * run unnamed, planned with them.
   */
  type AroundQuery<T> = { prepare(name: string): { execute(values?: Record<string, unknown>): Promise<T> } };
  type AroundBuild<T> = (value: (name: string) => unknown, near: NearSql, limit: number) => AroundQuery<T>;
  const aroundStatements = new Map<string, { execute(values?: Record<string, unknown>): Promise<unknown> }>();
  function aroundPoint<T>(kind: string, shape: Record<string, boolean | undefined>, near: NearFilter, limit: number, values: Record<string, unknown>, build: AroundBuild<T>): Promise<T> {
    const all: Record<string, unknown> = { ...values, ...nearValues(near) };
    if (limit !== ORDINARY_LIMIT || shape.search) return build((name) => all[name] ?? null, near, limit).prepare('').execute();
    // The shape's first letters: viewer, owner, category, type, after, unanswered (a search never gets here).
    const flags = Object.entries(shape).flatMap(([name, on]) => (on ? [name[0]] : [])).join('');
    const key = `near_${kind}_${flags || 'all'}_${near.mode}_${near.box ? 'box' : 'circle'}`;
    let statement = aroundStatements.get(key) as ReturnType<AroundQuery<T>['prepare']> | undefined;
    if (!statement) {
      statement = build(sql.placeholder, nearPlaceholders(near.mode, near.box !== null), ORDINARY_LIMIT).prepare(key);
      aroundStatements.set(key, statement);
    }
    return statement.execute(all);
  }
  type BrowseValues = { viewerId: string | null; ownerId?: string; categoryId?: number; listingType?: string; search?: string; titleSearch?: string; afterCreatedAt?: string; afterId?: number; limit: number };

  /**
   * The page query of a shape. `value` gives each input: a placeholder for a prepared statement, or the value itself.
   * `walk` wraps the search vector so that no plan can read the text index: the plan walks the newest listings.
   */
  function browseQuery(shape: BrowseShape, value: (name: keyof BrowseValues) => unknown, limit: number | Placeholder, walk: boolean, near?: NearSql) {
    const vector = walk ? sql`coalesce(${services.searchVector}, ''::tsvector)` : sql`${services.searchVector}`;
    return db
      .select(pageColumns(shape.viewer ? value('viewerId') : null, near))
      .from(services)
      .where(
        and(
          isPublicListing,
          near ? nearCondition(near) : undefined,
          shape.unanswered ? unansweredRequest : undefined,
          // A signed-in reader never sees the listings of members they blocked (issue 18): a hashed subplan, read once.
          shape.viewer ? sql`${services.userId} not in ${blockedBySql(value('viewerId'))}` : undefined,
          shape.owner ? sql`${services.userId} = ${value('ownerId')}` : undefined,
          shape.category ? sql`${services.categoryId} = ${value('categoryId')}` : undefined,
          shape.type ? eq(services.listingType, sql`${value('listingType')}`) : undefined,
          // Every word in the title implies the whole match: one condition, which the planner estimates well
          // (two tsquery conditions multiply into a tiny estimate and a plan that reads every match).
          shape.search && !shape.title ? sql`${vector} @@ ${value('search')}::tsquery` : undefined,
          shape.title ? sql`${vector} @@ ${value('titleSearch')}::tsquery` : undefined,
          shape.rest ? sql`not (${services.searchVector} @@ ${value('titleSearch')}::tsquery)` : undefined,
          shape.after ? sql`(${services.createdAt}, ${services.id}) < (${value('afterCreatedAt')}::timestamptz, ${value('afterId')}::integer)` : undefined,
        ),
      )
      .orderBy(desc(services.createdAt), desc(services.id))
      .limit(typeof limit === 'number' ? limitText(limit) : limit);
  }

  const browseStatements = new Map<string, ReturnType<ReturnType<typeof browseQuery>['prepare']>>();
  /** A named statement (the ordinary page size in its text) or an unnamed one (any page size, planned each time). */
  function prepareBrowse(shape: BrowseShape, named: boolean, walk: boolean) {
    const key = [named ? (walk ? 'walk' : '') : 'unnamed', ...Object.entries(shape).flatMap(([name, on]) => (on ? [name] : []))].filter(Boolean).join('_') || 'all';
    let statement = browseStatements.get(key);
    if (!statement) {
      statement = browseQuery(shape, sql.placeholder, named ? ORDINARY_LIMIT : sql.placeholder('limit'), walk).prepare(named ? `browse_${key}` : '');
      browseStatements.set(key, statement);
    }
    return statement;
  }

  /**
   * Whether PostgreSQL, planning this search with its words, walks the newest listings rather than reading the text
   * index. Asked once per search and filter (EXPLAIN plans without running), remembered for ten minutes: how common a
   * word is changes slowly. A long-lived wrong answer costs speed, never a wrong page: both plans find the same rows.
   */
  const walkDecisions = new LRUCache<string, boolean>({ max: 2_000, ttl: 10 * 60_000 });
  async function walksNewest(shape: BrowseShape, values: BrowseValues): Promise<boolean> {
    if (options.searchPlan) return options.searchPlan === 'walk';
    const key = JSON.stringify([shape.category && values.categoryId, shape.type && values.listingType, shape.title, shape.rest, values.search, values.titleSearch]);
    const known = walkDecisions.get(key);
    if (known !== undefined) return known;
    const asked = browseQuery({ ...shape, viewer: false, after: false }, (name) => values[name] ?? null, ORDINARY_LIMIT, false);
    const plan = await db.execute(sql`explain (format json) ${asked}`);
    const walks = !JSON.stringify(rowsOf(plan)).includes(SEARCH_INDEX);
    walkDecisions.set(key, walks);
    return walks;
  }

  /**
   * Whether the box around a search's circle is crowded (issue 19): then the newest listings are walked for a
   * newest-first page instead of reading the box. The place index's estimate cannot tell a
   * crowded box from an empty one (GiST guesses a fixed share of rows for `<@`), so the box is counted, up to the
   * crowding point, with the search's category and type, and the answer kept for ten minutes.
   *
   * The crowding point is where both ways read about as many rows: reading the box reads its K rows; walking reads
   * about page × N / K rows of the N public listings, so they meet at K = √(page × N). N is the table's row count as
   * the planner's statistics keep it (`reltuples`, refreshed by ANALYZE and autovacuum), read once a minute, with the
   * category's and type's share taken as even.
   */
  const crowdedBoxes = new LRUCache<string, boolean>({ max: 5_000, ttl: 10 * 60_000 });
  let tableRows = { value: 0, readAt: -Infinity };
  async function estimatedListings(): Promise<number> {
    if (performance.now() - tableRows.readAt < 60_000) return tableRows.value;
    const rows = await db.execute<{ n: number }>(sql`select greatest(reltuples, 0)::float8 as n from pg_class where oid = 'services'::regclass`);
    tableRows = { value: Number(rowsOf<{ n: number }>(rows)[0]?.n ?? 0), readAt: performance.now() };
    return tableRows.value;
  }
  async function isCrowded(filter: BrowseFilter & { near: NearFilter }): Promise<boolean> {
    const { near } = filter;
    if (options.placePlan) return options.placePlan === 'crowded';
    if (!near.box) return false;
    const key = JSON.stringify([near.latitude, near.longitude, near.radius, filter.categoryId, filter.listingType]);
    const known = crowdedBoxes.get(key);
    if (known !== undefined) return known;
    const share = (filter.categoryId !== undefined ? 1 / CATALOGUE.length : 1) * (filter.listingType ? 1 / 2 : 1);
    const point = Math.max(BROWSE_PAGE_SIZE * 4, Math.ceil(Math.sqrt(ORDINARY_LIMIT * (await estimatedListings()) * share)));
    const rows = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from (
        select 1 from ${services}
        where ${and(isPublicListing, withinBox(near), filter.categoryId !== undefined ? eq(services.categoryId, filter.categoryId) : undefined, filter.listingType ? eq(services.listingType, filter.listingType) : undefined)}
        limit ${point}) crowd`);
    const counted = Number(rowsOf<{ n: number }>(rows)[0]?.n ?? 0);
    crowdedBoxes.set(key, counted >= point);
    return counted >= point;
  }

  /** Which filters a nearest-first page has: each one a condition, its value a parameter. */
  type NearestShape = { viewer: boolean; category: boolean; type: boolean; unanswered: boolean; search: boolean; after: boolean };
  type NearestArgs = { filter: BrowseFilter & { near: NearFilter }; viewerId: string | null; limit: number; after?: { miles: number; id: number } };
  function nearestShape({ filter, viewerId, after }: NearestArgs): { shape: NearestShape; values: Record<string, unknown> } {
    return {
      shape: { viewer: viewerId !== null, category: filter.categoryId !== undefined, type: !!filter.listingType, unanswered: !!filter.unanswered, search: !!filter.search, after: !!after },
      values: { viewerId, categoryId: filter.categoryId, listingType: filter.listingType, search: filter.search, afterMiles: after?.miles, afterId: after?.id },
    };
  }

  /** What a nearest-first page keeps: public, within the place's condition, every filter, past the cursor. */
  function nearestConditions(shape: NearestShape, value: (name: string) => unknown, near: NearSql, within: SQL) {
    return and(
      isPublicListing,
      within,
      shape.viewer ? sql`${services.userId} not in ${blockedBySql(value('viewerId'))}` : undefined,
      shape.category ? sql`${services.categoryId} = ${value('categoryId')}` : undefined,
      shape.type ? eq(services.listingType, sql`${value('listingType')}`) : undefined,
      shape.unanswered ? unansweredRequest : undefined,
      shape.search ? sql`${services.searchVector} @@ ${value('search')}::tsquery` : undefined,
      shape.after ? sql`(${milesFrom(near)}, ${services.id}) > (${value('afterMiles')}::float8, ${value('afterId')}::integer)` : undefined,
    );
  }

  /**
   * A nearest-first page: the listings within `circle` (its radius and box) past the cursor, by their exact miles from
   * `near`'s point. `from` is the database, or the database with the statement's CTEs.
   */
  function nearestPage(from: Pick<Db, 'select'>, shape: NearestShape, value: (name: string) => unknown, near: NearSql, circle: NearSql, limit: number) {
    return from
      .select(pageColumns(shape.viewer ? value('viewerId') : null, near))
      .from(services)
      .where(nearestConditions(shape, value, near, nearCondition(circle)))
      .orderBy(milesFrom(near), services.id)
      .limit(limitText(limit));
  }

  /** The listings within `filter.near`'s radius past the cursor, nearest first, read through the box of the radius. */
  function nearestWithin(args: NearestArgs): Promise<PageRow[]> {
    const { shape, values } = nearestShape(args);
    return aroundPoint('within', shape, args.filter.near, args.limit, values, (value, near, limit) => nearestPage(db, shape, value, near, near, limit));
  }

  /**
   * Nearest first in one statement, bounded by the plane (issue 19, decision 050): first the `limit` listings nearest
   * the centre on the flat latitude-longitude plane, as the GiST place index hands them out in order (`<->`, reading
   * about as many rows as it returns) — not the great-circle order, since a degree of longitude is shorter than one of
   * latitude, but the circle of the farthest one's miles holds at least a page of listings, so the page nearest by
   * great circle lies within it. Then that circle (a hair wider, so that no rounding leaves that listing out; the
   * whole radius when the plane found fewer, or farther) through its box: a few more rows than a page, where the
   * whole radius may hold thousands.
   */
  function nearestBounded(args: NearestArgs): Promise<PageRow[]> {
    const { shape, values } = nearestShape(args);
    return aroundPoint('bounded', shape, args.filter.near, args.limit, values, (value, near, limit) => {
      const plane = db.$with('plane').as(
        db
          .select({ miles: sql<number>`${milesFrom(near)}`.as('plane_miles') })
          .from(services)
          // No box: with one, the planner (which guesses a box holds a few rows) reads the whole box and sorts it.
          .where(nearestConditions(shape, value, near, withinBox({ box: null })))
          .orderBy(sql`${placePoint} <-> point(${near.longitude}::float8, ${near.latitude}::float8)`)
          .limit(limitText(limit)),
      );
      const radius = sql`${near.radius}::float8`;
      const bound = db.$with('bound').as(
        db.select({ miles: sql<number>`case when count(*) = ${sql.raw(String(limit))} then least(max(${plane.miles}) + 1e-9, ${radius}) else ${radius} end`.as('bound_miles') }).from(plane),
      );
      const circle: NearSql = {
        ...near,
        radius: sql`(select ${bound.miles} from ${bound})`,
        box: sql`(select ${boxAroundSql(near.latitude, near.longitude, sql`${bound.miles}`)} from ${bound})`,
      };
      return nearestPage(db.with(plane, bound), shape, value, near, circle, limit);
    });
  }

  const categoryIds = new Map<string, number>();

  /**
   * Each term's stems and the listing words it most likely means, in one query over the trigram index.
   * Remembered for a minute per term (a minute-old answer misses at most a brand-new word, or names a pruned one
   * that matches nothing): a popular search costs one round trip instead of two.
   */
  type Meaning = { term: string; stems: string[] | null; similar: string[] };
  const knownMeanings = new LRUCache<string, Meaning>({ max: 10_000, ttl: 60_000 });
  async function meanings(terms: string[]): Promise<Meaning[]> {
    const unknown = terms.filter((t) => !knownMeanings.has(t));
    if (unknown.length > 0) {
      const rows = await db.execute<Meaning>(sql`
        select q.term,
          (select array_agg(l) from unnest(tsvector_to_array(to_tsvector('english', q.term))) l) as stems,
          array(select ${searchWords.word} from ${searchWords} where ${searchWords.word} % q.term
                order by similarity(${searchWords.word}, q.term) desc, ${searchWords.word} limit 4) as similar
        from unnest(${`{${unknown.join(',')}}`}::text[]) q(term)`);
      for (const row of rowsOf<Meaning>(rows)) knownMeanings.set(row.term, row);
    }
    return terms.map((t) => knownMeanings.get(t)).filter((m): m is Meaning => m !== undefined);
  }

  return {
    /**
     * The tsquery for a search: every word must match (as typed, as a prefix, by its English stem, or by a
     * listing word it is probably a typo of). Null when no word can match anything (only stop words).
     */
    async searchQuery(search: string): Promise<SearchQuery | null> {
      const terms = searchTerms(search);
      if (terms.length === 0) return null;
      const words = (await meanings(terms)).flatMap(({ term, stems, similar }) =>
        // A stop word ("the", "and") has no stem: it constrains nothing.
        stems?.length ? [[...new Set([quoteLexeme(term), ...stems.map(quoteLexeme), ...similar.map(quoteLexeme)])]] : [],
      );
      if (words.length === 0) return null;
      // The word as typed also matches as a prefix ("garden" finds "gardening"): it is listed first.
      const query = (weight: string) => words.map(([typed, ...others]) => `(${[`${typed}:*${weight}`, ...others.map((l) => (weight ? `${l}:${weight}` : l))].join(' | ')})`).join(' & ');
      return { all: query(''), title: query('A') };
    },

    /**
     * Deletes the dictionary words no listing contains any more (edited away, or the listing removed for good).
     * With the triggers' 2 to 40 characters per word, the dictionary is then bounded by the words of the listings
     * that exist plus those written since the last sweep. One set-based pass over the search vectors; answers how
     * many words went. A word dropped while a listing that uses it is being saved comes back at that listing's next
     * edit: the dictionary only suggests typo meanings, it never decides whether a listing matches.
     */
    async pruneSearchWords(): Promise<number> {
      const result = await db.execute<{ pruned: number }>(sql`
        with unused as (
          select ${searchWords.word} as word from ${searchWords}
          except
          select unnest(tsvector_to_array(${services.searchVector})) from ${services}
        ), gone as (
          delete from ${searchWords} where ${searchWords.word} in (select word from unused) returning 1
        )
        select count(*)::int as pruned from gone`);
      return rowsOf<{ pruned: number }>(result)[0]?.pruned ?? 0;
    },

    async findListing(id: number, viewerId: string | null, tx: Db = db) {
      if (tx !== db) return (await selectListings(viewerId, tx).where(eq(services.id, id)).limit(1))[0];
      const [row] = await (viewerId === null ? listingStatements.anonymous : listingStatements.viewer).execute({ id, viewerId });
      return row;
    },

    /** Listings by id, in no particular order, whatever their state (a page has just found them public). */
    async findListings(ids: number[]) {
      return listingsByIds.execute({ ids });
    },

    /** What the access policy needs of a listing, its title and its category (access.ts). */
    /** With `blockerId`, also whether that person blocked the listing's owner. */
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
          ownerBlocked: blockerId ? sql<boolean>`${services.userId} in ${blockedBySql(blockerId)}` : sql<boolean>`false`,
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

    /** Newest first, keyset-paginated on (createdAt, id): which listings, not what they say (see findListings). */
    async browseNewest(filter: BrowseFilter, viewerId: string | null, limit: number, after?: { createdAt: string; id: number }): Promise<PageRow[]> {
      const shape: BrowseShape = {
        viewer: viewerId !== null,
        owner: filter.ownerId !== undefined,
        category: filter.categoryId !== undefined,
        type: !!filter.listingType,
        search: !!filter.search,
        title: filter.phase?.part === 'title',
        rest: filter.phase?.part === 'rest',
        after: !!after,
        unanswered: !!filter.unanswered,
      };
      const values: BrowseValues = {
        viewerId,
        ownerId: filter.ownerId,
        categoryId: filter.categoryId,
        listingType: filter.listingType,
        search: filter.search,
        titleSearch: filter.phase?.titleSearch,
        afterCreatedAt: after?.createdAt,
        afterId: after?.id,
        limit,
      };
      if (filter.near && !filter.search) {
        // Around a point: a crowded box is walked along the newest listings, each kept when within the radius (no
        // box, so no plan reads the place index; a page fills within a few hundred rows); any other is read.
        const crowded = filter.near.mode === 'local' && (await isCrowded({ ...filter, near: filter.near }));
        const near = crowded ? { ...filter.near, box: null } : filter.near;
        return aroundPoint('newest', shape, near, limit, values, (value, place, size) => browseQuery(shape, value as (name: keyof BrowseValues) => unknown, size, false, place));
      }
      // With words around a point, or only unanswered requests: planned with its values each time, as a rare search is.
      if (filter.near || filter.unanswered) return browseQuery(shape, (name) => values[name] ?? null, limit, false, filter.near);
      if (!shape.search) return prepareBrowse(shape, limit === ORDINARY_LIMIT, false).execute(values);
      // A search's second part (listings with the words elsewhere than the title) may ask for fewer rows: a walk
      // reads a whole page and hands back what was asked, so it keeps its one statement.
      if (limit <= ORDINARY_LIMIT && (await walksNewest(shape, values))) return (await prepareBrowse(shape, true, true).execute(values)).slice(0, limit);
      return prepareBrowse(shape, false, false).execute(values);
    },

    /**
     * Nearest first (issue 19), keyset-paginated on (miles, id): the listings within the radius of `filter.near`, read
     * through the place index's box and ordered by their exact distance. Virtual listings are the caller's to add.
     */
    async browseNearest(filter: BrowseFilter & { near: NearFilter }, viewerId: string | null, limit: number, after?: { miles: number; id: number }): Promise<PageRow[]> {
      const near = { ...filter.near, mode: 'local' as const };
      // Bounded by the plane's order, or read through the box of the whole radius (a sparse place, a search with words).
      if (near.box && !filter.search && (options.placePlan ?? 'plane') !== 'sparse') return nearestBounded({ filter: { ...filter, near }, viewerId, limit, after });
      return nearestWithin({ filter: { ...filter, near }, viewerId, limit, after });
    },

    /**
     * Miles from a point to one listing's ZIP centre (issue 19: its page's distance, decision 052), by the same formula
     * browse measures with; null for a virtual listing or one without a place, undefined when there is no listing.
     */
    async milesTo(id: number, near: Pick<NearFilter, 'latitude' | 'longitude'>): Promise<number | null | undefined> {
      const [row] = await db
        .select({ miles: sql<number | null>`case when ${services.isVirtual} or ${services.latitude} is null or ${services.longitude} is null then null else ${milesFrom(near)} end` })
        .from(services)
        .where(eq(services.id, id))
        .limit(1);
      return row?.miles;
    },

    /**
     * The listing page's related listings, newest first, each list as a page's rows (its cards come from the same
     * memory as browse's): the owner's other public listings, and public listings by other people in the category.
     * Each is one bounded query over an index (`services_user_idx`, `services_public_category_newest_idx`).
     */
    async relatedRows(listing: { id: number; userId: string; categoryId: number }, viewerId: string | null, limit: number): Promise<{ moreFromOwner: PageRow[]; similar: PageRow[] }> {
      const unblocked = viewerId ? sql`${services.userId} not in ${blockedBySql(viewerId)}` : undefined;
      const newest = (where: SQL) =>
        db.select(pageColumns(viewerId)).from(services).where(and(isPublicListing, ne(services.id, listing.id), unblocked, where)).orderBy(desc(services.createdAt), desc(services.id)).limit(limit);
      const [moreFromOwner, similar] = await Promise.all([
        newest(eq(services.userId, listing.userId)),
        // Not the owner's: their listings have their own list, so none shows twice.
        newest(and(eq(services.categoryId, listing.categoryId), ne(services.userId, listing.userId))!),
      ]);
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

export type ListingsRepository = ReturnType<typeof createListingsRepository>;
