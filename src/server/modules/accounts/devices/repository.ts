import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { knownDevices, users } from '#server/db/schema.js';

/** The queries of known browsers (`known_devices`, decision 054); `db` is the caller's transaction. */
export function createDevicesRepository(db: Db) {
  return {
    /** Forgets the account's browsers last seen before `before`: they can no longer present their cookie. */
    async forgetUnseenSince(userId: string, before: Date): Promise<void> {
      await db.delete(knownDevices).where(and(eq(knownDevices.userId, userId), lt(knownDevices.lastSeenAt, before)));
    },

    /** Marks a browser the account knows as seen now; false when the account does not know it. */
    async touch(userId: string, deviceHash: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(knownDevices)
        .set({ lastSeenAt: at })
        .where(and(eq(knownDevices.userId, userId), eq(knownDevices.deviceHash, deviceHash)))
        .returning({ userId: knownDevices.userId });
      return rows.length > 0;
    },

    /** Records a browser for the account; false when a parallel sign-in from it recorded it first. */
    async record(userId: string, deviceHash: string, at: Date): Promise<boolean> {
      const rows = await db
        .insert(knownDevices)
        .values({ userId, deviceHash, createdAt: at, lastSeenAt: at })
        .onConflictDoNothing()
        .returning({ userId: knownDevices.userId });
      return rows.length > 0;
    },

    /** Where the new-device email would go: the account's address, whether it is proven, its name, and whether it was deleted. */
    async recipientOf(userId: string): Promise<{ email: string | null; verified: boolean; username: string | null; deletedAt: Date | null } | undefined> {
      const [row] = await db
        .select({ email: users.email, verified: users.emailVerified, username: users.username, deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },
  };
}
