import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '#shared/auth.js';
import { api } from '#web/lib/api.js';
import { refreshAfterAvatarChange } from './upload-avatar.js';

/** DELETE /api/auth/avatar: back to the first letter of the name; the server deletes the picture for good. */
export function removeAvatar(): Promise<User> {
  return api.delete<User>('/api/auth/avatar');
}

export function useRemoveAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAvatar,
    onSuccess: (user) => refreshAfterAvatarChange(queryClient, user),
  });
}
