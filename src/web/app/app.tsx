import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from '../lib/theme.js';
import { ErrorBoundary } from './error-boundary.js';
import { AppLayout } from './layout/app-layout.js';
import { createQueryClient } from './query-client.js';
import { AppRoutes } from './routes.js';
import { listenForPreloadErrors } from './stale-chunks.js';

listenForPreloadErrors();

export function App() {
  const [queryClient] = useState(createQueryClient);
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
