import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { pendingSignIns, sessions, users } from '#server/db/schema.js';

export type UserRow = typeof users.$inferSelect;

/** The unique indexes a write of `users` may run into: each caller turns them into its own answer. */
export const USER_EMAIL_KEY = 'users_email_lower_key';
export const USERNAME_KEY = 'users_username_lower_key';

/** The people (`users`) and their sessions: how every part of the accounts module finds and writes a person. */
export function createAuthRepository(db: Db) {
  /** Read on every signed-in request: built once, prepared by name on each connection (no planning per request). */
  const prepareSessionById = () =>
    db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, sql.placeholder('id')),
          gt(sessions.expiresAt, sql`now()`),
          gt(sessions.createdAt, sql`now() - ${sql.placeholder('lifetimeMs')}::double precision * interval '1 millisecond'`),
        ),
      )
      .limit(1)
      .prepare('session_by_id');
  let sessionById: ReturnType<typeof prepareSessionById> | undefined;

  return {
    async findUserByEmail(email: string, tx: Db = db): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
      return row;
    },

    /** `tx`: inside the caller's transaction (on PGlite, its one connection is the transaction's until it ends). */
    async findUserById(id: string, tx: Db = db): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    /** Every account, deleted ones included (they keep their row). */
    async countUsers(): Promise<number> {
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
      return row?.count ?? 0;
    },

    async usernameExists(username: string): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${username.toLowerCase()}`).limit(1);
      return row !== undefined;
    },

    async insertUser(values: typeof users.$inferInsert): Promise<UserRow> {
      const [row] = await db.insert(users).values(values).returning();
      return row!;
    },

    async updateUser(id: string, values: Partial<typeof users.$inferInsert>): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    /**
     * Bans or lets back a live account inside the caller's transaction (the administrator's, with its audit
     * entry); the account after the change, or undefined when it already was in that state (or is gone).
     */
    async setBanned(tx: Db, id: string, banned: boolean): Promise<UserRow | undefined> {
      const [row] = await tx
        .update(users)
        .set({ isBanned: banned, updatedAt: new Date() })
        .where(and(eq(users.id, id), isNull(users.deletedAt), eq(users.isBanned, !banned)))
        .returning();
      return row;
    },

    async deleteUser(id: string): Promise<void> {
      await db.delete(users).where(eq(users.id, id));
    },

    async insertSession(values: typeof sessions.$inferInsert): Promise<void> {
      await db.insert(sessions).values(values);
    },

    /** The live session with its user, or nothing when unknown, idle too long or older than `lifetimeMs`. */
    async findSession(id: string, lifetimeMs: number): Promise<{ session: typeof sessions.$inferSelect; user: UserRow } | undefined> {
      sessionById ??= prepareSessionById();
      const [row] = await sessionById.execute({ id, lifetimeMs: Math.round(lifetimeMs) });
      return row;
    },

    /**
     * What the session with this stored id has proved and when (decision 061): its start, the member's last proof
     * again (password or passkey) and the end of an administrator's enrolment grant; nothing when there is no such session.
     */
    async sessionProofs(id: string): Promise<{ createdAt: Date; reauthenticatedAt: Date | null; enrolmentUntil: Date | null } | undefined> {
      const [row] = await db
        .select({ createdAt: sessions.createdAt, reauthenticatedAt: sessions.reauthenticatedAt, enrolmentUntil: sessions.enrolmentUntil })
        .from(sessions)
        .where(eq(sessions.id, id))
        .limit(1);
      return row;
    },

    async markReauthenticated(id: string, at: Date): Promise<void> {
      await db.update(sessions).set({ reauthenticatedAt: at }).where(eq(sessions.id, id));
    },

    async grantEnrolment(id: string, until: Date): Promise<void> {
      await db.update(sessions).set({ enrolmentUntil: until }).where(eq(sessions.id, id));
    },

    async touchSession(id: string, lastSeenAt: Date, expiresAt: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt, expiresAt }).where(eq(sessions.id, id));
    },

    /** Ends one session; answers whose it was (nothing when it was already gone). */
    async deleteSession(id: string): Promise<string | undefined> {
      const [row] = await db.delete(sessions).where(eq(sessions.id, id)).returning({ userId: sessions.userId });
      return row?.userId;
    },

    /**
     * Ends the person's sessions, all of them or all but `keepId`, and every sign-in of theirs still waiting for its
     * second step; answers how many sessions ended.
     */
    async deleteSessionsOfUser(userId: string, keepId?: string): Promise<number> {
      await db.delete(pendingSignIns).where(eq(pendingSignIns.userId, userId));
      const rows = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), keepId === undefined ? undefined : ne(sessions.id, keepId)))
        .returning({ id: sessions.id });
      return rows.length;
    },

    /** The person's live sessions, newest first, at most `limit` ('Where you are signed in', decision 054). */
    async listSessions(userId: string, lifetimeMs: number, limit: number): Promise<(typeof sessions.$inferSelect)[]> {
      return db
        .select()
        .from(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            gt(sessions.expiresAt, sql`now()`),
            gt(sessions.createdAt, sql`now() - ${Math.round(lifetimeMs)}::double precision * interval '1 millisecond'`),
          ),
        )
        .orderBy(desc(sessions.createdAt), desc(sessions.publicId))
        .limit(limit);
    },

    /** Ends the person's session with this public id; answers its stored id, or nothing (someone else's, or ended). */
    async deleteSessionByPublicId(userId: string, publicId: string): Promise<string | undefined> {
      const [row] = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)))
        .returning({ id: sessions.id });
      return row?.id;
    },

    async deleteExpiredSessions(): Promise<number> {
      await db.delete(pendingSignIns).where(sql`${pendingSignIns.expiresAt} <= now()`);
      const rows = await db.delete(sessions).where(sql`${sessions.expiresAt} <= now()`).returning({ id: sessions.id });
      return rows.length;
    },

    async insertPendingSignIn(values: typeof pendingSignIns.$inferInsert): Promise<void> {
      await db.insert(pendingSignIns).values(values);
    },

    /** The account a live pending sign-in is for, or nothing when unknown, used or past its time. */
    async findPendingSignIn(id: string): Promise<string | undefined> {
      const [row] = await db
        .select({ userId: pendingSignIns.userId })
        .from(pendingSignIns)
        .where(and(eq(pendingSignIns.id, id), gt(pendingSignIns.expiresAt, sql`now()`)))
        .limit(1);
      return row?.userId;
    },

    /** Uses up a live pending sign-in: the row, to the one caller whose delete removed it. */
    async takePendingSignIn(id: string): Promise<typeof pendingSignIns.$inferSelect | undefined> {
      const [row] = await db
        .delete(pendingSignIns)
        .where(and(eq(pendingSignIns.id, id), gt(pendingSignIns.expiresAt, sql`now()`)))
        .returning();
      return row;
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
