import { useEffect, useState } from 'react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { replayEarlyInput } from '../lib/early-input.js';
import { ThemeProvider } from '../lib/theme.js';
import { ErrorBoundary } from './error-boundary.js';
import { AppLayout } from './layout/app-layout.js';
import { createQueryClient } from '../core/query-client.js';
import { AppRoutes } from './routes.js';

/** The whole app; the server render and a hydrating browser hand it the query cache they filled. */
export function App({ queryClient: given }: { queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  useEffect(() => {
    // The app has taken over the page: its buttons answer from now on. A page the server rendered shows before this
    // (decision 043); the end-to-end tests wait for the mark.
    document.documentElement.dataset.started = '';
    // A tap or a word before this moment was kept by the page's boot script (decision 068): it happens now, in a task
    // of its own rather than in this effect, so that React can hydrate the part of the page it lands on at once (the
    // page's own content may still be waiting for its turn to hydrate).
    const replay = window.setTimeout(replayEarlyInput);
    return () => window.clearTimeout(replay);
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {/* The outer boundary catches a broken layout; each page has its own inside it (routes.tsx). */}
        <ErrorBoundary>
          <AppLayout>
            <AppRoutes />
          </AppLayout>
        </ErrorBoundary>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
