import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../core/query-client.js';
import { ApiError } from '../../lib/api.js';
import { dehydrateForPage, hydrateFromPage, type SentPageState } from './page-state.js';

/** The state as a page carries it: JSON, as the server writes it into #page-state and the browser reads it back. */
const throughThePage = (state: SentPageState) => JSON.parse(JSON.stringify(state)) as SentPageState;

describe("a server render's query cache, sent with the page and hydrated (decision 042)", () => {
  it("carries only what is not a settled query's, and hydrates each answer and refusal as the server's cache held it", async () => {
    const server = createQueryClient();
    server.setQueryData(['auth', 'user'], null);
    await server.prefetchQuery({ queryKey: ['services', 'detail', 7], queryFn: () => Promise.resolve({ id: 7, title: 'Dog walking' }) });
    await server.prefetchQuery({
      queryKey: ['services', 'detail', 8],
      queryFn: () => Promise.reject(new ApiError(404, 'Service not found', { code: 'not_found' })),
    });
    const sent = throughThePage(dehydrateForPage(server));

    // A settled query's defaults and its hash stay out of the page (decision 065).
    expect(sent.queries).toHaveLength(3);
    for (const query of sent.queries) expect(Object.keys(query)).toEqual(['queryKey', 'state']);
    expect(Object.keys(sent.queries[1]!.state).sort()).toEqual(['data', 'dataUpdatedAt', 'status']);

    const browser = new QueryClient();
    hydrateFromPage(browser, sent);
    expect(browser.getQueryData(['auth', 'user'])).toBeNull();
    const found = browser.getQueryCache().find({ queryKey: ['services', 'detail', 7] })!;
    expect(found.state).toMatchObject({ data: { id: 7, title: 'Dog walking' }, status: 'success', fetchStatus: 'idle', dataUpdateCount: 1, isInvalidated: false, error: null });
    expect(found.queryHash).toBe(server.getQueryCache().find({ queryKey: ['services', 'detail', 7] })!.queryHash);
    const refused = browser.getQueryCache().find({ queryKey: ['services', 'detail', 8] })!;
    expect(refused.state.status).toBe('error');
    expect(refused.state.error).toBeInstanceOf(ApiError);
    expect(refused.state.error).toMatchObject({ status: 404, message: 'Service not found', code: 'not_found' });
    expect(refused.state.fetchStatus).toBe('idle');
  });

  it("carries why a listing may not be seen (decision 069), so the browser shows the server's page", () => {
    const category = { id: 1, name: 'Tutoring', slug: 'tutoring', color: '#4F46E5' };
    const server = new QueryClient();
    const error = new ApiError(404, 'Service not found', { code: 'not_found', unavailable: { reason: 'deleted', category } });
    server.getQueryCache().build(server, { queryKey: ['services', 'detail', 9] }).setState({ status: 'error', error, errorUpdateCount: 1 });
    const browser = new QueryClient();
    hydrateFromPage(browser, JSON.parse(JSON.stringify(dehydrateForPage(server))) as SentPageState);
    const hydrated = browser.getQueryState(['services', 'detail', 9])?.error;
    expect(hydrated).toBeInstanceOf(ApiError);
    expect((hydrated as ApiError).unavailable).toEqual({ reason: 'deleted', category });
  });
});
