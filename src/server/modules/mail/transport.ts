import { constants } from 'node:fs';
import { access, mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { Config } from '../../config.js';
import type { OutboxRow } from './repository.js';
import { needsEightBit, plainTextPart } from './text-part.js';

/** Where outbox rows go: an SMTP server, or files for a first run without one. */
export interface MailTransport {
  /** `smtp` or `file`, for logs. */
  readonly kind: 'smtp' | 'file';
  /** Delivers one row; resolves with a line for the log (or nothing), rejects when the row must be tried again. */
  send(row: OutboxRow): Promise<string | undefined>;
  /** A cheap check that sending could work again (SMTP: connect, greet, authenticate); rejects when it cannot. */
  verify(): Promise<void>;
  close(): void;
}

/**
 * Short enough that a dead server fails an attempt quickly (the outbox retries it later), long enough for a slow
 * but working one. Query parameters in SMTP_URL (e.g. `?connectionTimeout=30000`) override them.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** The domain of the From address, for Message-IDs. */
function domainOf(mailbox: string): string {
  return /@([^@<>\s]+)>?\s*$/.exec(mailbox)?.[1] ?? 'localhost';
}

/**
 * One outbox row's message without its body. The Message-ID and the Date come from the row, so a second attempt
 * builds the same message: a receiving server or a person can tell a duplicate (a worker that died between sending
 * and marking the row) from a second email.
 */
function headersOf(row: OutboxRow, from: string) {
  return {
    from,
    to: row.toAddress,
    subject: row.subject,
    date: row.createdAt,
    messageId: `<outbox-${row.id}@${domainOf(from)}>`,
    // RFC 3834: machine-written mail; vacation responders must not answer it.
    headers: { ...row.headers, 'Auto-Submitted': 'auto-generated' },
  } satisfies SendMailOptions;
}

/** One outbox row as a message through SMTP: nodemailer encodes both parts as it likes, which mail programs decode. */
export function messageOf(row: OutboxRow, from: string): SendMailOptions {
  return { ...headersOf(row, from), text: row.text, html: row.html };
}

/**
 * One connection per email: the outbox sends in small sequential batches, and nothing is left open between
 * flushes for a server to drop. Send failures reject `sendMail`; `onError` only hears what the transport emits.
 */
export function createSmtpTransport(url: string, from: string, onError: (message: string) => void): MailTransport {
  const transporter = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  // An 'error' event without a listener would end the process.
  transporter.on('error', (error) => onError(`SMTP transport error: ${error.message}`));
  return {
    kind: 'smtp',
    async send(row) {
      await transporter.sendMail(messageOf(row, from));
      return undefined;
    },
    async verify() {
      await transporter.verify();
    },
    close: () => transporter.close(),
  };
}

/**
 * One outbox row as the file a person opens (decision 063): the same message, but its text part 7bit or 8bit with
 * each link whole on its own line, for a text editor as much as a mail program. The HTML part stays quoted-printable.
 * Given as the first of the alternatives, the text part stays first, as `text` would be: mail programs show the last
 * one they can.
 */
export function fileMessageOf(row: OutboxRow, from: string): SendMailOptions {
  const message = headersOf(row, from);
  return {
    ...message,
    // RFC 2045 §6.4: a multipart holding an 8bit part says so.
    headers: { ...message.headers, ...(needsEightBit(row.text) && { 'Content-Transfer-Encoding': '8bit' }) },
    alternatives: [{ raw: plainTextPart(row.text) }, { contentType: 'text/html; charset=utf-8', content: row.html }],
  };
}

/** The embedded default: each email becomes `DATA_DIR/mail/{id}-{kind}.eml`, readable by any mail program and in a text editor. */
export function createFileTransport(dir: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    kind: 'file',
    async send(row) {
      const info = await transporter.sendMail(fileMessageOf(row, from));
      await mkdir(dir, { recursive: true });
      // The row id names the file, so a retried row overwrites its own file instead of adding a second one.
      const file = join(dir, `${String(row.id).padStart(6, '0')}-${row.kind.replace(/[^a-z0-9-]/gi, '_')}.eml`);
      await writeFile(file, info.message as Buffer);
      return `Email #${row.id} (${row.kind}) written to ${file}`;
    },
    async verify() {
      await mkdir(dir, { recursive: true });
      await access(dir, constants.W_OK);
    },
    close: () => transporter.close(),
  };
}

/** SMTP when SMTP_URL is set, otherwise files under DATA_DIR/mail. */
export function createTransportFor(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>, onError: (message: string) => void): MailTransport {
  return config.SMTP_URL
    ? createSmtpTransport(config.SMTP_URL, config.MAIL_FROM, onError)
    : createFileTransport(resolve(config.DATA_DIR, 'mail'), config.MAIL_FROM);
}
