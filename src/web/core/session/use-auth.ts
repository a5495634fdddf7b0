import type { User } from '#shared/auth.js';
import { useCurrentUser } from './current-user.js';

export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'signed-in'; user: User }
  | { status: 'signed-out'; user: null };

/**
 * Signed in when the current-user call returns a user, signed out when it returns null or fails; loading until it
 * answers, so no page shows a member a visitor's view first.
 */
export function useAuth(): AuthState {
  const { data, isPending } = useCurrentUser();
  if (isPending) return { status: 'loading', user: null };
  if (data) return { status: 'signed-in', user: data };
  return { status: 'signed-out', user: null };
}
