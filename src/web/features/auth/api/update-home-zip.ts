import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HomeZipInput, User } from '#shared/auth.js';
import { refreshCurrentUser } from '#web/core/session/index.js';
import { api } from '#web/lib/api.js';

/** The ZIP code browse starts near (decision 052), or null to forget it. */
export function updateHomeZip(zipCode: HomeZipInput['zipCode']): Promise<User> {
  return api.patch<User>('/api/auth/home-zip', { zipCode } satisfies HomeZipInput);
}

export function useUpdateHomeZip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateHomeZip,
    onSuccess: (user) => refreshCurrentUser(queryClient, user),
  });
}
