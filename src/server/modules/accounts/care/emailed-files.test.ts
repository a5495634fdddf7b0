// engines: one
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '#shared/account.js';
import type { User } from '#shared/auth.js';
import { createTestApp, type TestApp } from '#test/helpers/app.js';
import { PASSWORD, randomIp, signUp, uniqueEmail } from '#test/helpers/factories.js';
import { changeEmailEmail, emailChangeNoticeEmail, resetPasswordEmail, verificationEmail } from './emails.js';

/**
 * Without SMTP_URL each email is a file the organiser opens in a text editor and takes the link from (README, first
 * run; decision 063). These tests do what that person does: read the file as it is, no MIME decoding, find the line
 * with the link, and open it.
 */

const PUBLIC_URL = 'https://neighbours.example';

let dataDir: string;
let t: TestApp;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'csm-mail-files-'));
  t = await createTestApp({ PUBLIC_URL, DATA_DIR: dataDir });
});
afterAll(async () => {
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const post = (url: string, payload: object, cookie?: string) => t.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, payload, remoteAddress: randomIp() });

/** Writes what is due, then the newest file of `kind` whose To is `address`, as text. */
async function newestFile(kind: string, address: string): Promise<string> {
  await t.app.mailer.flush();
  const folder = join(dataDir, 'mail');
  const names = (await readdir(folder)).filter((name) => name.endsWith(`-${kind}.eml`)).sort();
  for (const name of names.reverse()) {
    const text = await readFile(join(folder, name), 'utf8');
    if (text.split(/\r?\n/).includes(`To: ${address}`)) return text;
  }
  throw new Error(`no ${kind} file to ${address} in ${folder}`);
}

/** The line that starts with the page's address: what a person selects and copies. */
function linkLine(file: string, page: string): string {
  const line = file.split(/\r?\n/).find((l) => l.startsWith(`${PUBLIC_URL}/${page}?token=`));
  if (!line) throw new Error(`no line starting with ${PUBLIC_URL}/${page}?token= in:\n${file}`);
  return line;
}
const tokenOf = (line: string) => new URL(line).searchParams.get('token') ?? '';

describe('the account emails written as files', () => {
  it('hold the sign-up link whole on a line, which confirms the address', async () => {
    const person = await signUp(t.app);
    const file = await newestFile('verify-email', person.email);
    expect(file).toContain('Content-Transfer-Encoding: 8bit');
    const line = linkLine(file, 'verify-email');
    expect(line).toMatch(/^https:\/\/neighbours\.example\/verify-email\?token=[\w-]{43}$/);

    const res = await post('/api/auth/verify-email', { token: tokenOf(line) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.emailVerified, outcome: 'verified' });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: person.cookie } });
    expect(me.json<User>().emailVerified).toBe(true);
  });

  it('hold the reset link whole on a line, which sets a new password', async () => {
    const person = await signUp(t.app);
    expect((await post('/api/auth/forgot-password', { email: person.email })).statusCode).toBe(202);
    const line = linkLine(await newestFile('reset-password', person.email), 'reset-password');
    const res = await post('/api/auth/reset-password', { token: tokenOf(line), password: 'a brand new passphrase' });
    expect(res.statusCode).toBe(200);
    expect(res.json<User>()).toMatchObject({ id: person.user.id, emailVerified: true });
  });

  it('hold the new address link of an email change whole on a line, which changes the address', async () => {
    const person = await signUp(t.app);
    const newEmail = uniqueEmail('moved');
    expect((await post('/api/auth/change-email', { newEmail, currentPassword: PASSWORD }, person.cookie)).statusCode).toBe(202);
    const line = linkLine(await newestFile('change-email', newEmail), 'verify-email');
    const res = await post('/api/auth/verify-email', { token: tokenOf(line) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.emailChanged, outcome: 'email_changed' });
  });
});

describe('the account email templates', () => {
  const token = 'T'.repeat(43);
  it.each([
    ['verification', verificationEmail({ to: 'a@example.test', token, publicUrl: PUBLIC_URL }), 1],
    ['reset', resetPasswordEmail({ to: 'a@example.test', token, publicUrl: PUBLIC_URL, username: 'mary' }), 1],
    ['change', changeEmailEmail({ to: 'a@example.test', token, publicUrl: PUBLIC_URL, username: 'mary' }), 1],
    ['notice', emailChangeNoticeEmail({ to: 'a@example.test', newEmail: 'b@example.test', username: 'mary' }), 0],
  ])('%s: puts each link alone on a line of its own in the text part', (_name, email, links) => {
    const lines = email.text.split('\n');
    expect(lines.filter((line) => line.includes('://'))).toEqual(lines.filter((line) => /^https:\/\/neighbours\.example\/[\w/-]+\?token=T{43}$/.test(line)));
    expect(lines.filter((line) => line.includes('://'))).toHaveLength(links);
  });
});
