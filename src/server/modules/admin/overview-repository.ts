import { sql } from 'drizzle-orm';
import { OVERVIEW_WEEKS, UNANSWERED_REQUEST_DAYS, UNANSWERED_REQUESTS_SHOWN } from '#shared/admin.js';
import { type Db, rowsOf } from '../../db/client.js';
import { services } from '../../db/schema.js';
import { isPublicListing } from '../listings/index.js';
import { DEMO_EMAIL_DOMAIN, notDemoAddress } from '../../demo/addresses.js';

export interface WeekCounts {
  weekStart: string;
  members: number;
  listings: number;
  messages: number;
  completedJobs: number;
}

export interface UnansweredRequests {
  total: number;
  oldest: Array<{ id: number; title: string; createdAt: Date }>;
}

/** `count(*)` is a bigint: node-postgres hands it over as a string, PGlite as a number. */
const n = (value: string | number | null | undefined) => Number(value ?? 0);

/**
 * The Overview's queries (decision 029). Every week of the range is there (generate_series), counted or not.
 */
export function createOverviewRepository(db: Db) {
  // The demo neighbours are not activity: their accounts and their listings are left out.
  const demoAddress = `%@${DEMO_EMAIL_DOMAIN}`;

  return {
    /** OVERVIEW_WEEKS weeks, oldest first, Monday to Monday in UTC; the last is the current week, up to now. */
    async weeks(): Promise<WeekCounts[]> {
      // Twelve counts per table, each a range over its created_at index (an index-only count once vacuumed); the
      // integer series lets the planner see twelve rows, so PostgreSQL's JIT never starts for so small a query.
      const result = await db.execute(sql`
        with weeks as (
          select (first_monday + make_interval(weeks => i)) at time zone 'UTC' as start,
                 (first_monday + make_interval(weeks => i + 1)) at time zone 'UTC' as stop
          from (select date_trunc('week', now() at time zone 'UTC') - make_interval(weeks => ${OVERVIEW_WEEKS - 1}) as first_monday) as first_week,
               generate_series(0, ${OVERVIEW_WEEKS - 1}) as i
        ),
        demo as materialized (select id from users where lower(email) like ${demoAddress})
        select to_char(w.start at time zone 'UTC', 'YYYY-MM-DD') as week_start,
               (select count(*) from users u
                 where u.created_at >= w.start and u.created_at < w.stop and ${notDemoAddress(sql`u.email`)}) as members,
               (select count(*) from services s where s.created_at >= w.start and s.created_at < w.stop)
                 - (select count(*) from demo d join services s on s.user_id = d.id where s.created_at >= w.start and s.created_at < w.stop) as listings,
               (select count(*) from messages m where m.created_at >= w.start and m.created_at < w.stop) as messages,
               (select count(*) from service_completions c where c.created_at >= w.start and c.created_at < w.stop) as completed_jobs
        from weeks w
        order by w.start`);
      type Row = { week_start: string; members: string | number; listings: string | number; messages: string | number; completed_jobs: string | number };
      return rowsOf<Row>(result).map((row) => ({
        weekStart: row.week_start,
        members: n(row.members),
        listings: n(row.listings),
        messages: n(row.messages),
        completedJobs: n(row.completed_jobs),
      }));
    },

    /**
     * Requests the public can see (the listings module's `isPublicListing`: not deleted, paused or expired, the
     * author not banned; and no demo neighbour's), posted more than UNANSWERED_REQUEST_DAYS days ago, that no
     * conversation is about: how many, and the oldest few. Both read services_open_requests_idx, then the row of each
     * entry for the rest of the public test (the expiry and the owner's ban, which the index's condition predates).
     */
    async unansweredRequests(): Promise<UnansweredRequests> {
      const unanswered = sql`
        from ${services}
        join users u on u.id = ${services.userId}
        where ${services.listingType} = 'request' and ${isPublicListing}
          and ${services.createdAt} < now() - make_interval(days => ${UNANSWERED_REQUEST_DAYS})
          and ${notDemoAddress(sql`u.email`)}
          and not exists (select 1 from conversations c where c.service_id = ${services.id})`;
      const [counted, oldest] = await Promise.all([
        db.execute(sql`select count(*) as total ${unanswered}`),
        db.execute(sql`select ${services.id}, ${services.title}, ${services.createdAt} ${unanswered} order by ${services.createdAt}, ${services.id} limit ${UNANSWERED_REQUESTS_SHOWN}`),
      ]);
      type Row = { id: number; title: string; created_at: string | Date };
      return {
        total: n(rowsOf<{ total: string | number }>(counted)[0]?.total),
        oldest: rowsOf<Row>(oldest).map((row) => ({ id: Number(row.id), title: row.title, createdAt: new Date(row.created_at) })),
      };
    },
  };
}

export type OverviewRepository = ReturnType<typeof createOverviewRepository>;
