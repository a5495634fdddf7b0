import { useEffect, useState } from 'react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
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
