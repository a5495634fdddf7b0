import { useEffect } from 'react';
import { currentPath, loginUrl } from '../../lib/site.js';
import { useAuth, type AuthState } from './use-auth.js';

/**
 * For pages that need a signed-in user: a signed-out visitor is sent to the external
 * sign-in flow by a full page load, and comes back to this page afterwards.
 */
export function useRequireAuth(): AuthState {
  const auth = useAuth();
  useEffect(() => {
    if (auth.status === 'signed-out') window.location.assign(loginUrl(currentPath()));
  }, [auth.status]);
  return auth;
}
