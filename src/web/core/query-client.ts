import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { MESSAGES } from '../../shared/texts.js';
import { toast } from '../components/ui/use-toast.js';
import { ApiError } from '../lib/api.js';
import { currentUserQueryKey } from './session/index.js';

/**
 * A call that answers 401 (the session ended) or 403 'Your account has been suspended' (the administrator
 * banned the person) while the page still believes someone is signed in: the page signs out at once, and a
 * suspended person is told why. Pages that need an account then send them to sign in.
 */
function signOutOnLostSession(queryClient: QueryClient, error: unknown): void {
  if (!(error instanceof ApiError)) return;
  const suspended = error.code === 'account_suspended';
  if (!suspended && error.status !== 401) return;
  if (!queryClient.getQueryData(currentUserQueryKey)) return;
  queryClient.setQueryData(currentUserQueryKey, null);
  if (suspended) toast({ variant: 'destructive', title: MESSAGES.suspended, description: 'You have been signed out. Contact the team if you think this is a mistake.' });
}

/**
 * No retries, data never stale, no refetch on window focus: a query is read again only when a mutation invalidates
 * it (core/cache/), so a failure shows at once and a page does not change under its reader. A failed query is not
 * retried when a page mounts either: a refusal the server rendered (a listing nobody may see) stays what the page shows
 * (decision 042), and a page's 'Try again' asks again.
 */
export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => signOutOnLostSession(queryClient, error) }),
    mutationCache: new MutationCache({ onError: (error) => signOutOnLostSession(queryClient, error) }),
    defaultOptions: {
      queries: { retry: false, retryOnMount: false, staleTime: Infinity, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
