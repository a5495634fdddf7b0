import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Backup, BackupList } from '../../../../shared/backups.js';
import { api } from '../../../lib/api.js';
import { adminKeys } from './query-keys.js';

/** The backup files, newest first (decision 027). */
export function useBackups() {
  return useQuery({
    queryKey: adminKeys.backups(),
    queryFn: ({ signal }) => api.get<BackupList>('/api/admin/backups', { signal }),
  });
}

/** 'Back up now': the server writes a backup and answers its name, size and time; the list is read again. */
export function useBackUpNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Backup>('/api/admin/backups'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.backups() }),
  });
}
