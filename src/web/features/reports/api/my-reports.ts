import { useQuery } from '@tanstack/react-query';
import type { MyReports } from '#shared/reports.js';
import { api } from '#web/lib/api.js';

export const myReportsKey = ['my-reports'] as const;

/** GET /api/my-reports: the person's own reports, newest first, and what became of each (decision 046). */
export function useMyReports() {
  return useQuery({ queryKey: myReportsKey, queryFn: ({ signal }) => api.get<MyReports>('/api/my-reports', { signal }) });
}
