import { createContext, useContext, useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { PageHead } from '#shared/pages.js';
import { SITE_NAME } from './site.js';

/**
 * On the server, the page being rendered writes its head and status here (effects do not run there); the server
 * puts them in the document it sends (decision 042). In the browser there is none, and the effect sets the head.
 */
export class ServerPageHead {
  head: PageHead | null = null;
  status: 200 | 404 = 200;

  setHead(head: PageHead): void {
    this.head = head;
  }

  notFound(): void {
    this.status = 404;
  }
}

export const ServerPageHeadContext = createContext<ServerPageHead | null>(null);

export const fullTitle = (title: string) => (title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`);

/** Meta tags only the server writes for link previews (marked so), gone once the browser moves to another page. */
let firstPage = true;

function setMeta(name: string, content: string) {
  let meta = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = name;
    document.head.appendChild(meta);
  }
  meta.content = content;
}

/**
 * Sets the document title (suffixed with the site name), the meta description and the canonical address of the
 * current page; `extra` adds what link previews and search engines read (written by the server render).
 */
export function usePageMeta(
  title: string,
  description: string,
  extra?: Pick<PageHead, 'type' | 'image' | 'structuredData' | 'noIndex'> & {
    /** The page's address without what only changes how it reads to this reader (a listing's `?near=`). */
    canonicalPath?: string;
  },
): void {
  const server = useContext(ServerPageHeadContext);
  const [path] = useLocation();
  const search = useSearch();
  const { canonicalPath: ownAddress, ...head } = extra ?? {};
  const canonicalPath = ownAddress ?? (search ? `${path}?${search}` : path);
  server?.setHead({ title: fullTitle(title), description, canonicalPath, ...head });

  useEffect(() => {
    document.title = fullTitle(title);
    setMeta('description', description);
    const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (canonical) canonical.href = new URL(canonicalPath, canonical.href).href;
    if (firstPage) firstPage = false;
    else for (const element of document.head.querySelectorAll('[data-page-head]')) element.remove();
  }, [title, description, canonicalPath]);
}

/** The page answers "not found": the server sends it with status 404. */
export function useNotFoundStatus(): void {
  const server = useContext(ServerPageHeadContext);
  server?.notFound();
}
