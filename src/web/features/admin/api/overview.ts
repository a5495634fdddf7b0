import { useQuery } from '@tanstack/react-query';
import type { AdminOverview } from '#shared/admin.js';
import { api } from '#web/lib/api.js';
import { adminKeys } from './query-keys.js';

/** The Overview tab (decision 029): weekly activity and what needs attention, read again when the tab is opened. */
export function useAdminOverview() {
  return useQuery({
    queryKey: adminKeys.overview(),
    queryFn: ({ signal }) => api.get<AdminOverview>('/api/admin/overview', { signal }),
  });
}
