import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { RenderPage } from '#shared/pages.js';
import type { PageVisitor } from '../accounts/index.js';
import { type PageReads, pageData } from './data.js';
import { pageChunks, type PageTemplate, type ReadPublicFile, renderDocument, type ViteManifest } from './document.js';

/** The web app's server entry, its document and its build manifest (main.ts loads them from dist; tests from src). */
export interface PageRenderer {
  render: RenderPage;
  template: string;
  manifest?: ViteManifest;
  /** The files the template links to that rendered documents carry inline (the theme script, the stylesheet). */
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

/** Brotli's quality for a remembered page: compressed once, sent many times (the live answers use 4). */
const REMEMBERED_BROTLI_QUALITY = 6;

const remember = (page: SentPage): RememberedPage => ({ ...page, encoded: {}, bytes: Math.ceil(page.html.length * 1.25) });

function encodedAs(page: RememberedPage, encoding: Encoding): Buffer {
  page.encoded[encoding] ??=
    encoding === 'br' ? brotliCompressSync(page.html, { params: { [constants.BROTLI_PARAM_QUALITY]: REMEMBERED_BROTLI_QUALITY } }) : gzipSync(page.html);
  return page.encoded[encoding];
}

/** The encoding the browser prefers among those a remembered page has, by Accept-Encoding; none for identity. */
function acceptedEncoding(request: FastifyRequest): Encoding | null {
  const header = request.headers['accept-encoding'];
  return header ? negotiate(header.toLowerCase(), ENCODINGS) : null;
}

export interface PageHandlerOptions {
  renderer: PageRenderer;
  /** The renderer's template as `parseTemplate` prepared it. */
  template: PageTemplate;
  publicUrl: string;
  reads: PageReads;
  /** Who asks, from the session cookie; never writes. */
  visitors: (request: FastifyRequest) => Promise<PageVisitor | null>;
  /** Where signed-out renders are remembered, forgotten whenever a listing changes (the browse JSON's cache). */
  cache: { get<T extends { bytes: number }>(key: string, load: () => Promise<T>): Promise<T> };
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
  const chunks = pageChunks(renderer.manifest);

  async function renderFor(url: string, visitor: PageVisitor | null): Promise<SentPage> {
    const page = await renderer.render(url, pageData(reads, visitor));
    if (!page) return plain;
    return { status: page.status, html: renderDocument(template, page, { publicUrl, chunks }) };
  }

  return async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const url = request.url;
    reply.header('content-type', 'text/html; charset=utf-8');
    let visitor: PageVisitor | null = null;
    let sent: SentPage;
    try {
      visitor = await visitors(request);
      if (!visitor) {
        const page = await cache.get(`page ${url}`, async () => remember(await renderFor(url, null)));
        const encoding = acceptedEncoding(request);
        reply.code(page.status).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
        // Sent as remembered; the compression hook leaves an answer that has its encoding.
        return encoding ? reply.header('content-encoding', encoding).send(encodedAs(page, encoding)) : reply.send(page.html);
      }
      sent = await renderFor(url, visitor);
    } catch (err) {
      log.error({ err, url }, 'A page could not be rendered on the server; the browser renders it');
      sent = plain;
    }
    // A signed-in person's page carries their account in its state: never stored by any cache.
    return reply
      .code(sent.status)
      .header('cache-control', visitor ? 'private, no-store' : 'no-cache')
      .send(sent.html);
  };
}
