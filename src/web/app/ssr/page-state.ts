import { type DehydratedState, defaultShouldDehydrateQuery, dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { PAGE_STATE_ELEMENT_ID } from '#shared/pages.js';
import { ApiError, type ApiErrorDetails } from '../../lib/api.js';

interface SentError {
  apiError: { status: number; message: string } & ApiErrorDetails;
}

type DehydratedQuery = DehydratedState['queries'][number];
type QueryState = DehydratedQuery['state'];

/** A query as the page carries it: its state without what `SETTLED` says, and no hash (the cache computes it from the key). */
interface SentQuery {
  queryKey: DehydratedQuery['queryKey'];
  state: Partial<QueryState>;
  meta?: DehydratedQuery['meta'];
  queryType?: DehydratedQuery['queryType'];
}

/** The query cache as the page carries it (decision 042), in JSON. */
export interface SentPageState {
  mutations: DehydratedState['mutations'];
  queries: SentQuery[];
}

/**
 * What a query the server sends has in its state unless it says otherwise: settled once, fetching nothing. Left out
 * of the page and put back by `hydrateFromPage` (decision 065: some 300 bytes a query, a tenth of a listing page's
 * state), with the query's hash, which the browser's cache computes from its key as the server's did, and the moment
 * it was dehydrated, which only a pending query's promise uses (the server sends none).
 */
const SETTLED: Partial<QueryState> = {
  dataUpdateCount: 1,
  error: null,
  errorUpdateCount: 0,
  errorUpdatedAt: 0,
  fetchFailureCount: 0,
  fetchFailureReason: null,
  fetchMeta: null,
  isInvalidated: false,
  fetchStatus: 'idle',
};

/**
 * The query cache as the server sends it: answers, and the API's refusals too (a listing nobody may see), so the
 * browser shows what the server showed instead of asking again (decision 042).
 */
export function dehydrateForPage(queryClient: QueryClient): SentPageState {
  const { mutations, queries } = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || (query.state.status === 'error' && query.state.error instanceof ApiError),
  });
  return {
    mutations,
    queries: queries.map(({ queryKey, state, meta, queryType }) => {
      const sent: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(state)) {
        if (SETTLED[field as keyof QueryState] !== value) sent[field] = value;
      }
      const { error } = state;
      if (error instanceof ApiError) {
        const apiError: SentError = { apiError: { status: error.status, message: error.message, code: error.code, errors: error.errors, unavailable: error.unavailable } };
        sent.error = apiError;
      }
      return { queryKey, state: sent as Partial<QueryState>, ...(meta && { meta }), ...(queryType && { queryType }) };
    }),
  };
}

function isSentError(value: unknown): value is SentError {
  return typeof value === 'object' && value !== null && 'apiError' in value;
}

/** Fills the browser's cache from what the server sent. */
export function hydrateFromPage(queryClient: QueryClient, sent: SentPageState): void {
  const queries = sent.queries.map(({ state, ...query }): DehydratedQuery => {
    const full = { ...SETTLED, ...state } as QueryState;
    const error: unknown = full.error;
    if (isSentError(error)) {
      const { status, message, ...details } = error.apiError;
      full.error = new ApiError(status, message, details);
    }
    // The hash is the cache's own (`queryCache.build` computes it from the key when none is given).
    return { ...query, state: full } as DehydratedQuery;
  });
  hydrate(queryClient, { mutations: sent.mutations, queries });
}

/** The state the server wrote into the page, or null for a page the browser renders itself. */
export function readPageState(): SentPageState | null {
  const element = document.getElementById(PAGE_STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as SentPageState;
  } catch {
    return null;
  }
}
