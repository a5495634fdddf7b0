import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { INT4_MAX } from '#shared/input.js';
import type { RenderPage } from '#shared/pages.js';
import type { PageVisitor } from '../accounts/index.js';
import { type PageRead, type PageReads, pageData } from './data.js';
import { pageChunks, type PageTemplate, plainDocumentFor, type ReadPublicFile, renderDocument, type ViteManifest } from './document.js';

/** The web app's server entry, its document and its build manifest (main.ts loads them from dist; tests from src). */
export interface PageRenderer {
  render: RenderPage;
  template: string;
  manifest?: ViteManifest;
  /** The files the template links to that rendered documents carry inline (the theme and boot scripts). */
  readFile?: ReadPublicFile;
}

/** A rendered page as it is sent: its status, and the whole document. */
interface SentPage {
  status: number;
  html: string;
}

type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];

/**
 * A signed-out render as remembered: the document, and its Brotli and gzip encodings, each compressed the first time
 * a browser asks for it; a page read over and over (a shared link) then costs no compression per visit.
 */
interface RememberedPage extends SentPage {
  encoded: Partial<Record<Encoding, Buffer>>;
  /** What it weighs in the cache: the document, and a quarter more for its two encodings (HTML shrinks to well under an eighth). */
  bytes: number;
}

/**
 * Brotli's quality for a remembered page (compressed once, sent many times) and for a page rendered for one visitor.
 * A page sent once is compressed below the API's quality 4 (decision 041): on a 40.7 KB listing page quality 2 takes
 * 0.29 ms of CPU against 0.69 and sends 9.6 KB against 9.1, and compression was a sixth of a render's CPU (decision 074).
 */
const REMEMBERED_BROTLI_QUALITY = 6;
const LIVE_BROTLI_QUALITY = 2;

/**
 * The document in an encoding, compressed in one call on this thread whatever its size (decision 065): the compression
 * hook would stream a document above 64 KB (decision 041), and the thread pool's asynchronous call costs more CPU in all
 * than it saves this thread (a 90 KB page at quality 4: 2.5–3.6 ms of CPU, 0.7–3.8 ms of it on this thread, against
 * 1.4–2.1 ms in one call here).
 */
function encode(html: string, encoding: Encoding, quality: number): Buffer {
  return encoding === 'br' ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: html.length } }) : gzipSync(html);
}

const remember = (page: SentPage): RememberedPage => ({ ...page, encoded: {}, bytes: Math.ceil(page.html.length * 1.25) });

function encodedAs(page: RememberedPage, encoding: Encoding, quality: number): Buffer {
  page.encoded[encoding] ??= encode(page.html, encoding, quality);
  return page.encoded[encoding];
}

/** The encoding the browser prefers among those a remembered page has, by Accept-Encoding; none for identity. */
function acceptedEncoding(request: FastifyRequest): Encoding | null {
  const header = request.headers['accept-encoding'];
  return header ? negotiate(header.toLowerCase(), ENCODINGS) : null;
}

/** The listing a page address shows, from its canonical form `/services/{id}` (any query); null for any other page. */
function listingPageId(url: string): number | null {
  const path = url.split('?', 1)[0]!;
  const match = /^\/services\/([1-9]\d{0,9})$/.exec(path);
  const id = match ? Number(match[1]) : null;
  return id !== null && id <= INT4_MAX ? id : null;
}

export interface PageHandlerOptions {
  renderer: PageRenderer;
  /** The renderer's template as `parseTemplate` prepared it. */
  template: PageTemplate;
  publicUrl: string;
  reads: PageReads;
  /** Who asks, from the session cookie; never writes. */
  visitors: (request: FastifyRequest) => Promise<PageVisitor | null>;
  /**
   * Where signed-out renders are remembered: for a moment, forgotten whenever a listing changes (the browse JSON's
   * cache), and a listing's page by its revision (decision 065).
   */
  cache: {
    /** Off (LISTINGS_CACHE_MS=0), a signed-out render is sent once, compressed as a live answer is. */
    remembers: boolean;
    get<T extends { bytes: number }>(key: string, load: () => Promise<T>): Promise<T>;
    atRevision<T extends { bytes: number }>(key: string, revision: () => Promise<string>, load: () => Promise<{ value: T; keep: boolean }>): Promise<T>;
  };
  log: FastifyBaseLogger;
}

/**
 * Answers a page address (decision 042): public pages rendered on the server for the person asking, with the
 * status the page chose (404 for an unknown address or a listing they may not see); pages that need a signed-in
 * person are the plain document, which the browser renders. A render that fails is logged and sent plain too.
 */
export function createPageHandler(options: PageHandlerOptions) {
  const { renderer, template, publicUrl, reads, visitors, cache, log } = options;
  const plain: SentPage = { status: 200, html: template.plain };
  const plainSignedOut: SentPage = { status: 200, html: plainDocumentFor(template, null) };
  const chunks = pageChunks(renderer.manifest);

  async function renderFor(url: string, visitor: PageVisitor | null, onRead?: (read: PageRead) => void): Promise<SentPage> {
    const data = pageData(reads, visitor, onRead);
    const page = await renderer.render(url, data);
    if (!page) return visitor ? { status: 200, html: plainDocumentFor(template, data.currentUser) } : plainSignedOut;
    return { status: page.status, html: renderDocument(template, page, { publicUrl, chunks }) };
  }

  /**
   * A signed-out render of a listing's page, remembered at the revision of everything it shows (decision 065): the
   * listing, its related listings, its reviews and the catalogue's names for its category, read in one statement
   * before the render. A render that read anything else (a page whose prefetch grew) is sent but not kept.
   */
  function listingPage(url: string, id: number): Promise<RememberedPage> {
    const covered = new Set<PageRead>([`listing:${id}`]);
    const revision = async () => {
      const { revision, categoryId } = await reads.listings.pageRevision(id);
      if (categoryId === null) return revision;
      covered.add(`service-types:${categoryId}`);
      return `${revision}|${(await reads.catalogue.serviceTypesAnswer(categoryId))?.etag ?? ''}`;
    };
    return cache.atRevision(`page ${url}`, revision, async () => {
      let keep = true;
      const page = remember(await renderFor(url, null, (read) => (keep &&= covered.has(read))));
      return { value: page, keep };
    });
  }

  /** A signed-out render as the cache remembers it: for a moment, and a listing's page at its revision. */
  function signedOutPage(url: string): Promise<RememberedPage> {
    return cache.get(`page ${url}`, async () => {
      const id = listingPageId(url);
      return id === null ? remember(await renderFor(url, null)) : listingPage(url, id);
    });
  }

  return async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const url = request.url;
    reply.header('content-type', 'text/html; charset=utf-8');
    let visitor: PageVisitor | null = null;
    let sent: SentPage;
    try {
      visitor = await visitors(request);
      if (!visitor) {
        const page = await signedOutPage(url);
        const encoding = acceptedEncoding(request);
        reply.code(page.status).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
        // Sent as remembered; the compression hook leaves an answer that has its encoding.
        const quality = cache.remembers ? REMEMBERED_BROTLI_QUALITY : LIVE_BROTLI_QUALITY;
        return encoding ? reply.header('content-encoding', encoding).send(encodedAs(page, encoding, quality)) : reply.send(page.html);
      }
      sent = await renderFor(url, visitor);
    } catch (err) {
      log.error({ err, url }, 'A page could not be rendered on the server; the browser renders it');
      sent = plain;
    }
    // A signed-in person's page carries their account in its state: never stored by any cache.
    reply.code(sent.status).header('cache-control', visitor ? 'private, no-store' : 'no-cache');
    const encoding = sent === plain ? null : acceptedEncoding(request);
    if (!encoding) return reply.send(sent.html);
    return reply.header('vary', 'accept-encoding').header('content-encoding', encoding).send(encode(sent.html, encoding, LIVE_BROTLI_QUALITY));
  };
}
