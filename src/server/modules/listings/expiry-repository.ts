import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { services, users } from '../../db/schema.js';

/**
 * The expiry sweep's statements (decision 051). Each claims at most `limit` rows with `FOR UPDATE SKIP
 * LOCKED`, so processes sweeping together each take different rows, and each re-tests its conditions on the row it
 * locks: a row another process changed meanwhile is no longer chosen.
 */

/** Live listings with an expiry, as `services_expiry_idx` holds them (the same test, so the plan reads that index). */
const live = sql`${services.deletedAt} is null and not ${services.expired} and ${services.expiresAt} is not null`;

const ids = (rows: Array<{ id: number }>) => rows.map((row) => row.id);

export function createExpiryRepository(db: Db) {
  return {
    /**
     * Listings without an expiry while expiry is on (they were posted before it, or while it was off) get the later
     * of their last edit + `ttlDays` and `notice` from now, so that nobody's listing goes without its week's warning.
     * Kept to whole milliseconds, the precision a renewal link names it with.
     */
    async assignMissing(now: Date, ttlDays: number, notice: Date, limit: number): Promise<number[]> {
      const missing = db.select({ id: services.id }).from(services).where(isNull(services.expiresAt)).limit(limit).for('update', { skipLocked: true });
      return ids(
        await db
          .update(services)
          .set({
            expiresAt: sql`date_trunc('milliseconds', greatest(${services.updatedAt} + make_interval(days => ${ttlDays}::int), ${notice.toISOString()}::timestamptz))`,
            expiryRemindedAt: null,
          })
          .where(inArray(services.id, missing))
          .returning({ id: services.id }),
      );
    },

    /**
     * Public listings expiring in (`now`, `horizon`] whose owner has not been reminded for this expiry and may be
     * emailed (a verified address, not suspended), soonest first, locked for the caller's transaction. A paused
     * listing, or one whose owner is banned, is hidden anyway: nobody is told it is about to be hidden.
     */
    async claimReminders(tx: Db, now: Date, horizon: Date, limit: number) {
      return tx
        .select({ id: services.id, title: services.title, expiresAt: services.expiresAt, email: users.email })
        .from(services)
        .innerJoin(users, eq(users.id, services.userId))
        .where(
          and(
            live,
            gt(services.expiresAt, now),
            lte(services.expiresAt, horizon),
            isNull(services.expiryRemindedAt),
            eq(services.isActive, true),
            eq(services.ownerBanned, false),
            eq(users.emailVerified, true),
            isNotNull(users.email),
            eq(users.isBanned, false),
          ),
        )
        .orderBy(asc(services.expiresAt))
        .limit(limit)
        .for('update', { of: services, skipLocked: true });
    },

    async markReminded(tx: Db, serviceIds: number[], now: Date): Promise<void> {
      if (serviceIds.length > 0) await tx.update(services).set({ expiryRemindedAt: now }).where(inArray(services.id, serviceIds));
    },

    /** Live listings whose expiry has passed, soonest first: marked expired (hidden like a paused listing). */
    async expireDue(now: Date, limit: number): Promise<number[]> {
      const due = db
        .select({ id: services.id })
        .from(services)
        .where(and(live, lte(services.expiresAt, now)))
        .orderBy(asc(services.expiresAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      return ids(await db.update(services).set({ expired: true }).where(inArray(services.id, due)).returning({ id: services.id }));
    },

    /** Expiry turned off (LISTING_TTL_DAYS=0): listings lose their expiry, and the expired ones show again. */
    async clearAll(limit: number): Promise<number[]> {
      const withExpiry = db
        .select({ id: services.id })
        .from(services)
        .where(or(isNotNull(services.expiresAt), eq(services.expired, true)))
        .limit(limit)
        .for('update', { skipLocked: true });
      return ids(
        await db.update(services).set({ expiresAt: null, expired: false, expiryRemindedAt: null }).where(inArray(services.id, withExpiry)).returning({ id: services.id }),
      );
    },

    /** What a renewal needs to know of a listing. */
    async renewalFacts(id: number) {
      const [row] = await db
        .select({
          id: services.id,
          userId: services.userId,
          title: services.title,
          deletedAt: services.deletedAt,
          expiresAt: services.expiresAt,
          expired: services.expired,
          ownerBanned: services.ownerBanned,
        })
        .from(services)
        .where(eq(services.id, id))
        .limit(1);
      return row;
    },

    /**
     * Renews the listing if its expiry is still `expiresAt` (to the millisecond): the link's single use holds when two
     * clicks race. Answers whether it renewed.
     */
    async renewIfUnchanged(tx: Db, id: number, expiresAt: Date, values: { expiresAt: Date | null; expired: false; expiryRemindedAt: null }): Promise<boolean> {
      const next = new Date(expiresAt.getTime() + 1);
      const rows = await tx
        .update(services)
        .set(values)
        .where(and(eq(services.id, id), sql`${services.expiresAt} >= ${expiresAt.toISOString()}::timestamptz`, sql`${services.expiresAt} < ${next.toISOString()}::timestamptz`))
        .returning({ id: services.id });
      return rows.length > 0;
    },
  };
}

export type ExpiryRepository = ReturnType<typeof createExpiryRepository>;
