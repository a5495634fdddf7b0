import { LRUCache } from 'lru-cache';
import type { Service } from '#shared/services.js';
import { presentService } from './presenter.js';
import type { ListingRecord, PageRow } from './repository.js';

/**
 * How much one process keeps: 32 MB, about 10,000 cards (400 pages of 24). A card is counted at three times its
 * JSON's length, for the text and the object it was written from.
 */
const CARDS_BYTES = 32 * 1024 * 1024;

/**
 * Listings as a browse page shows them, remembered by id and revision (decision 031). Every change to a listing's
 * row, its pictures, or its owner's name or picture moves the row's `revision` (database triggers, migration 0013),
 * and a page's query reads each listing's current revision: a remembered card is used only while the database still
 * holds exactly what it was made from, so it can never be stale, in this process or any other, and nothing has to
 * be told about changes. This is not a page cache: every page still asks the database which listings it holds,
 * in which order, at which revision, and which of them the reader liked.
 *
 * Cards are made for nobody in particular (not liked, no email); `cardJson` adds what belongs to the reader.
 */
export function createListingCards(deps: { loadByIds: (ids: number[]) => Promise<ListingRecord[]>; encode: EncodeService; maxBytes?: number }) {
  const remembered = new LRUCache<string, Card>({ maxSize: deps.maxBytes ?? CARDS_BYTES, sizeCalculation: (card) => 3 * card.json.length });
  const key = (id: number, revision: number) => `${id}:${revision}`;

  return {
    /** The cards of a page's rows, in the rows' order. */
    async of(rows: PageRow[]): Promise<Card[]> {
      const cards = rows.map((row) => remembered.get(key(row.id, row.revision)));
      const missing = rows.filter((_, index) => cards[index] === undefined).map((row) => row.id);
      if (missing.length === 0) return cards as Card[];
      const made = new Map<number, Card>();
      for (const record of await deps.loadByIds(missing)) {
        const service = presentService(record, null);
        const card = { service, json: deps.encode(service) };
        // A listing changed between the two queries is shown as it is now, and kept under its newer revision.
        remembered.set(key(record.service.id, record.service.revision), card);
        made.set(record.service.id, card);
      }
      // A listing removed for good between the two queries is left out.
      return rows.flatMap((row, index) => cards[index] ?? made.get(row.id) ?? []);
    },
  };
}

/**
 * A card's JSON as its reader sees it: marked when they liked it, and with their own email on their own listings
 * (written afresh for them; everyone else's is the remembered text).
 */
export function cardJson(card: Card, row: PageRow, viewer: { id: string; email: string | null } | null, encode: EncodeService): string {
  const { service } = card;
  const own = viewer !== null && viewer.id === service.user.id;
  if (!row.isLiked && !own) return card.json;
  return encode({ ...service, isLikedByUser: row.isLiked, user: own ? { ...service.user, email: viewer.email } : service.user });
}

/** A listing as a page shows it to nobody in particular, and its JSON as the route's serializer writes it. */
export interface Card {
  service: Service;
  json: string;
}
export type EncodeService = (service: Service) => string;

export type ListingCards = ReturnType<typeof createListingCards>;
