import { randomBytes } from 'node:crypto';
import { EXPIRY_REMINDER_DAYS, EXPIRY_TEXTS, type ListingRenewal } from '#shared/listing-expiry.js';
import { MESSAGES } from '#shared/texts.js';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, forbidden } from '../../lib/errors.js';
import { linkSigner } from '../../lib/signed-links.js';
import { afterCommit, transaction } from '../../lib/transaction.js';
import type { Outbox } from '../mail/index.js';
import { expiryReminderEmail } from './emails.js';
import type { ExpiryRepository } from './expiry-repository.js';

/** What listing expiry needs of the app (decision 051). */
export interface ExpirySettings {
  /** LISTING_TTL_DAYS: 0 turns expiry off. */
  ttlDays: number;
  mail: Outbox;
  /** config.PUBLIC_URL, for the links in the reminder. */
  publicUrl: string;
  /** The app's session secret: the renewal links' key is derived from it for that purpose alone. */
  secret: string;
}

/** What one sweep did. */
export interface ExpiryRun {
  /** Listings that had no expiry and got one. */
  assigned: number;
  reminded: number;
  expired: number;
  /** With expiry off: listings whose expiry was taken away (the expired among them show again). */
  cleared: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

/** The most rows each step of one sweep changes: a minute's sweep stays short, and the next one takes the rest. */
export const EXPIRY_BATCH = 500;
/** The one-off catch-ups (expiries to give, or to take away) look again this often after finding nothing left. */
const CATCH_UP_RECHECK_MS = 60 * 60 * 1000;

type RenewalFacts = NonNullable<Awaited<ReturnType<ExpiryRepository['renewalFacts']>>>;

export function createListingExpiry(deps: { db: Db; repo: ExpiryRepository; settings?: ExpirySettings; forgetPages: () => void; batchSize?: number }) {
  const { db, repo, settings, forgetPages } = deps;
  const ttlDays = settings?.ttlDays ?? 0;
  const batch = deps.batchSize ?? EXPIRY_BATCH;
  // Without settings nothing is ever emailed, so no link needs to open: a key nobody knows.
  const links = linkSigner(settings?.secret ?? randomBytes(32).toString('hex'), 'listing-renewal');
  /** A link names the listing and the expiry it was sent about: any renewal or edit moves the expiry and ends it. */
  const linkParts = (id: number, expiresAt: Date) => [id, expiresAt.toISOString()];
  const base = (settings?.publicUrl ?? '').replace(/\/+$/, '');

  /** When this process last found no listing left to catch up on (expiries to give or to take away), by the run's clock. */
  let caughtUpAt: number | undefined;
  const catchUpDue = (now: Date) => caughtUpAt === undefined || now.getTime() - caughtUpAt >= CATCH_UP_RECHECK_MS || now.getTime() < caughtUpAt;

  /** What creating, editing and renewing write: a fresh expiry (none while expiry is off), not expired, not reminded. */
  function renewalColumns(now: Date) {
    return { expiresAt: ttlDays > 0 ? addDays(now, ttlDays) : null, expired: false as const, expiryRemindedAt: null };
  }

  /** Emails the owners of listings expiring within the week, each once per expiry, with the outbox rows in the same transaction. */
  async function remind(now: Date, mail: Outbox): Promise<number> {
    return transaction(db, async (tx) => {
      const due = await repo.claimReminders(tx, now, addDays(now, EXPIRY_REMINDER_DAYS), batch);
      for (const row of due) {
        const expiresAt = row.expiresAt!;
        const token = links.sign(linkParts(row.id, expiresAt));
        await mail.enqueue(
          tx,
          expiryReminderEmail({
            to: row.email!,
            serviceId: row.id,
            title: row.title,
            expiresAt,
            renewUrl: `${base}/services/${row.id}/renew?token=${encodeURIComponent(token)}`,
            ttlDays,
            publicUrl: base,
          }),
        );
      }
      await repo.markReminded(
        tx,
        due.map((row) => row.id),
        now,
      );
      return due.length;
    });
  }

  /** The listing a link names, refused alike when it does not exist or the token does not fit its current expiry. */
  async function linked(id: number, token: string): Promise<RenewalFacts & { expiresAt: Date }> {
    const facts = await repo.renewalFacts(id);
    if (!facts?.expiresAt || !links.verify(linkParts(facts.id, facts.expiresAt), token)) throw badRequest(EXPIRY_TEXTS.invalidLink, { code: 'invalid_link' });
    // A suspended person's listings stay hidden whatever they do; their link renews nothing.
    if (facts.ownerBanned) throw forbidden(MESSAGES.suspended, { code: 'account_suspended' });
    if (facts.deletedAt) throw conflict(EXPIRY_TEXTS.deletedRenew, { code: 'listing_deleted' });
    return { ...facts, expiresAt: facts.expiresAt };
  }

  const renewal = (facts: { id: number; title: string; expiresAt: Date | null; expired: boolean }): ListingRenewal => ({
    id: facts.id,
    title: facts.title,
    expiresAt: facts.expiresAt?.toISOString() ?? null,
    expired: facts.expired,
  });

  return {
    renewalColumns,

    /**
     * One sweep as of `now` (main.ts runs it every minute; tests pass later moments instead of waiting): catch up on
     * listings without an expiry, remind the owners of those expiring within the week, then mark those whose expiry
     * has passed. With expiry off, it takes every expiry away instead, so nothing stays hidden for having expired.
     * Each step changes at most one batch.
     */
    async run(now: Date): Promise<ExpiryRun> {
      const result: ExpiryRun = { assigned: 0, reminded: 0, expired: 0, cleared: 0 };
      if (ttlDays === 0 || !settings) {
        if (!catchUpDue(now)) return result;
        result.cleared = (await repo.clearAll(batch)).length;
        caughtUpAt = result.cleared < batch ? now.getTime() : undefined;
        if (result.cleared > 0) forgetPages();
        return result;
      }
      if (catchUpDue(now)) {
        result.assigned = (await repo.assignMissing(now, ttlDays, addDays(now, EXPIRY_REMINDER_DAYS), batch)).length;
        caughtUpAt = result.assigned < batch ? now.getTime() : undefined;
      }
      result.reminded = await remind(now, settings.mail);
      result.expired = (await repo.expireDue(now, batch)).length;
      if (result.expired > 0) forgetPages();
      return result;
    },

    /** What an emailed link would renew (its landing page's title and date), without renewing it. */
    async preview(id: number, token: string): Promise<ListingRenewal> {
      return renewal(await linked(id, token));
    },

    /**
     * Renews through an emailed link, without signing in: the token must fit the listing's current expiry, and the
     * renewal moves that expiry, so the link works once.
     */
    async renewByLink(id: number, token: string, now: Date): Promise<ListingRenewal> {
      const facts = await linked(id, token);
      const values = renewalColumns(now);
      const renewed = await transaction(db, async (tx) => {
        const done = await repo.renewIfUnchanged(tx, id, facts.expiresAt, values);
        if (done) await afterCommit(tx, forgetPages);
        return done;
      });
      // Another click (or an edit) got there first.
      if (!renewed) throw badRequest(EXPIRY_TEXTS.invalidLink, { code: 'invalid_link' });
      return renewal({ ...facts, ...values });
    },
  };
}

export type ListingExpiry = ReturnType<typeof createListingExpiry>;
