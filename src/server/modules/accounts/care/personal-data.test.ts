// engines: both — reads each engine's own catalogue of foreign keys (pg_constraint), and one deletion across every owner's tables
import { count, eq, isNull, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_EXPORT_FILES } from '#shared/data-export.js';
import { rowsOf } from '#server/db/client.js';
import { outbox, users } from '#server/db/schema.js';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '#test/helpers/app.js';
import { call } from '#test/helpers/admin.js';
import { memberWhoDidEverything } from '#test/helpers/full-member.js';
import { signUpAdministrator, type SignedUp } from '#test/helpers/factories.js';
import { columnName, DELETION_STEPS, deletionPlan, exportedFiles, PERSONAL_DATA, type PersonalColumn } from './personal-data.js';

const ORIGIN = 'http://market.test';
/** The registry's columns that name a member without a foreign key: the member's own row, and an email's address. */
const WITHOUT_FOREIGN_KEY = ['users.id', 'outbox.to_address'];

let t: TestApp;
let admin: SignedUp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: ORIGIN });
  admin = await signUpAdministrator(t.app, t.database.db, ADMIN_EMAIL);
});
afterAll(() => t?.close());

/** Every `table.column` of the database with a foreign key to `users`, as the engine's own catalogue has them. */
async function columnsReferringToUsers(): Promise<string[]> {
  const result = await t.database.db.execute(sql`
    select c.conrelid::regclass::text as "table", a.attname as "column"
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
    where c.contype = 'f' and c.confrelid = 'public.users'::regclass`);
  return rowsOf<{ table: string; column: string }>(result)
    .map((r) => `${r.table.replace(/^public\./, '')}.${r.column}`)
    .sort();
}

describe('the registry of personal data (decision 062)', () => {
  it('names every column of the database that refers to a member, and no column that does not', async () => {
    const inDatabase = await columnsReferringToUsers();
    // The walk itself works: the tables every feature has must be among them.
    expect(inDatabase).toEqual(expect.arrayContaining(['sessions.user_id', 'services.user_id', 'messages.sender_id', 'member_blocks.blocked_id']));
    const registered = PERSONAL_DATA.map(columnName);
    const missing = inDatabase.filter((column) => !registered.includes(column));
    expect(missing, 'add these columns to PERSONAL_DATA (src/server/modules/accounts/care/personal-data.ts): how each is exported and deleted').toEqual([]);
    expect(registered.filter((column) => !inDatabase.includes(column)).sort()).toEqual([...WITHOUT_FOREIGN_KEY].sort());
    expect(new Set(registered).size).toBe(registered.length);
  });

  it('sends something to every file of the archive, and runs every deletion step', () => {
    expect([...exportedFiles()].sort()).toEqual(DATA_EXPORT_FILES.map((f) => f.file).sort());
    expect(deletionPlan()).toEqual([...DELETION_STEPS]);
    // A step nobody names is not run: the plan follows the registry, not the list of steps.
    const withoutEmails = PERSONAL_DATA.filter((entry) => !('step' in entry.deletion && entry.deletion.step === 'emails'));
    expect(deletionPlan(withoutEmails)).toEqual(DELETION_STEPS.filter((step) => step !== 'emails'));
  });

  it('says, of every column, why it is not exported or what of it is, and why it is kept or how it goes', () => {
    for (const entry of PERSONAL_DATA) {
      const what = 'to' in entry.exported ? entry.exported.what : entry.exported.not;
      const fate = 'step' in entry.deletion ? entry.deletion.what : entry.deletion.kept;
      expect(what.length, columnName(entry)).toBeGreaterThan(5);
      expect(fate.length, columnName(entry)).toBeGreaterThan(5);
      expect(entry.owner.length, columnName(entry)).toBeGreaterThan(0);
    }
  });

  it('is what account deletion does: every column it removes is empty for the member, every column it keeps is untouched', async () => {
    const { me } = await memberWhoDidEverything(t, admin, ORIGIN);
    const rowsNaming = async (entry: PersonalColumn, value: string) => {
      const [row] = await t.database.db
        .select({ n: count() })
        .from(entry.column.table as PgTable)
        .where(eq(entry.column, value));
      return row!.n;
    };
    const valueFor = (entry: PersonalColumn) => (entry.column === outbox.toAddress ? me.email : me.user.id);
    const before = new Map<PersonalColumn, number>();
    for (const entry of PERSONAL_DATA) before.set(entry, await rowsNaming(entry, valueFor(entry)));
    // The member has rows in most of them: the fixture did almost everything.
    expect([...before.values()].filter((n) => n > 0).length).toBeGreaterThanOrEqual(20);

    const res = await call(t, 'DELETE', '/api/auth/account', me.cookie, { password: me.password });
    expect(res.statusCode, res.body).toBe(200);

    for (const entry of PERSONAL_DATA) {
      const after = await rowsNaming(entry, valueFor(entry));
      const name = columnName(entry);
      if (!('step' in entry.deletion)) expect(after, `${name} is kept`).toBe(before.get(entry));
      else if (entry.deletion.step === 'tombstone') expect(after, name).toBe(1);
      else if (entry.deletion.step === 'emails') {
        const kinds = await t.database.db.select({ kind: outbox.kind }).from(outbox).where(eq(outbox.toAddress, me.email));
        expect(kinds, name).toEqual([{ kind: 'account-deleted' }]);
      } else expect(after, `${name} goes with the account`).toBe(0);
    }
    const [tombstone] = await t.database.db.select().from(users).where(eq(users.id, me.user.id));
    expect(tombstone).toMatchObject({ email: null, username: null, passwordHash: null, totpSecret: null, deletedAt: expect.any(Date) });
    expect(await t.database.db.select({ id: users.id }).from(users).where(isNull(users.deletedAt))).not.toContainEqual({ id: me.user.id });
  });
});
