import { LRUCache } from 'lru-cache';

/**
 * Browse pages as signed-out visitors see them, kept for a moment: the first page of a busy marketplace is
 * read far more often than listings change, and every read served from memory is a database round trip saved.
 * Any listing change forgets them all at once: this process's directly, another process's when its notice
 * arrives through `peers` (the live events bus, decision 026; `ttlMs` is only the backstop). Concurrent misses for one page share a single query. Signed-in readers never use it
 * (their pages say which listings they liked and show their own email). Pages are kept as the JSON text
 * sent, so a page served from memory costs no serialisation either; rendered documents with their compressed bytes.
 *
 * A change during a load (decision 020): the visitors already waiting on it get its page, which was current
 * when they asked; nobody after the change does. Clearing the cache would abort the load and fail every one
 * of them, so the abort is ignored (`ignoreFetchAbort`), and the generation in the key keeps the result of a
 * load begun before a change from being stored or shared after it (lru-cache stores a fetch's result only
 * while its own entry still holds it, and `clear()` removed that entry). A peer's notice is such a change too.
 */
export function createPublicPageCache(ttlMs: number, peers?: CachePeers) {
  let generation = 0;
  const pages =
    ttlMs > 0
      ? new LRUCache<string, Remembered, () => Promise<Remembered>>({
          max: 2000,
          // Bounded by bytes too: a rendered page weighs a dozen browse answers, and any query string makes one.
          maxSize: MAX_BYTES,
          sizeCalculation: sizeOf,
          ttl: ttlMs,
          fetchMethod: (_key, _stale, { context }) => context(),
          ignoreFetchAbort: true,
        })
      : undefined;

  // Renders remembered with the revision of what they show (decision 065): not cleared by a change, which moves the
  // revision instead, so a page nobody changed is kept as long as memory allows.
  const revised = ttlMs > 0 ? new LRUCache<string, AtRevision>({ maxSize: MAX_BYTES, sizeCalculation: (entry) => sizeOf(entry.value) }) : undefined;
  const revisedLoads = new Map<string, Promise<Remembered>>();

  const forgetHere = () => {
    generation += 1;
    pages?.clear();
  };
  if (pages) peers?.onListingsChanged(forgetHere);

  return {
    /** Whether anything is remembered at all (LISTINGS_CACHE_MS is not 0). */
    remembers: pages !== undefined,
    /** The page remembered under `key`, else `load`'s, remembered. A key holds one kind of value. */
    async get<T extends Remembered>(key: string, load: () => Promise<T>): Promise<T> {
      if (!pages) return load();
      // The generation in the key: a request after a change never joins or reads a load begun before it.
      return (await pages.fetch(`${generation}|${key}`, { context: load })) as T;
    },
    /**
     * The value remembered under `key` at the revision `revisionOf` reads now, else `load`'s, remembered at that
     * revision when `load` says it may be (decision 065). The revision is read before `load` reads anything: a change
     * in between makes the next visitor's revision differ, and never leaves an older value under a newer revision.
     * Concurrent misses for one key at one revision share a single load. Off, like the rest, when the page cache is
     * (nor is the revision read then).
     */
    async atRevision<T extends Remembered>(key: string, revisionOf: () => Promise<string>, load: () => Promise<{ value: T; keep: boolean }>): Promise<T> {
      if (!revised) return (await load()).value;
      const revision = await revisionOf();
      const known = revised.get(key);
      if (known?.revision === revision) return known.value as T;
      const loadKey = `${revision}|${key}`;
      let loading = revisedLoads.get(loadKey);
      if (!loading) {
        loading = load()
          .then(({ value, keep }) => {
            if (keep) revised.set(key, { revision, value });
            return value;
          })
          .finally(() => revisedLoads.delete(loadKey));
        revisedLoads.set(loadKey, loading);
      }
      return (await loading) as T;
    },
    /** After a committed listing change: forgets here, and tells the other processes to. */
    forgetAll() {
      forgetHere();
      void peers?.listingsChanged();
    },
  };
}

/** What is remembered: a JSON text, or a value that says how many bytes it holds (a rendered document and its encodings). */
export type Remembered = string | { readonly bytes: number };

interface AtRevision {
  revision: string;
  value: Remembered;
}

const sizeOf = (value: Remembered) => Math.max(1, typeof value === 'string' ? value.length : value.bytes);

/**
 * All remembered pages together stay under this many bytes (characters for a text), about 64 MB; the renders kept by
 * revision as many again (mostly the same objects: a page served from the first is the second's).
 */
const MAX_BYTES = 64 * 1024 * 1024;

/** The other app processes serving the same database (the live events bus). */
export interface CachePeers {
  /** Never rejects. */
  listingsChanged(): Promise<void>;
  onListingsChanged(listener: () => void): () => void;
}

export type PublicPageCache = ReturnType<typeof createPublicPageCache>;
