/**
 * The web app's server entry (decision 042), built by `vite build --ssr` into dist/ssr and loaded by the server,
 * which hands it the data source. It fills a query cache for the page the address names, renders the app to HTML
 * once everything it shows is there, and answers the markup, the head, the status and the cache to send along.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import type { RenderPage } from '#shared/pages.js';
import { App } from './app/app.js';
import { createQueryClient } from './core/query-client.js';
import { currentUserQueryKey } from './core/session/index.js';
import { matchPage } from './app/ssr/match-page.js';
import { dehydrateForPage } from './app/ssr/page-state.js';
import { prefetches } from './app/ssr/prefetch.js';
import { ApiError } from './lib/api.js';
import { ServerPageHead, ServerPageHeadContext } from './lib/use-page-meta.js';

/** How React marks a Suspense boundary it left for the browser to render: its content was not ready. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

async function toText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

export const render: RenderPage = async (url, data) => {
  const address = new URL(url, 'http://localhost');
  const { route, params } = matchPage(address.pathname);
  // A member who has not accepted the terms is sent on to them by the browser (the specification, §2).
  if (!route.server || (data.currentUser && !data.currentUser.termsAccepted)) return null;

  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, data.currentUser);
  const prefetch = route.server.prefetch && prefetches[route.server.prefetch];
  await Promise.all([prefetch?.({ queryClient, data, params, search: address.searchParams }), route.component.preload?.()]);
  // A refusal is part of the page (a listing nobody may see); a fault is not: the server sends the plain document.
  const fault = queryClient
    .getQueryCache()
    .getAll()
    .find((query) => query.state.status === 'error' && !(query.state.error instanceof ApiError));
  if (fault) throw fault.state.error;

  const app = (server: ServerPageHead) => (
    <StrictMode>
      <ServerPageHeadContext value={server}>
        <Router ssrPath={address.pathname} ssrSearch={address.search.slice(1)}>
          <App queryClient={queryClient} />
        </Router>
      </ServerPageHeadContext>
    </StrictMode>
  );
  // Everything the page shows is in the cache and its code loaded, so one synchronous pass writes it whole, as text
  // (decision 065: a third less CPU than the stream, which encodes every chunk to bytes and back). Should a part still
  // wait for something (its boundary is then left to the browser), the page is rendered again, waiting for all of it.
  let server = new ServerPageHead();
  let html = renderToString(app(server));
  if (html.includes(CLIENT_RENDERED_BOUNDARY)) {
    server = new ServerPageHead();
    const { prelude } = await prerenderToNodeStream(
      app(server),
      // React would move a boundary holding more than this many bytes to the document's end, swapped in by an inline
      // script the Content-Security-Policy refuses: every boundary stays in place instead.
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    html = await toText(prelude);
  }
  if (!server.head) throw new Error(`The page at ${address.pathname} set no title (usePageMeta)`);
  return {
    status: server.status,
    html,
    head: server.head,
    state: dehydrateForPage(queryClient),
    modules: route.server.module ? [route.server.module] : [],
  };
};
