// engines: one — no database
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Email } from './mailer.js';
import type { OutboxRow } from './repository.js';
import { layoutEmail } from './templates.js';
import { MAX_LINE_OCTETS, plainTextPart } from './text-part.js';
import { createFileTransport } from './transport.js';

const FROM = 'Community Services Marketplace <noreply@market.example.test>';
const PUBLIC_URL = 'https://market.example.test';
const TOKEN = 'Zx9_-'.repeat(8) + 'abc';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'csm-eml-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let nextId = 1;
const rowOf = (email: Email): OutboxRow => ({
  id: nextId++,
  kind: email.kind,
  toAddress: email.to,
  subject: email.subject,
  text: email.text,
  html: email.html,
  headers: email.headers ?? null,
  createdAt: new Date('2030-05-04T03:02:01Z'),
  attempts: 1,
  nextAttemptAt: new Date(),
  sentAt: null,
  lastError: null,
  failedOnConnection: false,
});

/** Writes the row's file and answers it as bytes, as a text editor would open it. */
async function written(row: OutboxRow): Promise<Buffer> {
  const line = await createFileTransport(dir, FROM).send(row);
  const file = /written to (.+)$/.exec(line ?? '')?.[1];
  if (!file) throw new Error(`no file named in "${line}"`);
  return readFile(file);
}
const linesOf = (file: Buffer) => file.toString('utf8').split('\r\n');
/** The headers of the message's text/plain part, as written. */
const textPartHeaders = (file: Buffer) => /\r\n(Content-Type: text\/plain[^\r]*\r\nContent-Transfer-Encoding: [^\r]*)\r\n\r\n/.exec(file.toString('utf8'))?.[1];

const alert = (): Email => ({
  ...layoutEmail('saved-search-alert', 'reader@example.test', 'New listing for your saved search "Piano – Klavier"', {
    intro: ['A new listing matches your saved search "Piano – Klavier" near ', { text: 'your home', href: `${PUBLIC_URL}/services?near=home&radius=10&category=music` }, '.'],
    items: [{ text: 'Piano lessons für Anfänger', href: `${PUBLIC_URL}/services/4242`, detail: 'Music · 2 miles' }],
    link: { href: `${PUBLIC_URL}/services?search=piano&near=12345&radius=10&includeVirtual=true&category=music&listingType=offer`, label: 'See all matches' },
    footer: ['You receive this email because you saved the search. ', { text: 'stop these emails', href: `${PUBLIC_URL}/saved-searches/unsubscribe?token=${TOKEN}` }, '.'],
  }),
  headers: { 'List-Unsubscribe': `<${PUBLIC_URL}/api/saved-searches/unsubscribe?token=${TOKEN}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
});

describe('an email written as a file (decision 063)', () => {
  it('has its text part in 8bit, each link whole on a line of its own, and no line over 998 octets', async () => {
    const email = alert();
    const file = await written(rowOf(email));
    expect(textPartHeaders(file)).toBe('Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit');
    const lines = linesOf(file);
    const hrefs = email.text.match(/https:\/\/\S+/g) ?? [];
    expect(hrefs).toHaveLength(4);
    expect(lines.filter((line) => line.startsWith(PUBLIC_URL))).toEqual(hrefs);
    expect(lines.filter((line) => Buffer.byteLength(line) > MAX_LINE_OCTETS)).toEqual([]);
    // Written as a person reads it: no soft line breaks, no encoded equals signs in the text.
    expect(lines).toContain('A new listing matches your saved search "Piano – Klavier" near your home.');
    expect(lines).toContain('- Piano lessons für Anfänger (Music · 2 miles)');
  });

  it('stays a message mail programs open: both parts, text first, and every header the row carries', async () => {
    const email = alert();
    const row = rowOf(email);
    const file = await written(row);
    const mail = await simpleParser(file);
    expect(mail.text).toBe(email.text);
    expect(mail.html).toBe(email.html);
    expect(mail.subject).toBe(email.subject);
    expect(mail.to).toMatchObject({ value: [{ address: 'reader@example.test' }] });
    expect(mail.from).toMatchObject({ value: [{ address: 'noreply@market.example.test' }] });
    expect(mail.messageId).toBe(`<outbox-${row.id}@market.example.test>`);
    expect(mail.date?.toISOString()).toBe('2030-05-04T03:02:01.000Z');
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
    // mailparser folds the List-* headers into `list`: read them as they were written, unfolded (RFC 5322 §2.2.3).
    expect(mail.headerLines.map((h) => h.line.replace(/\r?\n/g, ''))).toEqual(
      expect.arrayContaining([`List-Unsubscribe: <${PUBLIC_URL}/api/saved-searches/unsubscribe?token=${TOKEN}>`, 'List-Unsubscribe-Post: List-Unsubscribe=One-Click']),
    );
    expect(mail.headers.get('content-type')).toMatchObject({ value: 'multipart/alternative' });
    // A multipart that holds an 8bit part says so (RFC 2045 §6.4).
    expect(mail.headers.get('content-transfer-encoding')).toBe('8bit');
    const text = file.indexOf('Content-Type: text/plain');
    const html = file.indexOf('Content-Type: text/html');
    expect(text).toBeGreaterThan(0);
    expect(html).toBeGreaterThan(text);
  });

  it('writes plain ASCII as 7bit', async () => {
    const file = await written(rowOf({ kind: 'ascii', to: 'reader@example.test', subject: 'Plain', text: `Hello.\n\nOpen:\n${PUBLIC_URL}/x\n`, html: '<p>Hello.</p>' }));
    expect(textPartHeaders(file)).toBe('Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 7bit');
    expect(linesOf(file)).toContain(`${PUBLIC_URL}/x`);
    const mail = await simpleParser(file);
    expect(mail.headers.has('content-transfer-encoding')).toBe(false);
    expect(mail.text).toBe(`Hello.\n\nOpen:\n${PUBLIC_URL}/x\n`);
  });

  it("breaks a person's words longer than 998 octets into lines that fit, whole characters, nothing lost", async () => {
    const words = `${'neighbour '.repeat(150)}end`;
    const unbroken = 'x'.repeat(2500);
    const dogs = '🐕'.repeat(600);
    const email = layoutEmail('long', 'reader@example.test', 'Long', { intro: 'A copy:', quote: `${words}\n${unbroken}\n${dogs}`, link: { href: `${PUBLIC_URL}/messages`, label: 'See the conversation' }, footer: 'Bye.' });
    const file = await written(rowOf(email));
    // Valid UTF-8 throughout: no character cut in two.
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(file)).not.toThrow();
    const lines = linesOf(file);
    expect(lines.filter((line) => Buffer.byteLength(line) > MAX_LINE_OCTETS)).toEqual([]);
    expect(lines).toContain(`${PUBLIC_URL}/messages`);
    const mail = await simpleParser(file);
    // Broken at a space, the space gives way to the line break; elsewhere between two characters.
    expect(mail.text!.replace(/\n/g, ' ')).toContain(words);
    expect(mail.text!.replace(/\n/g, '')).toContain(`${unbroken}${dogs}`);
  });
});

describe('plainTextPart', () => {
  it('ends every line with CRLF, whatever the text used, and drops NUL, which 7bit and 8bit forbid', () => {
    expect(plainTextPart('a\rb\nc\r\nd\0e')).toBe('Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 7bit\r\n\r\na\r\nb\r\nc\r\nde');
  });

  it('keeps a line of exactly 998 octets whole and breaks one of 999', () => {
    const body = (text: string) => plainTextPart(text).split('\r\n\r\n')[1]!.split('\r\n');
    expect(body('é'.repeat(499))).toEqual(['é'.repeat(499)]);
    expect(body(`${'é'.repeat(499)}a`)).toEqual(['é'.repeat(499), 'a']);
    expect(body(`${'a'.repeat(996)} b`)).toEqual([`${'a'.repeat(996)} b`]);
    expect(body(`${'a'.repeat(997)} b`)).toEqual(['a'.repeat(997), 'b']);
    expect(body(`${'a'.repeat(990)} ${'b'.repeat(20)}`)).toEqual(['a'.repeat(990), 'b'.repeat(20)]);
  });
});
