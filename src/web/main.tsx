import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.js';
import { createQueryClient } from './core/query-client.js';
import { seedCurrentUserFromPage } from './core/session/index.js';
import { matchPage } from './app/ssr/match-page.js';
import { hydrateFromPage, readPageState } from './app/ssr/page-state.js';
import { listenForPreloadErrors } from './app/stale-chunks.js';
import { seedInitialData } from './features/categories/api/seed-initial-data.js';
import './styles.css';

listenForPreloadErrors();
void seedInitialData();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const state = readPageState();
if (state) {
  // A page the server rendered (decision 042): the cache gets what the server read, the page's code arrives
  // (preloaded by the document), and React takes over the markup without fetching or drawing anything again.
  const queryClient = createQueryClient();
  hydrateFromPage(queryClient, state);
  const page = matchPage(window.location.pathname).route.component;
  // In a transition, React hydrates in slices of a few milliseconds and lets the browser answer input in between,
  // instead of one long task on a slow phone (decision 043).
  const hydrate = () =>
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <App queryClient={queryClient} />
        </StrictMode>,
      );
    });
  // A page whose code cannot load hydrates anyway: the page's error boundary then reloads once (decision 024).
  void Promise.resolve(page.preload?.()).then(hydrate, hydrate);
} else {
  const queryClient = createQueryClient();
  seedCurrentUserFromPage(queryClient);
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
}
