import { LRUCache } from 'lru-cache';

/**
 * Browse pages as signed-out visitors see them, kept for a moment: the first page of a busy marketplace is
 * read far more often than listings change, and every read served from memory is a database round trip saved.
 * Any listing change made through this process forgets them all at once; another process's changes show
 * within `ttlMs`. Concurrent misses for one page share a single query. Signed-in readers never use it
 * (their pages say which listings they liked and show their own email). Pages are kept as the JSON text
 * sent, so a page served from memory costs no serialisation either.
 */
export function createPublicPageCache(ttlMs: number) {
  let generation = 0;
  const pages =
    ttlMs > 0
      ? new LRUCache<string, string, () => Promise<string>>({
          max: 2000,
          ttl: ttlMs,
          fetchMethod: (_key, _stale, { context }) => context(),
        })
      : undefined;

  return {
    async get(key: string, load: () => Promise<string>): Promise<string> {
      if (!pages) return load();
      // The generation in the key keeps a page loaded before a change from being stored after it.
      return (await pages.fetch(`${generation}|${key}`, { context: load }))!;
    },
    forgetAll() {
      generation += 1;
      pages?.clear();
    },
  };
}

export type PublicPageCache = ReturnType<typeof createPublicPageCache>;
