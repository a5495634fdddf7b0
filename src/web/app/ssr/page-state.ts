import { type DehydratedState, defaultShouldDehydrateQuery, dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { PAGE_STATE_ELEMENT_ID } from '#shared/pages.js';
import { ApiError, type ApiErrorDetails } from '../../lib/api.js';


interface SentError {
  apiError: { status: number; message: string } & ApiErrorDetails;
}

/**
 * The query cache as the server sends it: answers, and the API's refusals too (a listing nobody may see), so the
 * browser shows what the server showed instead of asking again (decision 042).
 */
export function dehydrateForPage(queryClient: QueryClient): DehydratedState {
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || (query.state.status === 'error' && query.state.error instanceof ApiError),
  });
  for (const query of state.queries) {
    const error = query.state.error;
    if (error instanceof ApiError) {
      const sent: SentError = { apiError: { status: error.status, message: error.message, code: error.code, errors: error.errors } };
      (query.state as { error: unknown }).error = sent;
    }
  }
  return state;
}

function isSentError(value: unknown): value is SentError {
  return typeof value === 'object' && value !== null && 'apiError' in value;
}

/** Fills the browser's cache from what the server sent. */
export function hydrateFromPage(queryClient: QueryClient, state: DehydratedState): void {
  for (const query of state.queries) {
    const error: unknown = query.state.error;
    if (isSentError(error)) {
      const { status, message, ...details } = error.apiError;
      (query.state as { error: unknown }).error = new ApiError(status, message, details);
    }
  }
  hydrate(queryClient, state);
}

/** The state the server wrote into the page, or null for a page the browser renders itself. */
export function readPageState(): DehydratedState | null {
  const element = document.getElementById(PAGE_STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as DehydratedState;
  } catch {
    return null;
  }
}
