import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { User } from '#shared/auth.js';
import { invalidateServiceQueries, messageKeys } from '#web/core/cache/index.js';
import { refreshCurrentUser } from '#web/core/session/index.js';
import { uploadFile } from '#web/lib/upload-file.js';

/** PUT /api/auth/avatar (multipart `file`): the picture goes through the listing image pipeline, cropped square. */
export function uploadAvatar({ file, onProgress }: { file: File; onProgress?: (fraction: number) => void }): Promise<User> {
  return uploadFile<User>('PUT', '/api/auth/avatar', file, { onProgress });
}

/** The picture shows beside the person's listings and in conversations too, so those lists are read again. */
export async function refreshAfterAvatarChange(queryClient: QueryClient, user: User): Promise<void> {
  await Promise.all([
    refreshCurrentUser(queryClient, user),
    invalidateServiceQueries(queryClient),
    queryClient.invalidateQueries({ queryKey: messageKeys.conversations }),
  ]);
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (user) => refreshAfterAvatarChange(queryClient, user),
  });
}
