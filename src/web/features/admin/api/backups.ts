import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Backup, BackupList } from '#shared/backups.js';
import { api } from '#web/lib/api.js';
import { adminKeys } from './query-keys.js';

/** The backup files, newest first (decision 027). */
export function useBackups() {
  return useQuery({
    queryKey: adminKeys.backups(),
    queryFn: ({ signal }) => api.get<BackupList>('/api/admin/backups', { signal }),
  });
}

/** 'Back up now': the server writes a backup and answers its name, size and time; the list and the Overview are read again. */
export function useBackUpNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Backup>('/api/admin/backups'),
    // The Overview tab shows the newest backup too.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.backups() }), queryClient.invalidateQueries({ queryKey: adminKeys.overview() })]),
  });
}
