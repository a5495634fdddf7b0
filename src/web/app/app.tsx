import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from '../lib/theme.js';
import { AppLayout } from './layout/app-layout.js';
import { createQueryClient } from './query-client.js';
import { AppRoutes } from './routes.js';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <AppLayout>
          <AppRoutes />
        </AppLayout>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
