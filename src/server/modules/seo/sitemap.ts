import { LRUCache } from 'lru-cache';
import { INT4_MAX } from '#shared/input.js';

/** The sitemap protocol's limit of URLs in one file (and of files in one index). */
export const SITEMAP_URL_LIMIT = 50_000;
/** How long a written sitemap file is served from memory: crawlers read it rarely, a new listing can wait that long. */
export const SITEMAP_CACHE_MS = 5 * 60_000;

/** What the sitemap reads of the other modules. */
export interface SitemapSources {
  /** The catalogue's categories (in memory). */
  categories(): Promise<ReadonlyArray<{ slug: string }>>;
  /** The listings a signed-out visitor can see with ids in (afterId, throughId], in id order, at most `limit`. */
  visibleListingIds(afterId: number, throughId: number, limit: number): Promise<Array<{ id: number; updatedAt: Date }>>;
}

export interface SitemapOptions {
  publicUrl: string;
  sources: SitemapSources;
  /** URLs per file; a test makes it small to see the index. */
  urlsPerFile?: number;
  /** 0 writes every file on each request. */
  cacheMs?: number;
}

/** The site's own pages, always in the sitemap (in its first file). */
const PUBLIC_PAGES = ['/', '/services', '/about', '/terms'];

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const xmlEscape = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

interface Entry {
  path: string;
  lastmod?: Date;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/**
 * The sitemap (decision 041). While every URL fits in one file, `/sitemap.xml` is that file. Past that it is an
 * index of files `/sitemap.xml?page=N`: file N holds the visible listings whose ids lie in the N-th range of
 * `urlsPerFile - (the site's own pages)` ids, the first also the site's own pages, so no file passes the limit. A
 * listing keeps its file for good (new ones go to the last file, removed ones leave a gap), each file is one bounded
 * range scan of the primary key, and the index skips ranges with nothing visible in one query per file it lists.
 */
export function createSitemap({ publicUrl, sources, urlsPerFile = SITEMAP_URL_LIMIT, cacheMs = SITEMAP_CACHE_MS }: SitemapOptions) {
  const loc = (path: string) => `<loc>${xmlEscape(`${publicUrl}${path}`)}</loc>`;
  const urlset = (entries: Entry[]) =>
    `${XML_HEAD}<urlset xmlns="${NS}">\n${entries
      .map(({ path, lastmod }) => `<url>${loc(path)}${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>\n`)
      .join('')}</urlset>\n`;
  const sitemapIndex = (pages: number[]) =>
    `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${pages.map((page) => `<sitemap>${loc(`/sitemap.xml?page=${page}`)}</sitemap>\n`).join('')}</sitemapindex>\n`;

  async function ownPages(): Promise<Entry[]> {
    const categories = await sources.categories();
    return [...PUBLIC_PAGES, ...categories.map((c) => `/services?category=${encodeURIComponent(c.slug)}`)].map((path) => ({ path }));
  }
  const listingEntries = (rows: Array<{ id: number; updatedAt: Date }>): Entry[] => rows.map((row) => ({ path: `/services/${row.id}`, lastmod: row.updatedAt }));
  /** How many listing ids one file's range spans. */
  const rangeWidth = (own: Entry[]) => Math.max(1, urlsPerFile - own.length);

  /** `/sitemap.xml`: the one file, or the index once the URLs do not fit in one. */
  async function root(): Promise<string> {
    const own = await ownPages();
    const width = rangeWidth(own);
    const rows = await sources.visibleListingIds(0, INT4_MAX, width + 1);
    if (rows.length <= width) return urlset([...own, ...listingEntries(rows)]);
    const pages = [1];
    for (let after = width; after < INT4_MAX && pages.length < SITEMAP_URL_LIMIT; ) {
      const [next] = await sources.visibleListingIds(after, INT4_MAX, 1);
      if (!next) break;
      const page = Math.ceil(next.id / width);
      pages.push(page);
      after = page * width;
    }
    return sitemapIndex(pages);
  }

  /** File `page` of the index; undefined when it has nothing to list (past the last listing, or a gap). */
  async function file(page: number): Promise<string | undefined> {
    const own = await ownPages();
    const width = rangeWidth(own);
    if ((page - 1) * width >= INT4_MAX) return undefined;
    const rows = await sources.visibleListingIds((page - 1) * width, Math.min(page * width, INT4_MAX), width);
    if (page > 1 && rows.length === 0) return undefined;
    return urlset([...(page === 1 ? own : []), ...listingEntries(rows)]);
  }

  const write = (key: number) => (key === 0 ? root() : file(key));
  const cache =
    cacheMs > 0
      ? new LRUCache<number, string>({
          max: 1_000,
          // A full file is about 5 MB.
          maxSize: 64 * 1024 * 1024,
          sizeCalculation: (text) => text.length,
          ttl: cacheMs,
          // Crawlers arriving together share one read.
          fetchMethod: write,
        })
      : undefined;

  return {
    /** The XML of `/sitemap.xml` (page undefined) or of `/sitemap.xml?page=N`; undefined when there is no such file. */
    async get(page?: number): Promise<string | undefined> {
      const key = page ?? 0;
      return cache ? cache.fetch(key) : write(key);
    },
  };
}

export type Sitemap = ReturnType<typeof createSitemap>;
