// engines: both — a backup is each engine's own dump
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { AuditEntry, AuditLogPage } from '#shared/admin.js';
import { BACKUP_TEXTS, megabytes, type Backup } from '#shared/backups.js';
import type { Conversation } from '#shared/messaging.js';
import { call, ok } from '#test/helpers/admin.js';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '#test/helpers/app.js';
import { signUp, signUpAdministrator, type SignedUp } from '#test/helpers/factories.js';
import { createListing, manyUsers } from '#test/helpers/listings.js';
import { openPglite } from '../../db/client.js';
import { backupsDir, freshBackupPath, writeBackupAs, type BackupKind } from './files.js';
import { integrityProblems } from './integrity.js';
import { backupKind, restorePglite, restorePostgres, RestoreRefusal, withClient, type RestoreResult } from './restore.js';
import { createBackupService } from './service.js';
import { drizzleQuery, summarizeTables, type TableSummary } from './tables.js';

let t: TestApp;
let dataDir: string;
const scratchDirs: string[] = [];
/** An empty folder under the system's temporary one, removed after the file. */
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'csm-restore-'));
  scratchDirs.push(dir);
  return dir;
}
let admin: SignedUp;
let owner: SignedUp;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'csm-backups-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  [admin, owner] = await Promise.all([signUpAdministrator(t.app, t.database.db, ADMIN_EMAIL), signUp(t.app)]);
});
afterAll(async () => {
  await t.close();
  for (const dir of [dataDir, ...scratchDirs]) rmSync(dir, { recursive: true, force: true });
});

async function backUp(): Promise<Backup> {
  const res = await call(t, 'POST', '/api/admin/backups', admin.cookie);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Backup>();
}

/** The audit log's newest entry's id: what a request writes after it is what `auditAfter` answers. */
async function lastAuditId(): Promise<number> {
  return (await ok<AuditLogPage>(call(t, 'GET', '/api/admin/audit-log?limit=1', admin.cookie))).entries[0]?.id ?? 0;
}

/** The entries written after `id`, oldest first, as the dashboard's Audit log tab reads them (GET /api/admin/audit-log). */
async function auditAfter(id: number): Promise<AuditEntry[]> {
  const page = await ok<AuditLogPage>(call(t, 'GET', '/api/admin/audit-log?limit=100', admin.cookie));
  return page.entries.filter((e) => e.id > id).reverse();
}

/** An entry as the log answers it, without its id and time. */
const logged = (action: AuditEntry['action'], actor: SignedUp | null, targetId: string, summary: string) => ({
  action,
  actor: actor && { id: actor.user.id, username: actor.user.username, email: actor.user.email },
  targetType: 'backup',
  targetId,
  summary,
});
const withoutIdAndTime = ({ id: _id, createdAt: _at, ...entry }: AuditEntry) => entry;

/** The live database's tables, on one connection (the time zone setting must hold for every statement). */
function liveTables(): Promise<Map<string, TableSummary>> {
  if (t.database.kind === 'pglite') return summarizeTables(drizzleQuery(t.database.db));
  return withClient(t.database.connectionString!, (query) => summarizeTables(query));
}

/** The restored database's audit log, oldest first: what the restore itself wrote is at its end. */
type RestoredLog = Array<{ actor_id: string | null; action: string; target_type: string; target_id: string; summary: string }>;
const RESTORED_LOG = 'SELECT actor_id, action, target_type, target_id, summary FROM admin_audit_log ORDER BY id';

/**
 * Restores `backup` somewhere empty (a folder, or a new PostgreSQL database on the test server), reads its audit
 * log, then drops it.
 */
async function restored(backup: Backup): Promise<RestoreResult & { log: RestoredLog }> {
  const file = join(backupsDir(dataDir), backup.name);
  expect(await backupKind(file)).toBe(t.database.kind);
  if (t.database.kind === 'pglite') {
    const dir = join(scratch(), 'pglite');
    const result = await restorePglite(file, dir);
    const database = await openPglite(dir);
    try {
      return { ...result, log: (await drizzleQuery(database.db)(RESTORED_LOG)) as RestoredLog };
    } finally {
      await database.close();
    }
  }
  const server = inject('pgTemplate')!.url;
  const name = `csm_restore_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(server);
    url.pathname = `/${name}`;
    const result = await restorePostgres(file, url.toString());
    return { ...result, log: (await withClient(url.toString(), (query) => query(RESTORED_LOG))) as RestoredLog };
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

describe('POST /api/admin/backups', () => {
  it('is for the administrator only: signed out 401, member 403, banned 403, administrator 201', async () => {
    const [member, banned] = await Promise.all([signUp(t.app), signUp(t.app)]);
    expect((await call(t, 'POST', `/api/admin/users/${banned.user.id}/ban`, admin.cookie)).statusCode).toBe(200);

    const mark = await lastAuditId();
    expect((await call(t, 'POST', '/api/admin/backups')).statusCode).toBe(401);
    expect((await call(t, 'POST', '/api/admin/backups', member.cookie)).statusCode).toBe(403);
    expect((await call(t, 'POST', '/api/admin/backups', banned.cookie)).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/admin/backups')).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/admin/backups', member.cookie)).statusCode).toBe(403);
    // Refused: nothing in the log.
    expect(await auditAfter(mark)).toEqual([]);

    const backup = await backUp();
    expect(backup.name).toMatch(/^marketplace-\d{8}-\d{6}(-\d+)?\.tar\.gz$/);
    expect(backup.kind).toBe('manual');
    expect(backup.size).toBeGreaterThan(1000);
    const list = await call(t, 'GET', '/api/admin/backups', admin.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.json<{ backups: Backup[] }>().backups[0]).toEqual(backup);
    const listed = list.json<{ backups: Backup[] }>().backups.length;

    // One entry each, the administrator's, naming the file.
    expect((await auditAfter(mark)).map(withoutIdAndTime)).toEqual([
      logged('backup.create', admin, backup.name, `${backup.name}, ${megabytes(backup.size)}`),
      logged('backup.list', admin, backup.name, `${listed} ${listed === 1 ? 'backup' : 'backups'}, newest ${backup.name}`),
    ]);
  });

  it('each listing is one entry, as often as the administrator asks', async () => {
    const mark = await lastAuditId();
    for (let i = 0; i < 3; i += 1) expect((await call(t, 'GET', '/api/admin/backups', admin.cookie)).statusCode).toBe(200);
    const entries = await auditAfter(mark);
    expect(entries.map((e) => [e.action, e.actor?.id])).toEqual(Array.from({ length: 3 }, () => ['backup.list', admin.user.id]));
  });

  it("accepts the server's local token only from this machine", async () => {
    const token = t.app.backups.localToken;
    const asLocal = (authorization: string, remoteAddress = '127.0.0.1') =>
      t.app.inject({ method: 'POST', url: '/api/admin/backups', headers: { authorization }, remoteAddress });
    const mark = await lastAuditId();
    expect((await asLocal(`Bearer ${token}x`)).statusCode).toBe(401);
    expect((await asLocal(`Bearer ${token}`, '203.0.113.7')).statusCode).toBe(401);
    expect((await asLocal('Bearer ')).statusCode).toBe(401);
    expect(await auditAfter(mark)).toEqual([]);
    const res = await asLocal(`Bearer ${token}`);
    expect(res.statusCode, res.body).toBe(201);
    const backup = res.json<Backup>();
    expect(backup.kind).toBe('manual');

    // `npm run backup` has no account: the entry's actor is null, and the Audit log tab names the server's operator.
    expect((await auditAfter(mark)).map(withoutIdAndTime)).toEqual([logged('backup.create', null, backup.name, `${backup.name}, ${megabytes(backup.size)}`)]);
  });

  it('refuses the local token on a request a proxy on this machine forwarded, as /metrics does', async () => {
    const token = t.app.backups.localToken;
    const forwarded = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/admin/backups', headers: { authorization: `Bearer ${token}`, ...headers }, remoteAddress: '127.0.0.1' });
    const proxied: Record<string, string>[] = [{ 'x-forwarded-for': '203.0.113.7' }, { 'x-forwarded-for': '127.0.0.1' }, { forwarded: 'for=127.0.0.1' }, { 'x-real-ip': '203.0.113.7' }];
    const mark = await lastAuditId();
    for (const headers of proxied) {
      const res = await forwarded(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json()).toMatchObject({ message: BACKUP_TEXTS.badToken });
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/backups', headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '127.0.0.1' }, remoteAddress: '127.0.0.1' });
    expect(list.statusCode).toBe(401);
    expect(await auditAfter(mark)).toEqual([]);
  });
});

describe('nightly and manual backups (decision 027)', () => {
  it('a manual backup pushes out the oldest of the last 3 manual ones, never a nightly one; one under way never stands in for the night', async () => {
    const folder = backupsDir(scratch());
    mkdirSync(folder);
    // Last week's files, as earlier runs left them (the dumps' own size does not matter to pruning).
    const earlier = async (kind: BackupKind, daysAgo: number) => {
      const at = new Date(Date.now() - daysAgo * 24 * 3600_000);
      const info = await writeBackupAs(freshBackupPath(folder, at), kind, async (path) => writeFileSync(path, 'x'));
      utimesSync(join(folder, info.name), at, at);
      return info.name;
    };
    const lastNight = await earlier('nightly', 1);
    const manual = [await earlier('manual', 4), await earlier('manual', 3), await earlier('manual', 2)];
    const service = createBackupService({ database: t.database, dataDir: dirname(folder), keep: 1 });

    const pressed = await service.backUpNow('manual');
    const kept = () => service.list().map((b) => [b.name, b.kind]);
    // BACKUP_KEEP=1 and a full set of manual ones: the oldest manual one went, the night stayed.
    expect(kept()).toEqual([[pressed.name, 'manual'], [lastNight, 'nightly'], [manual[2], 'manual'], [manual[1], 'manual']]);

    // Both at once, as the schedule meeting 'Back up now' at BACKUP_HOUR: two files, one of each kind.
    const [again, tonight] = await Promise.all([service.backUpNow('manual'), service.backUpNow('nightly')]);
    expect([again.kind, tonight.kind]).toEqual(['manual', 'nightly']);
    expect(kept()).toEqual([[tonight.name, 'nightly'], [again.name, 'manual'], [pressed.name, 'manual'], [manual[2], 'manual']]);
  }, 120_000);

  it("the listing names each backup's kind: the dashboard's manual, the schedule's nightly", async () => {
    const pressed = await backUp();
    const night = await t.app.backups.backUpNow('nightly');
    const list = await call(t, 'GET', '/api/admin/backups', admin.cookie);
    const listed = list.json<{ backups: Backup[] }>().backups;
    expect(listed.find((b) => b.name === pressed.name)).toEqual({ ...pressed, kind: 'manual' });
    expect(listed.find((b) => b.name === night.name)).toEqual({ name: night.name, size: night.size, createdAt: night.createdAt.toISOString(), kind: 'nightly' });
  });
});

describe('backup and restore', () => {
  it('backup, wipe, restore: every table has the same rows', async () => {
    const listing = await createListing(t, owner.cookie);
    const [member] = await manyUsers(t, 1);
    expect((await call(t, 'POST', `/api/services/${listing.id}/like`, member)).statusCode).toBe(200);
    const started = await call(t, 'POST', '/api/conversations', member, { serviceId: listing.id, message: 'Is Saturday morning possible?' });
    expect(started.statusCode, started.body).toBe(201);
    expect((await call(t, 'POST', `/api/services/${listing.id}/report`, member, { reason: 'spam' })).statusCode).toBe(201);

    // The service's own backup: the dashboard's request writes its audit entry after the dump, which the copy
    // cannot hold, and nothing writes after the service's.
    const taken = await t.app.backups.backUpNow('manual');
    const backup: Backup = { name: taken.name, size: taken.size, createdAt: taken.createdAt.toISOString(), kind: taken.kind };
    const before = await liveTables();
    const result = await restored(backup);

    expect([...result.tables.keys()]).toEqual([...before.keys()]);
    for (const [table, summary] of before) expect({ table, ...result.tables.get(table) }).toEqual({ table, ...summary });
    expect(before.get('services')!.rows).toBeGreaterThan(0);
    expect(before.get('admin_audit_log')!.rows).toBeGreaterThan(0);
    expect(result.problems).toEqual([]);

    // After the checks, exactly one entry more in the restored database: the restore's, by no account, naming the file.
    expect(result.log).toHaveLength(before.get('admin_audit_log')!.rows + 1);
    expect(result.log.at(-1)).toEqual({ actor_id: null, action: 'backup.restore', target_type: 'backup', target_id: backup.name, summary: backup.name });
    expect(result.log.filter((e) => e.action === 'backup.restore')).toHaveLength(1);
  });

  it.skipIf(Boolean(inject('pgTemplate')))('restore refuses a folder that holds a database; --force moves it aside, never deletes it', async () => {
    const file = join(backupsDir(dataDir), (await backUp()).name);
    const dir = join(scratch(), 'pglite');
    await restorePglite(file, dir);
    writeFileSync(join(dir, 'written-after-the-first-restore'), 'keep me');
    await expect(restorePglite(file, dir)).rejects.toThrow(RestoreRefusal);
    const forced = await restorePglite(file, dir, { force: true });
    expect(readFileSync(join(forced.movedAside!, 'written-after-the-first-restore'), 'utf8')).toBe('keep me');
    expect(forced.problems).toEqual([]);
    expect(forced.tables.get('users')!.rows).toBeGreaterThan(0);
  });

  it('a backup taken while 20 people write is consistent', async () => {
    const listing = await createListing(t, owner.cookie);
    const people = await manyUsers(t, 20);
    const conversations = await Promise.all(
      people.map(async (cookie) => {
        const res = await call(t, 'POST', '/api/conversations', cookie, { serviceId: listing.id, message: 'Hello there' });
        expect(res.statusCode, res.body).toBe(201);
        return res.json<Conversation>().id;
      }),
    );
    let writing = true;
    let writes = 0;
    const writers = people.map(async (cookie, i) => {
      for (let round = 0; writing || round < 2; round += 1) {
        const liked = await call(t, round % 2 === 0 ? 'POST' : 'DELETE', `/api/services/${listing.id}/like`, cookie);
        const sent = await call(t, 'POST', `/api/conversations/${conversations[i]}/messages`, cookie, { content: `Message ${round}` });
        // The owner reads every other conversation, so read marks and unread counters change during the backup too.
        const read = i % 2 === 0 ? await call(t, 'GET', `/api/conversations/${conversations[i]}/messages`, owner.cookie) : undefined;
        expect([liked.statusCode, sent.statusCode, read?.statusCode ?? 200], sent.body).toEqual([200, 201, 200]);
        writes += 2;
        if (round >= 5) break;
      }
    });
    const backup = await backUp();
    writing = false;
    await Promise.all(writers);
    expect(writes).toBeGreaterThanOrEqual(80);

    const result = await restored(backup);
    expect(result.problems).toEqual([]);
    expect(result.tables.get('messages')!.rows).toBeGreaterThanOrEqual(20);
    // The live database, after everyone stopped, is sound too: the check itself sees what it should.
    const live = t.database.kind === 'pglite' ? integrityProblems(drizzleQuery(t.database.db)) : withClient(t.database.connectionString!, integrityProblems);
    expect(await live).toEqual([]);
  }, 60_000);
});
