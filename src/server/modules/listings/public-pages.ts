import { LRUCache } from 'lru-cache';

/**
 * Browse pages as signed-out visitors see them, kept for a moment: the first page of a busy marketplace is
 * read far more often than listings change, and every read served from memory is a database round trip saved.
 * Any listing change forgets them all at once: this process's directly, another process's when its notice
 * arrives through `peers` (the live events bus, decision 026; `ttlMs` is only the backstop). Concurrent misses for one page share a single query. Signed-in readers never use it
 * (their pages say which listings they liked and show their own email). Pages are kept as the JSON text
 * sent, so a page served from memory costs no serialisation either.
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
      ? new LRUCache<string, string, () => Promise<string>>({
          max: 2000,
          ttl: ttlMs,
          fetchMethod: (_key, _stale, { context }) => context(),
          ignoreFetchAbort: true,
        })
      : undefined;

  const forgetHere = () => {
    generation += 1;
    pages?.clear();
  };
  if (pages) peers?.onListingsChanged(forgetHere);

  return {
    async get(key: string, load: () => Promise<string>): Promise<string> {
      if (!pages) return load();
      // The generation in the key: a request after a change never joins or reads a load begun before it.
      return (await pages.fetch(`${generation}|${key}`, { context: load }))!;
    },
    /** After a committed listing change: forgets here, and tells the other processes to. */
    forgetAll() {
      forgetHere();
      void peers?.listingsChanged();
    },
  };
}

/** The other app processes serving the same database (the live events bus). */
export interface CachePeers {
  /** Never rejects. */
  listingsChanged(): Promise<void>;
  onListingsChanged(listener: () => void): () => void;
}

export type PublicPageCache = ReturnType<typeof createPublicPageCache>;
