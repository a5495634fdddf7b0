import { and, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { images } from '../../db/schema.js';

export type NewImageRow = typeof images.$inferInsert;
export type ImageVariant = 'full' | 'card';

/**
 * Only listing photos can be named in a listing, or swept as abandoned uploads: a profile picture never is.
 * A literal rather than a parameter, so the planner matches the partial index images_unattached_idx.
 */
const isListingPhoto = sql`${images.kind} = 'listing'`;

/** Queries on the images table; `db` may be a transaction. */
/**
 * A listing's image ids in position order, as one column of a query on `services`: a page of listings and
 * their pictures come back in a single round trip. Both sides are written out in full, because Drizzle leaves
 * columns unqualified in a single-table select, where a bare "id" would mean the image's own id.
 */
export const imageIdsOfListing = sql<string[]>`array(select i.id from ${images} i where i.service_id = "services"."id" order by i.position)`;

export function createImageRepository(db: Db) {
  return {
    async insert(row: NewImageRow): Promise<void> {
      await db.insert(images).values(row);
    },

    async ownedIds(userId: string, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: images.id })
        .from(images)
        .where(and(eq(images.userId, userId), inArray(images.id, ids), isListingPhoto));
      return new Set(rows.map((r) => r.id));
    },

    /** Gives each id its position in `ids` under `serviceId`; answers the ids it could claim. */
    async claim(userId: string, serviceId: number, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      // The positions are our own loop indexes, so inlining them is safe and keeps the CASE an integer.
      const position = sql`case ${images.id} ${sql.join(
        ids.map((id, i) => sql`when ${id} then ${sql.raw(String(i))}`),
        sql` `,
      )} end`;
      const rows = await db
        .update(images)
        .set({ serviceId, position })
        .where(
          and(inArray(images.id, ids), eq(images.userId, userId), isListingPhoto, or(isNull(images.serviceId), eq(images.serviceId, serviceId))),
        )
        .returning({ id: images.id });
      return new Set(rows.map((r) => r.id));
    },

    async deleteOfServiceExcept(serviceId: number, keep: string[]): Promise<void> {
      const others = keep.length > 0 ? notInArray(images.id, keep) : undefined;
      await db.delete(images).where(and(eq(images.serviceId, serviceId), others));
    },

    /** The person's profile pictures, deleted for good. */
    async deleteAvatarsOf(userId: string): Promise<void> {
      await db.delete(images).where(and(eq(images.userId, userId), sql`${images.kind} = 'avatar'`));
    },

    /** Every image the person owns: profile pictures, listing photos and uploads no listing claimed yet. */
    async deleteAllOf(userId: string): Promise<void> {
      await db.delete(images).where(eq(images.userId, userId));
    },

    async variant(id: string, variant: ImageVariant): Promise<Buffer | undefined> {
      const column = variant === 'full' ? images.full : images.card;
      const [row] = await db.select({ bytes: column }).from(images).where(eq(images.id, id)).limit(1);
      return row?.bytes;
    },

    /** Abandoned listing uploads, over the partial index images_unattached_idx (avatars are never swept). */
    async deleteUnattachedBefore(before: Date): Promise<number> {
      const rows = await db
        .delete(images)
        .where(and(isNull(images.serviceId), isListingPhoto, lt(images.createdAt, before)))
        .returning({ id: images.id });
      return rows.length;
    },
  };
}
