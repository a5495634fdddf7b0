import { waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { api } from '../lib/api.js';
import { refuse, stubApi } from '../test-support/fetch-stub.js';
import { renderHookWithApp } from '../test-support/render.js';
import { currentUserQueryKey } from './session/index.js';

const useConversations = () => useQuery({ queryKey: ['conversations'], queryFn: () => api.get('/api/conversations') });

describe('a call refused because the session is gone', () => {
  it('signs the page out on the code account_suspended, whatever the message says', async () => {
    stubApi({ 'GET /api/conversations': refuse(403, 'Dein Konto wurde gesperrt', { code: 'account_suspended' }) });
    const { result, queryClient } = renderHookWithApp(useConversations);
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(queryClient.getQueryData(currentUserQueryKey)).toBeNull();
  });

  it('keeps the person signed in on any other 403, even one worded like the suspension', async () => {
    stubApi({ 'GET /api/conversations': refuse(403, 'Your account has been suspended', { code: 'forbidden' }) });
    const { result, queryClient } = renderHookWithApp(useConversations);
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(queryClient.getQueryData(currentUserQueryKey)).not.toBeNull();
  });
});
