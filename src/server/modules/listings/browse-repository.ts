import { LRUCache } from 'lru-cache';
import { and, desc, eq, sql, type Placeholder } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.js';
import { searchWords, services } from '../../db/schema.js';
import { BROWSE_PAGE_SIZE } from '#shared/services.js';
import { CATALOGUE } from '#shared/catalogue.js';
import { isPublicListing } from './access.js';
import { nearCondition, withinBox, type NearFilter, type NearSql } from './near.js';
import type { AroundPoint } from './near-repository.js';
import { type BrowseFilter, limitText, ORDINARY_LIMIT, type PageRow, pageColumns, readerFilters, unansweredRequest } from './page-rows.js';

/** What searchQuery() makes of a search: the whole match, and the same words required in the title. */
export interface SearchQuery {
  all: string;
  title: string;
}

/** The text index of the search vectors: a plan that names it reads the matches from it. */
const SEARCH_INDEX = 'services_search_idx';

/** Up to 8 words of letters and digits, lower-cased; anything else in a search is a separator. */
export function searchTerms(search: string): string[] {
  return [...new Set(search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].filter((w) => w.length <= 40).slice(0, 8);
}

const quoteLexeme = (word: string) => `'${word.replace(/['\\]/g, '')}'`;

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
type BrowseValues = { viewerId: string | null; ownerId?: string; categoryId?: number; listingType?: string; search?: string; titleSearch?: string; afterCreatedAt?: string; afterId?: number; limit: number };

/**
 * `searchPlan` settles how searches run instead of asking PostgreSQL each time (`walksNewest`), and `placePlan` how a
 * search around a point does (`crowded`: walk the newest listings; `sparse`: read the box); `aroundPoint` runs the
 * searches around a point (near-repository.ts).
 */
export function createBrowseRepository(db: Db, options: { searchPlan?: 'walk' | 'index'; placePlan?: 'crowded' | 'sparse' }, aroundPoint: AroundPoint) {
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
          ...readerFilters(shape, value),
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
   * Whether the box around a search's circle is crowded (decision 050): then the newest listings are walked for a
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
  };
}
