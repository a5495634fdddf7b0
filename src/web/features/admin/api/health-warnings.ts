import { useQuery } from '@tanstack/react-query';
import type { HealthWarnings } from '#shared/health-warnings.js';
import { api } from '#web/lib/api.js';
import { adminKeys } from './query-keys.js';

/** The server's configuration warnings (decision 024); they change only with a restart. */
export function useHealthWarnings() {
  return useQuery({
    queryKey: [...adminKeys.all, 'health-warnings'] as const,
    queryFn: ({ signal }) => api.get<HealthWarnings>('/api/admin/health-warnings', { signal }),
    staleTime: 5 * 60 * 1000,
  });
}
