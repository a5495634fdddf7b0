import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '#shared/auth.js';
import { refreshCurrentUser } from '#web/core/session/index.js';
import { api } from '#web/lib/api.js';

export function updateEmailNotifications(emailNotificationsEnabled: boolean): Promise<User> {
  return api.patch<User>('/api/auth/email-notifications', { emailNotificationsEnabled });
}

export function useUpdateEmailNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmailNotifications,
    onSuccess: (user) => refreshCurrentUser(queryClient, user),
  });
}
