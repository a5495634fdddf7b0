// engines: both — leases and heartbeats over concurrent claims
import { setTimeout as sleep } from 'node:timers/promises';
import { asc, inArray, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '#test/helpers/app.js';
import { uniqueEmail } from '#test/helpers/factories.js';
import { closedPort, startSmtpServer, type TestSmtpServer } from '#test/helpers/smtp.js';
import { loadConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { outbox } from '../../db/schema.js';
import { transaction } from '../../lib/transaction.js';
import { createMailer, DEFAULT_OUTBOX_POLICY, type Email, type Mailer, type OutboxPolicy } from './mailer.js';
import { createOutboxRepository } from './repository.js';
import { newMessageEmail } from './templates.js';

/** Decision 025: a dead worker's claims come back within one lease; mail resumes as soon as the server is back. */
const PUBLIC_URL = 'https://market.example.test';
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

let database: Database;
let smtp: TestSmtpServer;
beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
  await database?.close();
});
afterEach(async () => {
  await database.db.delete(outbox).where(isNull(outbox.sentAt));
});

const mailerFor = (url: string, policy: Partial<OutboxPolicy> = {}) =>
  createMailer({ db: database.db, config: loadConfig({ PUBLIC_URL, DATA_DIR: '.tmp/unused', SMTP_URL: url }), logger: quiet, policy });

const emailTo = (to: string): Email => newMessageEmail({ to, senderName: 'alice', subject: 'Dog walking', content: 'Saturday?', publicUrl: PUBLIC_URL });
const enqueue = (mailer: Mailer, addresses: string[]) =>
  transaction(database.db, async (tx) => {
    for (const address of addresses) await mailer.enqueue(tx, emailTo(address));
  });
const rowsTo = (addresses: string[]) => database.db.select().from(outbox).where(inArray(outbox.toAddress, addresses)).orderBy(asc(outbox.id));

describe('claims of a worker that is gone', () => {
  it('use a lease of at most a minute', () => {
    expect(DEFAULT_OUTBOX_POLICY.leaseMs).toBeLessThanOrEqual(60_000);
  });

  it('are sent by another worker once the lease runs out, not before', async () => {
    const leaseMs = 1500;
    const addresses = [uniqueEmail('dead'), uniqueEmail('dead')];
    const survivor = mailerFor(smtp.url, { leaseMs });
    await enqueue(survivor, addresses);
    // The dead worker: it claims the rows and never comes back.
    expect(await createOutboxRepository(database.db).claimDue(20, 12, leaseMs)).toHaveLength(2);

    expect(await survivor.flush()).toBe(0);
    await sleep(leaseMs + 200);
    expect(await survivor.flush()).toBe(2);
    for (const address of addresses) expect(smtp.to(address)).toHaveLength(1);
  });

  it('a live slow send keeps its claim with the heartbeat and is sent once', async () => {
    const leaseMs = 900;
    const slow = await startSmtpServer({ delayMs: 3 * leaseMs });
    try {
      const address = uniqueEmail('slow');
      const sender = mailerFor(slow.url, { leaseMs });
      const other = mailerFor(slow.url, { leaseMs });
      await enqueue(sender, [address]);
      const sending = sender.flush();
      // Another worker keeps looking while the first one's send takes three leases.
      let othersSent = 0;
      const deadline = Date.now() + 3 * leaseMs;
      while (Date.now() < deadline) {
        await sleep(150);
        othersSent += await other.flush();
      }
      expect(await sending).toBe(1);
      expect(othersSent).toBe(0);
      expect(slow.to(address)).toHaveLength(1);
      expect((await rowsTo([address]))[0]).toMatchObject({ attempts: 1, sentAt: expect.any(Date) });
    } finally {
      await slow.close();
    }
  });
});

describe('after an SMTP outage', () => {
  it('the next flush after the server is back sends everything without waiting for the backoff', async () => {
    const port = await closedPort();
    const mailer = mailerFor(`smtp://127.0.0.1:${port}`);
    const addresses = [uniqueEmail('outage'), uniqueEmail('outage'), uniqueEmail('outage')];
    await enqueue(mailer, addresses);
    expect(await mailer.flush()).toBe(0);
    for (const row of await rowsTo(addresses)) expect(row).toMatchObject({ attempts: 1, sentAt: null, failedOnConnection: true });

    const back = await startSmtpServer({ port });
    try {
      // The backoff slot is 30 s away; the connection check finds the server and sends at once.
      expect(await mailer.flush()).toBe(3);
      const ids = (await rowsTo(addresses)).map((r) => r.id);
      for (const [i, address] of addresses.entries()) {
        const received = back.to(address);
        expect(received).toHaveLength(1);
        // Stable across retries: derived from the row id.
        expect(received[0]!.messageId).toBe(`<outbox-${ids[i]}@market.example.test>`);
      }
    } finally {
      await back.close();
    }
  });

  it('a successful send brings the rows that failed on the connection forward', async () => {
    const port = await closedPort();
    const down = mailerFor(`smtp://127.0.0.1:${port}`);
    const waiting = [uniqueEmail('waiting'), uniqueEmail('waiting')];
    await enqueue(down, waiting);
    expect(await down.flush()).toBe(0);

    // Another worker, whose server works, sends a new email: the waiting ones follow in the same flush.
    const fresh = uniqueEmail('fresh');
    const working = mailerFor(smtp.url);
    await enqueue(working, [fresh]);
    expect(await working.flush()).toBe(3);
    for (const address of [...waiting, fresh]) expect(smtp.to(address)).toHaveLength(1);
  });

  it('a refused message keeps its backoff when the server is back', async () => {
    const port = await closedPort();
    const mailer = mailerFor(`smtp://127.0.0.1:${port}`);
    const address = uniqueEmail('refused');
    await enqueue(mailer, [address]);
    expect(await mailer.flush()).toBe(0);
    // As if the server had refused the message itself (EENVELOPE), not the connection.
    await database.db.update(outbox).set({ failedOnConnection: false }).where(inArray(outbox.toAddress, [address]));
    const back = await startSmtpServer({ port });
    try {
      expect(await mailer.flush()).toBe(0);
      expect(back.to(address)).toHaveLength(0);
    } finally {
      await back.close();
    }
  });
});
