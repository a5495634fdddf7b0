import { act } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNREAD_POLL_MS } from '#shared/messaging-limits.js';
import { messageKeys } from '#web/core/cache/index.js';
import { ok, stubApi } from '#web/test-support/fetch-stub.js';
import { renderHookWithApp } from '#web/test-support/render.js';
import { setStreamOpen } from './stream-status.js';
import { useUnreadPoll } from './use-unread-poll.js';

const UNREAD = 'GET /api/messages/unread-count' as const;

/** The badge as the page last read it, and a conversation list the messages page had read. */
function startPolling(cachedCount: number, answers: number[]) {
  const replies = [...answers];
  const api = stubApi({ [UNREAD]: () => ok({ count: replies.shift() ?? answers.at(-1) }) });
  const rendered = renderHookWithApp(() => useUnreadPoll(), {
    seed: (queryClient) => {
      queryClient.setQueryData(messageKeys.unreadCount, { count: cachedCount });
      queryClient.setQueryData(messageKeys.conversations, []);
    },
  });
  return { ...rendered, api };
}

const listInvalidated = (queryClient: QueryClient) =>
  queryClient.getQueryCache().find({ queryKey: messageKeys.conversations, exact: true })?.state.isInvalidated ?? false;

async function nextPoll(queryClient: QueryClient) {
  await act(() => vi.advanceTimersByTimeAsync(UNREAD_POLL_MS));
  const invalidated = listInvalidated(queryClient);
  // Seen as read again, as a refetch would leave it, for the next poll to judge afresh.
  queryClient.setQueryData(messageKeys.conversations, []);
  return invalidated;
}

describe('the unread poll while the event stream is down', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    setStreamOpen(false);
    vi.useRealTimers();
  });

  it('reads the count every 30 seconds and leaves the conversations alone while nothing is unread', async () => {
    const { queryClient, api } = startPolling(0, [0, 0]);
    expect(await nextPoll(queryClient)).toBe(false);
    expect(await nextPoll(queryClient)).toBe(false);
    expect(api.requests(UNREAD)).toHaveLength(2);
    expect(queryClient.getQueryData(messageKeys.unreadCount)).toEqual({ count: 0 });
  });

  it('re-reads the conversations when the count rose', async () => {
    const { queryClient } = startPolling(0, [1]);
    expect(await nextPoll(queryClient)).toBe(true);
  });

  it('re-reads them when the count fell but is not zero: a message came while the open chat was being marked read', async () => {
    const { queryClient } = startPolling(2, [1]);
    expect(await nextPoll(queryClient)).toBe(true);
  });

  it('re-reads them on every poll while anything is unread, since one read and one new leave the count unchanged', async () => {
    const { queryClient } = startPolling(1, [1, 1]);
    expect(await nextPoll(queryClient)).toBe(true);
    expect(await nextPoll(queryClient)).toBe(true);
  });

  it('re-reads them once when the count fell to zero (read elsewhere), then rests', async () => {
    const { queryClient } = startPolling(1, [0, 0]);
    expect(await nextPoll(queryClient)).toBe(true);
    expect(await nextPoll(queryClient)).toBe(false);
  });

  it('does not poll while the stream is open, and starts again when it closes', async () => {
    const { queryClient, api } = startPolling(0, [1]);
    act(() => setStreamOpen(true));
    expect(await nextPoll(queryClient)).toBe(false);
    expect(api.requests(UNREAD)).toHaveLength(0);

    act(() => setStreamOpen(false));
    expect(await nextPoll(queryClient)).toBe(true);
    expect(api.requests(UNREAD)).toHaveLength(1);
  });
});
