import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { services } from '../../db/schema.js';
import { isPublicListing } from './access.js';
import { boxAroundSql, milesFrom, nearCondition, nearPlaceholders, nearValues, placePoint, withinBox, type NearFilter, type NearSql } from './near.js';
import { type BrowseFilter, limitText, ORDINARY_LIMIT, type PageRow, pageColumns, readerFilters, unansweredRequest } from './page-rows.js';

/**
 * The searches around a point (decision 050): the statements `near.ts`'s conditions go into, prepared by shape, and
 * the nearest-first pages.
 */

/**
 * A search around a point, built once per shape of filter with placeholders for its place, radius, box, filters and
 * cursor, and prepared by name on each connection, as browse's are: no query building and, once PostgreSQL keeps its
 * plan, no planning per request (planning these statements cost more than running them). Which plan is right is
 * settled before (`isCrowded`, the plane's order), so one plan serves each shape. Only the ordinary page size is
 * named, as for browse; any other page, and a search with words, is built with its values and run unnamed, planned
 * with them.
 */
type AroundQuery<T> = { prepare(name: string): { execute(values?: Record<string, unknown>): Promise<T> } };
type AroundBuild<T> = (value: (name: string) => unknown, near: NearSql, limit: number) => AroundQuery<T>;

/** The statements of one repository, each under its readable name (`near_bounded_vc_local_box`). */
export function createAroundPoint() {
  const aroundStatements = new Map<string, { execute(values?: Record<string, unknown>): Promise<unknown> }>();
  return function aroundPoint<T>(kind: string, shape: Record<string, boolean | undefined>, near: NearFilter, limit: number, values: Record<string, unknown>, build: AroundBuild<T>): Promise<T> {
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
  };
}
export type AroundPoint = ReturnType<typeof createAroundPoint>;

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
    ...readerFilters(shape, value),
    shape.unanswered ? unansweredRequest : undefined,
    shape.search ? sql`${services.searchVector} @@ ${value('search')}::tsquery` : undefined,
    shape.after ? sql`(${milesFrom(near)}, ${services.id}) > (${value('afterMiles')}::float8, ${value('afterId')}::integer)` : undefined,
  );
}

/**
 * `placePlan` settles how nearest first runs instead of the plane's order (`sparse`: read the box of the whole
 * radius); `aroundPoint` is the repository's one set of prepared statements around a point.
 */
export function createNearRepository(db: Db, options: { placePlan?: 'crowded' | 'sparse' }, aroundPoint: AroundPoint) {
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
   * Nearest first in one statement, bounded by the plane (decision 050): first the `limit` listings nearest the
   * centre on the flat latitude-longitude plane, as the GiST place index hands them out in order (`<->`, reading
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

  return {
    /**
     * Nearest first (decision 050), keyset-paginated on (miles, id): the listings within the radius of `filter.near`,
     * read through the place index's box and ordered by their exact distance. Virtual listings are the caller's to add.
     */
    async browseNearest(filter: BrowseFilter & { near: NearFilter }, viewerId: string | null, limit: number, after?: { miles: number; id: number }): Promise<PageRow[]> {
      const near = { ...filter.near, mode: 'local' as const };
      // Bounded by the plane's order, or read through the box of the whole radius (a sparse place, a search with words).
      if (near.box && !filter.search && (options.placePlan ?? 'plane') !== 'sparse') return nearestBounded({ filter: { ...filter, near }, viewerId, limit, after });
      return nearestWithin({ filter: { ...filter, near }, viewerId, limit, after });
    },

    /**
     * Miles from a point to one listing's ZIP centre (its page's distance, decision 052), by the same formula browse
     * measures with; null for a virtual listing or one without a place, undefined when there is no listing.
     */
    async milesTo(id: number, near: Pick<NearFilter, 'latitude' | 'longitude'>): Promise<number | null | undefined> {
      const [row] = await db
        .select({ miles: sql<number | null>`case when ${services.isVirtual} or ${services.latitude} is null or ${services.longitude} is null then null else ${milesFrom(near)} end` })
        .from(services)
        .where(eq(services.id, id))
        .limit(1);
      return row?.miles;
    },
  };
}
