import type { User } from '#shared/auth.js';
import { useCurrentUser } from './current-user.js';

export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'signed-in'; user: User }
  | { status: 'signed-out'; user: null };

/** Spec section 4: signed in when the current-user call returns data, loading while pending, signed out otherwise. */
export function useAuth(): AuthState {
  const { data, isPending } = useCurrentUser();
  if (isPending) return { status: 'loading', user: null };
  if (data) return { status: 'signed-in', user: data };
  return { status: 'signed-out', user: null };
}
