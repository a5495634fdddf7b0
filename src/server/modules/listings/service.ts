import type { CreateService, ListingDistance, ParsedBrowseQuery, Service, UpdateService } from '#shared/services.js';
import { LOCATION_MESSAGE, NEAR_TEXTS, PRICES_VARY_MESSAGE, RADIUS_DEFAULT_MILES, RELATED_LISTINGS_MAX, serviceSchema } from '#shared/services.js';
import { EXPIRY_TEXTS } from '#shared/listing-expiry.js';
import { LISTING_ACTIVE_TEXTS } from '#shared/listing-active.js';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import { compile } from '../../lib/serializer.js';
import { afterCommit, transaction } from '../../lib/transaction.js';
import type { Viewer } from '../../lib/viewer.js';
import { browseCursor } from './cursor.js';
import { type NearFilter, nearFilter, roundedMiles } from './near.js';
import { cardJson, createListingCards, type ListingCards } from './cards.js';
import { presentService } from './presenter.js';
import { createPublicPageCache, type PublicPageCache } from './public-pages.js';
import type { BrowseFilter, ListingRecord, PageRow, ListingsRepository } from './repository.js';
import { type ListingAccess, listingAccess, mayView, seenByOthers, unavailableReason } from './access.js';
import { createListingExpiry, type ExpirySettings } from './expiry.js';
import { createExpiryRepository } from './expiry-repository.js';
import { createListingPageRevisions } from './page-revision.js';

export const SERVICE_MESSAGES = {
  notFound: 'Service not found',
  notOwner: 'You do not have permission to edit this service',
  deleted: 'This service has been deleted',
  deletedEdit: 'This service has been deleted. Restore it before editing.',
  fixedCategory: 'Category and service type cannot be changed',
} as const;

/** What the listings need from the image module. */
export interface ListingImages {
  resolveRefs(userId: string, refs: string[]): Promise<string[]>;
  attach(tx: Db, userId: string, serviceId: number, ids: string[]): Promise<string[]>;
}

export type Locate = (zipCode: string) => { city: string; state: string; latitude: number; longitude: number } | undefined;

/** A listing's JSON as the routes' compiled serializers write it (decision 030). */
const encodeListing: (service: Service) => string =
  compile(serviceSchema) ??
  (() => {
    throw new Error('The listing schema has no compiled serializer');
  })();

/** The most ids one call of `visibleListingIds` reads: a sitemap file's limit. */
const MAX_ID_PAGE = 50_000;

const toCents = (rate: number | undefined) => (rate === undefined ? null : Math.round(rate * 100));

export function createListingsService(deps: {
  db: Db;
  repo: ListingsRepository;
  images: ListingImages;
  locate: Locate;
  publicPages?: PublicPageCache;
  cards?: ListingCards;
  /** Listings expire (decision 051); without it expiry is off. */
  expiry?: ExpirySettings;
}) {
  const { db, repo, images, locate } = deps;
  const publicPages = deps.publicPages ?? createPublicPageCache(0);
  const forgetPages = (): void => publicPages.forgetAll();
  const cards = deps.cards ?? createListingCards({ loadByIds: (ids) => repo.findListings(ids), encode: encodeListing });
  const expiry = createListingExpiry({ db, repo: createExpiryRepository(db), settings: deps.expiry, forgetPages });
  const pageRevisions = createListingPageRevisions(db);

  /**
   * A page as the JSON text of a BrowseResult, put together from the listings' remembered cards (decision 031);
   * the route's serializer checks the whole of it outside production.
   */
  async function pageJson(rows: PageRow[], nextCursor: string | null, viewer: Viewer | null): Promise<string> {
    const texts = [...(await cardTexts(rows, viewer)).values()];
    return `{"services":[${texts.join(',')}],"nextCursor":${JSON.stringify(nextCursor)}}`;
  }

  /**
   * Each row's listing as its reader sees it, by id in the rows' order; one removed for good meanwhile is left out.
   * Around a point, each card says how far it is (decision 050): the card's text with `distanceMiles` last.
   */
  async function cardTexts(rows: PageRow[], viewer: Viewer | null): Promise<Map<number, string>> {
    const byId = new Map(rows.map((row) => [row.id, row]));
    return new Map(
      (await cards.of(rows)).map((card) => {
        const row = byId.get(card.service.id)!;
        const json = cardJson(card, row, viewer, encodeListing);
        return [card.service.id, row.miles === undefined ? json : `${json.slice(0, -1)},"distanceMiles":${JSON.stringify(roundedMiles(row.miles))}}`];
      }),
    );
  }

  /** The place a search around a ZIP code measures from; an unknown ZIP is refused as a malformed one is. */
  function nearOf(q: ParsedBrowseQuery, mode: NearFilter['mode']): NearFilter | undefined {
    if (q.near === undefined) return undefined;
    const place = locate(q.near);
    if (!place) throw badRequest(NEAR_TEXTS.invalidZip, { code: 'validation_failed', errors: { near: NEAR_TEXTS.invalidZip } });
    return nearFilter(place, q.radius ?? RADIUS_DEFAULT_MILES, mode);
  }

  const presentAll = (records: ListingRecord[], viewerId: string | null) => records.map((r) => presentService(r, viewerId));
  const presentOne = (record: ListingRecord, viewerId: string | null) => presentService(record, viewerId);

  async function load(id: number, viewer: Viewer | null) {
    const record = await repo.findListing(id, viewer?.id ?? null);
    if (!record) throw notFound(SERVICE_MESSAGES.notFound);
    return record;
  }

  /** The listing for its owner, refusing anyone else. */
  async function loadOwn(id: number, user: Viewer) {
    const service = await repo.findById(id);
    if (!service) throw notFound(SERVICE_MESSAGES.notFound);
    if (service.userId !== user.id) throw forbidden(SERVICE_MESSAGES.notOwner);
    return service;
  }

  const present = async (id: number, viewer: Viewer | null) => presentOne(await load(id, viewer), viewer?.id ?? null);

  /** What the access policy needs of a listing the reader may look at; 404 like `get` for any other. */
  async function visibleFacts(id: number, viewerId: string | null) {
    const facts = await repo.findAccessFacts(id, undefined, viewerId);
    // Nor does anyone see a listing of a member they blocked (decision 045).
    if (!facts || !mayView(listingAccess(facts, viewerId)) || facts.ownerBlocked) throw notFound(SERVICE_MESSAGES.notFound);
    return facts;
  }

  /** City and state as sent, or else from the ZIP (the edit payload of the specification (§7) sends only the ZIP). */
  function place(input: { isVirtual: boolean; zipCode?: string; city?: string; state?: string }) {
    if (input.isVirtual) return { zipCode: null, city: null, state: null, latitude: null, longitude: null };
    const spot = input.zipCode ? locate(input.zipCode.slice(0, 5)) : undefined;
    const city = input.city ?? spot?.city;
    const state = input.state ?? spot?.state;
    if (!city || !state) throw badRequest(LOCATION_MESSAGE, { errors: { zipCode: LOCATION_MESSAGE } });
    return { zipCode: input.zipCode ?? null, city, state, latitude: spot?.latitude ?? null, longitude: spot?.longitude ?? null };
  }

  /** The columns a listing's owner sets, the same on creation and on every edit. */
  function editableColumns(input: CreateService | UpdateService) {
    return {
      title: input.title,
      description: input.description,
      ...place(input),
      isVirtual: input.isVirtual,
      rateCents: toCents(input.rate),
      rateType: input.rateType,
      pricesVary: input.pricesVary,
      availability: input.availability,
    };
  }

  /** One page of public listings in the asked order, as JSON text. */
  async function loadPage(q: ParsedBrowseQuery, viewer: Viewer | null): Promise<string> {
    const near = nearOf(q, q.includeVirtual === false ? 'local' : 'around');
    const filter: BrowseFilter = {
      // 'No replies yet' is about requests: it narrows the type to them.
      listingType: q.unanswered ? 'request' : q.listingType,
      ...(near && { near }),
      ...(q.unanswered && { unanswered: true }),
    };
    const none = '{"services":[],"nextCursor":null}';
    if (q.unanswered && q.listingType === 'offer') return none;
    if (q.categoryId !== undefined) {
      filter.categoryId = await repo.findCategoryId(q.categoryId);
      if (filter.categoryId === undefined) return none;
    }
    let titleSearch: string | undefined;
    if (q.search) {
      const query = await repo.searchQuery(q.search);
      if (!query) return none;
      filter.search = query.all;
      titleSearch = query.title;
    }
    const cursor = browseCursor.decode(q.cursor);
    const viewerId = viewer?.id ?? null;
    if (near && q.sort === 'distance') {
      // The listings within the radius, nearest first; then, unless left out, the virtual ones, newest first.
      const rows: PageRow[] = [];
      if (cursor?.k !== 'v') {
        const after = cursor?.k === 'n' ? { miles: cursor.m, id: cursor.i } : undefined;
        rows.push(...(await repo.browseNearest({ ...filter, near }, viewerId, q.limit + 1, after)));
      }
      if (rows.length <= q.limit && near.mode === 'around') {
        const after = cursor?.k === 'v' ? { createdAt: cursor.c, id: cursor.i } : undefined;
        rows.push(...(await repo.browseNewest({ ...filter, near: { ...near, mode: 'virtual' } }, viewerId, q.limit + 1 - rows.length, after)));
      }
      const page = pageOf(rows, q.limit, (last) =>
        last.miles === null || last.miles === undefined ? browseCursor.encode({ k: 'v', c: last.createdKey, i: last.id }) : browseCursor.encode({ k: 'n', m: last.miles, i: last.id }),
      );
      return pageJson(page.items, page.nextCursor, viewer);
    }
    if (titleSearch && q.sort === 'relevance') {
      // Listings with every search word in the title first, then the rest; newest first within each.
      const phase = cursor?.k === 'r' ? cursor.p : 'a';
      const after = cursor?.k === 'r' ? { createdAt: cursor.c, id: cursor.i } : undefined;
      const rows: Array<PageRow & { phase: 'a' | 'b' }> = [];
      if (phase === 'a') {
        const inTitle = await repo.browseNewest({ ...filter, phase: { part: 'title', titleSearch } }, viewerId, q.limit + 1, after);
        rows.push(...inTitle.map((r) => ({ ...r, phase: 'a' as const })));
      }
      if (rows.length <= q.limit) {
        const rest = await repo.browseNewest({ ...filter, phase: { part: 'rest', titleSearch } }, viewerId, q.limit + 1 - rows.length, phase === 'b' ? after : undefined);
        rows.push(...rest.map((r) => ({ ...r, phase: 'b' as const })));
      }
      const page = pageOf(rows, q.limit, (last) => browseCursor.encode({ k: 'r', p: last.phase, c: last.createdKey, i: last.id }));
      return pageJson(page.items, page.nextCursor, viewer);
    }
    const after = cursor?.k === 't' ? { createdAt: cursor.c, id: cursor.i } : undefined;
    const rows = await repo.browseNewest(filter, viewerId, q.limit + 1, after);
    const page = pageOf(rows, q.limit, (last) => browseCursor.encode({ k: 't', c: last.createdKey, i: last.id }));
    return pageJson(page.items, page.nextCursor, viewer);
  }

  return {
    /**
     * The listing as its reader may see it. A listing that exists but may not be seen is refused with why and its
     * category (decision 069), as far as the access policy lets the reader know: `hidden` outranks `deleted`.
     */
    async get(id: number, viewer: Viewer | null) {
      const record = await load(id, viewer);
      const { service, owner } = record;
      const access = listingAccess({ ...service, ownerBanned: owner.isBanned }, viewer?.id ?? null);
      // Nor does anyone see a listing of a member they blocked (decision 045).
      const reason = record.ownerBlocked && access.reason !== 'own' ? 'hidden' : unavailableReason(access);
      if (reason) throw notFound(SERVICE_MESSAGES.notFound, { details: { unavailable: { reason, category: record.category } } });
      return presentOne(record, viewer?.id ?? null);
    },

    /**
     * The listing page's related listings as the JSON text of RelatedServices, for whoever may see the listing
     * (404 like `get` otherwise): cards as browse shows them, so only public listings, and no query per listing.
     */
    async relatedJson(id: number, viewer: Viewer | null, seen?: Pick<Service, 'id' | 'userId' | 'categoryId'>): Promise<string> {
      const viewerId = viewer?.id ?? null;
      // `seen`: the listing as `get` has just answered it to the same person (a server-rendered page, decision 065),
      // so they may see it; it is not read and checked a second time.
      const facts = seen?.id === id ? seen : await visibleFacts(id, viewerId);
      const { moreFromOwner, similar } = await repo.relatedRows(facts, viewerId, RELATED_LISTINGS_MAX);
      const texts = await cardTexts([...moreFromOwner, ...similar], viewer);
      const list = (rows: PageRow[]) => rows.flatMap((row) => texts.get(row.id) ?? []).join(',');
      return `{"moreFromOwner":[${list(moreFromOwner)}],"similar":[${list(similar)}]}`;
    },

    /**
     * How far a listing is from a ZIP code's centre (its page says '≈ 3.2 mi away', decision 052), for whoever
     * may see it (404 like `get` otherwise); rounded as the cards' distances are. An unknown ZIP is refused as browse
     * refuses it.
     */
    async distanceTo(id: number, zipCode: string, viewer: Viewer | null): Promise<ListingDistance> {
      const place = locate(zipCode);
      if (!place) throw badRequest(NEAR_TEXTS.invalidZip, { code: 'validation_failed', errors: { near: NEAR_TEXTS.invalidZip } });
      await visibleFacts(id, viewer?.id ?? null);
      const miles = await repo.milesTo(id, place);
      if (miles === undefined) throw notFound(SERVICE_MESSAGES.notFound);
      return { distanceMiles: roundedMiles(miles) };
    },

    /** A signed-in person's page as JSON text; `q` comes validated by the route's query schema. */
    browseJson(q: ParsedBrowseQuery, viewer: Viewer): Promise<string> {
      return loadPage(q, viewer);
    },

    /**
     * A member's public listings, newest first, as the JSON text of a BrowseResult (their member page, decision 049):
     * the same cards, keyset and blocks as browse.
     */
    async ownerPageJson(ownerId: string, q: { limit: number; cursor?: string }, viewer: Viewer | null): Promise<string> {
      const cursor = browseCursor.decode(q.cursor);
      const after = cursor?.k === 't' ? { createdAt: cursor.c, id: cursor.i } : undefined;
      const rows = await repo.browseNewest({ ownerId }, viewer?.id ?? null, q.limit + 1, after);
      const page = pageOf(rows, q.limit, (last) => browseCursor.encode({ k: 't', c: last.createdKey, i: last.id }));
      return pageJson(page.items, page.nextCursor, viewer);
    },

    /**
     * The revision of the listing's page as a signed-out visitor sees it (decision 065): a remembered render of the
     * page is current while this is the same.
     */
    pageRevision: (id: number) => pageRevisions.listingPage(id),

    /** A signed-out visitor's page as JSON text, maybe served from memory. */
    browsePublicJson(q: ParsedBrowseQuery): Promise<string> {
      return publicPages.get(JSON.stringify(q), () => loadPage(q, null));
    },

    /** What a signed-out visitor may see, as ids and update times, one bounded page at a time (the sitemap). */
    visibleListingIds(afterId: number, throughId: number, limit: number) {
      return repo.publicListingIds(afterId, throughId, Math.min(limit, MAX_ID_PAGE));
    },

    async listOwn(user: Viewer) {
      return presentAll(await repo.listOwn(user.id), user.id);
    },

    /** `postedAt` backdates a listing (the demo neighbourhood's, posted over past weeks); people's listings are posted now. */
    async create(user: Viewer, input: CreateService, { postedAt }: { postedAt?: Date } = {}) {
      if (!(await repo.findCategoryId(String(input.categoryId)))) throw badRequest('Please select a category', { errors: { categoryId: 'Please select a category' } });
      if (!(await repo.serviceTypeBelongsTo(input.serviceTypeId, input.categoryId))) {
        throw badRequest('Please select a service', { errors: { serviceTypeId: 'Please select a service' } });
      }
      const columns = editableColumns(input);
      // Images are checked and re-encoded before the transaction: sharp is slow and must not hold it open.
      const imageIds = await images.resolveRefs(user.id, input.images);
      const id = await transaction(db, async (tx) => {
        const row = await repo.insert(tx, {
          userId: user.id,
          categoryId: input.categoryId,
          serviceTypeId: input.serviceTypeId,
          listingType: input.listingType,
          ...columns,
          ...expiry.renewalColumns(new Date()),
          ...(postedAt && { createdAt: postedAt, updatedAt: postedAt }),
        });
        await images.attach(tx, user.id, row.id, imageIds);
        await afterCommit(tx, forgetPages);
        return row.id;
      });
      return present(id, user);
    },

    async update(user: Viewer, id: number, input: UpdateService) {
      const existing = await loadOwn(id, user);
      if (existing.deletedAt) throw conflict(SERVICE_MESSAGES.deletedEdit, { code: 'listing_deleted' });
      if (input.categoryId !== existing.categoryId || input.serviceTypeId !== existing.serviceTypeId) {
        throw badRequest(SERVICE_MESSAGES.fixedCategory, { errors: { categoryId: SERVICE_MESSAGES.fixedCategory } });
      }
      if (existing.listingType === 'offer' && !input.pricesVary && input.rate === undefined) throw badRequest(PRICES_VARY_MESSAGE, { errors: { rate: PRICES_VARY_MESSAGE } });
      const columns = editableColumns(input);
      const imageIds = await images.resolveRefs(user.id, input.images);
      await transaction(db, async (tx) => {
        await repo.update(tx, id, {
          ...columns,
          ...(input.isActive !== undefined && { isActive: input.isActive }),
          // An edit (a pause or a resume included) renews the listing (decision 051).
          ...expiry.renewalColumns(new Date()),
          updatedAt: new Date(),
        });
        await images.attach(tx, user.id, id, imageIds);
        await afterCommit(tx, forgetPages);
      });
      return present(id, user);
    },

    /**
     * The owner pauses or resumes their listing (decision 070): only `isActive` changes, so its expiry and its
     * 'Updated on' stay as they were. A deleted listing is refused as an edit is (409 `listing_deleted`); an expired
     * one is not resumed (409 `listing_expired`): it shows again only by a renewal, which says so. Setting the state it
     * already has writes nothing.
     */
    async setActive(user: Viewer, id: number, isActive: boolean) {
      const existing = await loadOwn(id, user);
      if (existing.deletedAt) throw conflict(LISTING_ACTIVE_TEXTS.deleted, { code: 'listing_deleted' });
      if (isActive && existing.expired) throw conflict(LISTING_ACTIVE_TEXTS.expiredResume, { code: 'listing_expired' });
      if (existing.isActive !== isActive) {
        await transaction(db, async (tx) => {
          await repo.update(tx, id, { isActive });
          await afterCommit(tx, forgetPages);
        });
      }
      return present(id, user);
    },

    async remove(user: Viewer, id: number) {
      const existing = await loadOwn(id, user);
      if (!existing.deletedAt) await repo.update(db, id, { deletedAt: new Date() });
      forgetPages();
      return present(id, user);
    },

    async restore(user: Viewer, id: number) {
      const existing = await loadOwn(id, user);
      if (existing.deletedAt) await repo.update(db, id, { deletedAt: null });
      forgetPages();
      return present(id, user);
    },

    /** The owner renews their listing, expired or not (decision 051): it shows again and expires LISTING_TTL_DAYS from now. */
    async renew(user: Viewer, id: number) {
      const existing = await loadOwn(id, user);
      if (existing.deletedAt) throw conflict(EXPIRY_TEXTS.deletedRenew, { code: 'listing_deleted' });
      await transaction(db, async (tx) => {
        await repo.update(tx, id, expiry.renewalColumns(new Date()));
        await afterCommit(tx, forgetPages);
      });
      return present(id, user);
    },

    /** What an emailed renewal link would renew, for its landing page (anyone holding the link). */
    renewalPreview: (id: number, token: string) => expiry.preview(id, token),

    /** Renews through an emailed link, without signing in; the link then stops working. */
    renewByLink: (id: number, token: string) => expiry.renewByLink(id, token, new Date()),

    /**
     * The expiry sweep as of `now` (main.ts: every minute; tests pass later moments instead of waiting): reminders a
     * week ahead through the outbox, then listings past their expiry hidden.
     */
    runExpiry: (now: Date) => expiry.run(now),

    async setLiked(user: Viewer, id: number, liked: boolean) {
      const access = listingAccess(await repo.findAccessFacts(id), user.id);
      if (access.reason !== 'own' && !seenByOthers(access)) throw notFound(SERVICE_MESSAGES.notFound);
      if (access.deleted) throw conflict(SERVICE_MESSAGES.deleted, { code: 'listing_deleted' });
      const likeCount = liked ? await repo.like(id, user.id) : await repo.unlike(id, user.id);
      forgetPages();
      return { liked, likeCount };
    },

    // What other modules do to listings, inside their own transaction: the listings module forgets its pages once
    // that transaction commits, so no caller has to remember to (decision 035).

    /**
     * What the listing is to `viewerId` under the one access policy (access.ts), with the little other modules show
     * of it; `listing` is undefined when it does not exist.
     */
    async access(id: number, viewerId: string | null, tx: Db = db): Promise<ListingAccess & { listing?: { id: number; userId: string; title: string } }> {
      const facts = await repo.findAccessFacts(id, tx);
      return { ...listingAccess(facts, viewerId), ...(facts && { listing: { id: facts.id, userId: facts.userId, title: facts.title } }) };
    },

    /** A listing's title, for an email about it (the messaging module); undefined when it is gone. */
    async titleOf(id: number, tx: Db = db): Promise<string | undefined> {
      return (await repo.findAccessFacts(id, tx))?.title;
    },

    /** A new review counted into the listing's rating (the reviews module). */
    async addRating(tx: Db, serviceId: number, rating: number): Promise<void> {
      await repo.addRating(tx, serviceId, rating);
      await afterCommit(tx, forgetPages);
    },

    ratingCounters: (serviceId: number) => repo.ratingCounters(serviceId),

    /** A deleted account's listings and likes (account deletion). */
    async removeAllOf(tx: Db, userId: string): Promise<void> {
      await repo.deleteAllOf(tx, userId);
      await repo.unlikeAllBy(tx, userId);
      await afterCommit(tx, forgetPages);
    },

    /** One listing removed for good by the administrator; its title, or undefined when there was none. */
    async deleteForGood(tx: Db, serviceId: number): Promise<{ title: string; userId: string } | undefined> {
      const deleted = await repo.deleteOne(tx, serviceId);
      if (deleted) await afterCommit(tx, forgetPages);
      return deleted;
    },

    /**
     * What a saved search keeps of its words (the saved-searches module): the tsquery browse makes of them now, or
     * null when they constrain nothing (stop words only).
     */
    async searchQueryOf(search: string): Promise<string | null> {
      return (await repo.searchQuery(search))?.all ?? null;
    },

    /** A category's id from its id or slug, as browse reads `categoryId`; undefined when there is none. */
    categoryIdOf: (idOrSlug: string) => repo.findCategoryId(idOrSlug),

    /** Housekeeping: forgets search words no listing uses any more. */
    pruneSearchWords: () => repo.pruneSearchWords(),

    /** An owner was banned or let back: the database moved their listings (decision 033); the pages follow. */
    ownerBanChanged: (tx: Db) => afterCommit(tx, forgetPages),
  };
}

export type ListingsService = ReturnType<typeof createListingsService>;
