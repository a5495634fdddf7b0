import { NEAR_TEXTS } from '#shared/services.js';
import {
  ALERT_EMAIL_LISTINGS_MAX,
  type CreateSavedSearch,
  defaultSavedSearchName,
  INSTANT_ALERT_GAP_MINUTES,
  SAVED_SEARCH_TEXTS,
  SAVED_SEARCHES_MAX,
  type SavedSearch,
  type SavedSearchList,
  type UpdateSavedSearch,
} from '#shared/saved-searches.js';
import type { Category } from '#shared/catalogue.js';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { linkSigner } from '../../lib/signed-links.js';
import { transaction } from '../../lib/transaction.js';
import type { Viewer } from '../../lib/viewer.js';
import { boxAround } from '../listings/index.js';
import type { Outbox } from '../mail/index.js';
import { alertEmail } from './emails.js';
import { presentSavedSearch, presentSavedSearchList } from './presenter.js';
import type { ListedSavedSearch, SavedSearchesRepository } from './repository.js';

/** What saved searches need from the listings module: the words as browse reads them. */
export interface SavedSearchListings {
  searchQueryOf(search: string): Promise<string | null>;
}

export type Locate = (zipCode: string) => { latitude: number; longitude: number } | undefined;

/**
 * A listing's transaction may commit a little after the moment its trigger wrote into `published_at`: the alerts
 * read only listings published at least this long ago, so none that commits late is passed over.
 */
export const PUBLICATION_SETTLE_MS = 10_000;
/**
 * Listings matched per transaction, and saved searches emailed per run: each is bounded, the next goes on. Small,
 * because on the embedded database a transaction holds its one connection: 50 listings keep it to about a second
 * after a backlog (a server that was down); a run then takes the batches one after another.
 */
const LISTINGS_PER_RUN = 50;
const ALERTS_PER_RUN = 100;
/** Matches are kept this long for `newCount` (housekeeping deletes older ones once emailed). */
export const MATCH_RETENTION_DAYS = 30;

/** The digest hour that most recently passed at `now`, in the server's local time (as BACKUP_HOUR). */
export function lastDigestHour(now: Date, hour: number): Date {
  const at = new Date(now);
  at.setHours(hour, 0, 0, 0);
  if (at > now) at.setDate(at.getDate() - 1);
  return at;
}

/**
 * Saved searches and their alerts (decision 053). A member keeps up to ten; listings that become visible are matched
 * against the candidate searches the indexes select, and the matches are emailed through the outbox, at once (batched,
 * at most one email per search per 10 minutes) or in a daily digest.
 */
export function createSavedSearchesService(deps: {
  db: Db;
  repo: SavedSearchesRepository;
  listings: SavedSearchListings;
  /** The catalogue's categories, to read `categoryId` as browse does (an id or a slug) and to name a search. */
  categories: () => Promise<Category[]>;
  locate: Locate;
  mail: Outbox;
  publicUrl: string;
  /** Signs the unsubscribe links (the session secret; a key is derived from it for this use only). */
  secret: string;
  digestHour: number;
}) {
  const { db, repo, listings, locate, mail } = deps;
  const base = deps.publicUrl.replace(/\/+$/, '');
  const unsubscribeLinks = linkSigner(deps.secret, 'saved-search-unsubscribe');

  /** `{id}.{signature}`: stops one saved search's emails, with no session; never expires (an email may be read late). */
  const unsubscribeToken = (id: number) => `${id}.${unsubscribeLinks.sign([id])}`;

  function readToken(token: string): number | undefined {
    const dot = token.indexOf('.');
    const id = Number(token.slice(0, dot));
    if (dot < 1 || !Number.isSafeInteger(id) || id < 1) return undefined;
    return unsubscribeLinks.verify([id], token.slice(dot + 1)) ? id : undefined;
  }

  async function own(viewer: Viewer, id: number): Promise<ListedSavedSearch> {
    const row = await repo.findOwn(id, viewer.id);
    if (!row) throw notFound(SAVED_SEARCH_TEXTS.notFound);
    return row;
  }

  /** One due search's email, in the claiming transaction: the listings still to show, then every pending match is told. */
  async function sendAlert(tx: Db, alert: Awaited<ReturnType<typeof repo.claimDue>>[number], now: Date): Promise<boolean> {
    let sent = false;
    if (alert.email) {
      const { listings: shown, total } = await repo.pendingListings(tx, alert.id, alert.userId, ALERT_EMAIL_LISTINGS_MAX);
      if (shown.length > 0) {
        const token = unsubscribeToken(alert.id);
        await mail.enqueue(tx, alertEmail({ to: alert.email, alert, listings: shown, total, publicUrl: base, unsubscribeToken: token, digest: alert.frequency === 'daily' }));
        sent = true;
      }
    }
    // Shown, hidden since, or for an address mail may not go to: none of these matches waits any longer.
    await repo.markAlerted(tx, alert.id, now);
    return sent;
  }

  /**
   * Matches the listings published since the last run (up to `now` less the settling time) against the saved
   * searches; one process at a time (the others skip). Answers how many listings were read and matches made.
   */
  async function matchPublished(now: Date = new Date()): Promise<{ listings: number; matches: number }> {
    return transaction(db, async (tx) => {
      const cursor = await repo.claimCursor(tx);
      if (!cursor) return { listings: 0, matches: 0 };
      const published = await repo.publishedAfter(tx, cursor, new Date(now.getTime() - PUBLICATION_SETTLE_MS), LISTINGS_PER_RUN);
      let matches = 0;
      for (const listing of published) matches += await repo.matchListing(tx, listing.id, now);
      const last = published.at(-1);
      if (last) await repo.moveCursor(tx, { publishedAt: last.publishedAt, serviceId: last.id });
      return { listings: published.length, matches };
    });
  }

  /** Emails the alerts that are due at `now`: instant ones, and the daily digests once the digest hour has passed. Answers how many emails. */
  async function sendDue(now: Date = new Date()): Promise<number> {
    return transaction(db, async (tx) => {
      const due = await repo.claimDue(tx, now, INSTANT_ALERT_GAP_MINUTES, lastDigestHour(now, deps.digestHour), ALERTS_PER_RUN);
      let sent = 0;
      for (const alert of due) if (await sendAlert(tx, alert, now)) sent += 1;
      return sent;
    });
  }

  return {
    async list(viewer: Viewer): Promise<SavedSearchList> {
      return presentSavedSearchList(await repo.listOf(viewer.id));
    },

    async create(viewer: Viewer, input: CreateSavedSearch): Promise<SavedSearch> {
      const category = input.categoryId === undefined ? null : (await deps.categories()).find((c) => String(c.id) === input.categoryId || c.slug === input.categoryId);
      if (category === undefined) throw badRequest('Please select a category', { code: 'validation_failed', errors: { categoryId: 'Please select a category' } });
      let area = {};
      if (input.near !== undefined) {
        const place = locate(input.near);
        if (!place) throw badRequest(NEAR_TEXTS.invalidZip, { code: 'validation_failed', errors: { near: NEAR_TEXTS.invalidZip } });
        const radius = input.radius!;
        const box = boxAround(place.latitude, place.longitude, radius);
        area = {
          nearZip: input.near,
          radiusMiles: radius,
          latitude: place.latitude,
          longitude: place.longitude,
          // A box across the antimeridian (no US ZIP is near it) would be null: the widest box then, the distance decides.
          minLatitude: box?.south ?? -90,
          maxLatitude: box?.north ?? 90,
          minLongitude: box?.west ?? -180,
          maxLongitude: box?.east ?? 180,
          includeVirtual: input.includeVirtual ?? true,
        };
      }
      const search = input.search || null;
      const searchQuery = search ? await listings.searchQueryOf(search) : null;
      const row = await transaction(db, async (tx) => {
        if ((await repo.lockAndCount(tx, viewer.id)) >= SAVED_SEARCHES_MAX) throw conflict(SAVED_SEARCH_TEXTS.tooMany, { code: 'saved_search_limit' });
        return repo.insert(tx, {
          userId: viewer.id,
          name: input.name ?? defaultSavedSearchName({ search, category: category?.name ?? null, listingType: input.listingType ?? null, near: input.near ?? null, radius: input.radius ?? null }),
          search,
          searchQuery,
          categoryId: category?.id ?? null,
          listingType: input.listingType ?? null,
          frequency: input.frequency,
          ...area,
        });
      });
      return presentSavedSearch({ ...row, newCount: 0 });
    },

    async update(viewer: Viewer, id: number, changes: UpdateSavedSearch): Promise<SavedSearch> {
      await own(viewer, id);
      await repo.update(id, viewer.id, changes);
      return presentSavedSearch(await own(viewer, id));
    },

    async remove(viewer: Viewer, id: number): Promise<void> {
      if (!(await repo.remove(id, viewer.id))) throw notFound(SAVED_SEARCH_TEXTS.notFound);
    },

    /** The member opened the search: what matched until now is no longer new. */
    async opened(viewer: Viewer, id: number, now = new Date()): Promise<void> {
      if (!(await repo.update(id, viewer.id, { lastOpenedAt: now }))) throw notFound(SAVED_SEARCH_TEXTS.notFound);
    },

    /** The link of an alert email (or its one-click header): that search sends no more email. A valid link to a deleted search is done too. */
    async unsubscribe(token: string | undefined): Promise<void> {
      const id = token === undefined ? undefined : readToken(token);
      if (id === undefined) throw badRequest(SAVED_SEARCH_TEXTS.invalidUnsubscribe, { code: 'invalid_link' });
      await repo.stopAlerts(id);
    },

    unsubscribeToken,

    /** A deleted account's saved searches (account deletion, in its transaction). */
    removeAllOf: (tx: Db, userId: string) => repo.deleteAllOf(tx, userId),

    matchPublished,
    sendDue,

    /** One run of the alerts: match, then email. main.ts runs it every few seconds; tests call it with their clock. */
    async run(now: Date = new Date()): Promise<{ listings: number; matches: number; emails: number }> {
      let total = { listings: 0, matches: 0 };
      for (;;) {
        const batch = await matchPublished(now);
        total = { listings: total.listings + batch.listings, matches: total.matches + batch.matches };
        if (batch.listings < LISTINGS_PER_RUN) break;
      }
      return { ...total, emails: await sendDue(now) };
    },

    pruneMatches: () => repo.pruneMatches(MATCH_RETENTION_DAYS),
  };

}

export type SavedSearchesService = ReturnType<typeof createSavedSearchesService>;
