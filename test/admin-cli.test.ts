// engines: one — the command on the embedded database, as an organiser runs it
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { lockDataDir } from '../src/server/data-dir.js';
import { openPglite } from '../src/server/db/client.js';
import { verifyPassword } from '../src/server/lib/passwords.js';
import { TEST_PASSWORD_HASH_COST } from './helpers/app.js';

/** `npm run admin -- create EMAIL` as an organiser runs it (src/server/cli/admin.ts through tsx), on the embedded database. */
function runAdmin(args: string[], env: Record<string, string>, stdin: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/admin.ts', ...args], {
    env: { ...process.env, NODE_ENV: 'test', PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST, DEMO_DATA: '0', DATABASE_URL: '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  child.stdin.end(stdin);
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

const EMAIL = 'organiser@example.test';

describe('npm run admin -- create EMAIL, and -- second-factor EMAIL', () => {
  // Every run starts tsx and opens the embedded database (initdb and migrations the first time): slow on a busy machine.
  it('creates, then promotes, a verified administrator from a password on stdin; refuses while a server holds the folder; prints the enrolment link', { timeout: 300_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'csm-admin-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = { DATA_DIR: dataDir, ADMIN_EMAILS: `someone@example.test,${EMAIL}` };

    const usage = await runAdmin([], env, '');
    expect(usage.code).toBe(1);
    expect(usage.output).toContain('Usage: npm run admin -- create EMAIL');
    const unlisted = await runAdmin(['create', 'stranger@example.test'], env, 'a long enough passphrase\n');
    expect(unlisted.code).toBe(1);
    expect(unlisted.output).toContain('stranger@example.test is not listed in ADMIN_EMAILS');
    const weak = await runAdmin(['create', EMAIL], env, 'short\n');
    expect(weak.code).toBe(1);
    expect(weak.output).toContain('Password must be at least 8 characters long');

    const created = await runAdmin(['create', EMAIL], env, 'the first passphrase\nignored second line\n');
    expect(created.code, created.output).toBe(0);
    expect(created.output).toContain(`Created the administrator account ${EMAIL}`);
    const promoted = await runAdmin(['create', EMAIL], env, 'the second passphrase\r\n');
    expect(promoted.code, promoted.output).toBe(0);
    expect(promoted.output).toContain(`${EMAIL} (username organiser) is now a verified administrator`);

    const unlock = await lockDataDir(dataDir);
    try {
      const locked = await runAdmin(['create', EMAIL], env, 'a third passphrase\n');
      expect(locked.code).toBe(1);
      expect(locked.output).toContain('The marketplace server is running on the data folder');
      expect(locked.output).toContain('Stop the server first');
    } finally {
      await unlock();
    }

    // The operator's enrolment link (decision 061): only for a listed, existing, verified administrator; single use, stored hashed.
    const stranger = await runAdmin(['second-factor', 'stranger@example.test'], env, '');
    expect(stranger.code).toBe(1);
    expect(stranger.output).toContain('stranger@example.test is not listed in ADMIN_EMAILS');
    const nobody = await runAdmin(['second-factor', 'someone@example.test'], env, '');
    expect(nobody.code).toBe(1);
    expect(nobody.output).toContain('No account has the address someone@example.test');
    const enrol = await runAdmin(['second-factor', EMAIL], { ...env, PUBLIC_URL: 'https://market.example' }, '');
    expect(enrol.code, enrol.output).toBe(0);
    const token = /https:\/\/market\.example\/profile\/second-step\?token=([A-Za-z0-9_-]+)/.exec(enrol.output)?.[1];
    expect(token, enrol.output).toBeTruthy();

    const database = await openPglite(join(dataDir, 'pglite'));
    try {
      const links = (await database.db.execute(sql`select token_hash, purpose from account_tokens where purpose = 'second_factor_enrolment'`)) as unknown as {
        rows: Array<{ token_hash: string }>;
      };
      expect(links.rows).toHaveLength(1);
      expect(links.rows[0]!.token_hash).not.toContain(token!);
      const rows = (await database.db.execute(sql`select email, email_verified, password_hash from users`)) as unknown as {
        rows: Array<{ email: string; email_verified: boolean; password_hash: string }>;
      };
      expect(rows.rows).toHaveLength(1);
      expect(rows.rows[0]).toMatchObject({ email: EMAIL, email_verified: true });
      expect(await verifyPassword('the second passphrase', rows.rows[0]!.password_hash)).toBe(true);
    } finally {
      await database.close();
    }
  });
});
