// engines: one — no database
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '#shared/messaging.js';
import { shareStream, type Channel, type Connect, type RequestLock, type StreamSignal } from './shared-stream.js';

/** Web Locks as the browser grants them: one holder per name, the others queued in order. Node has none. */
function fakeLocks(): RequestLock {
  const tails = new Map<string, Promise<void>>();
  return (name, signal, hold) => {
    const previous = tails.get(name) ?? Promise.resolve();
    let done!: () => void;
    tails.set(name, previous.then(() => new Promise<void>((resolve) => (done = resolve))));
    return previous.then(async () => {
      try {
        if (signal.aborted) throw new DOMException('The request was aborted.', 'AbortError');
        await hold();
      } finally {
        done();
      }
    });
  };
}

/** Every real stream opened: what it can emit and whether it was closed. */
function fakeStreams() {
  const streams: { emit: (signal: StreamSignal) => void; closed: boolean }[] = [];
  const connect: Connect = (emit) => {
    const stream = { emit, closed: false };
    streams.push(stream);
    return () => (stream.closed = true);
  };
  return { streams, connect };
}

const openChannel = (name: string) => new BroadcastChannel(name) as unknown as Channel;
const unread: LiveEvent = { type: 'unread', count: 3 };
const leaving: (() => void)[] = [];

afterEach(() => {
  for (const leave of leaving.splice(0)) leave();
});

/** A browser's tabs for one person: each joins the shared stream and records what it received. */
function browser(requestLock: RequestLock | null = fakeLocks(), channel: ((name: string) => Channel) | null = openChannel) {
  const { streams, connect } = fakeStreams();
  const name = `csm-events-${randomUUID()}`;
  function openTab(tabName = name) {
    const received: StreamSignal[] = [];
    const leave = shareStream({ name: tabName, connect, receive: (signal) => received.push(signal), requestLock, openChannel: channel });
    leaving.push(leave);
    return { received, leave };
  }
  return { streams, openTab };
}

describe('one event stream per browser', () => {
  it("opens one stream for all of a browser's tabs, and every tab receives its events and state", async () => {
    const { streams, openTab } = browser();
    const tabs = Array.from({ length: 8 }, () => openTab());
    await vi.waitFor(() => expect(streams).toHaveLength(1));

    streams[0]!.emit({ kind: 'status', status: 'open' });
    streams[0]!.emit({ kind: 'event', event: unread });
    for (const tab of tabs) {
      await vi.waitFor(() => expect(tab.received).toEqual([{ kind: 'status', status: 'open' }, { kind: 'event', event: unread }]));
    }
    expect(streams).toHaveLength(1);
  });

  it('tells a tab opened later that the stream is already open, so its poll stops', async () => {
    const { streams, openTab } = browser();
    openTab();
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    streams[0]!.emit({ kind: 'status', status: 'open' });

    const late = openTab();
    await vi.waitFor(() => expect(late.received).toEqual([{ kind: 'status', status: 'open' }]));
    expect(streams).toHaveLength(1);
  });

  it('hands the stream to the next tab when the leader leaves, and the others hear the new one', async () => {
    const { streams, openTab } = browser();
    const leader = openTab();
    const next = openTab();
    const third = openTab();
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    streams[0]!.emit({ kind: 'status', status: 'open' });
    await vi.waitFor(() => expect(third.received).toHaveLength(1));

    leader.leave();
    expect(streams[0]!.closed).toBe(true);
    // Until the next stream opens the followers know it is down, so they poll meanwhile.
    await vi.waitFor(() => expect(third.received.at(-1)).toEqual({ kind: 'status', status: 'down' }));
    await vi.waitFor(() => expect(streams).toHaveLength(2));
    streams[1]!.emit({ kind: 'event', event: unread });
    await vi.waitFor(() => expect(third.received.at(-1)).toEqual({ kind: 'event', event: unread }));
    expect(next.received.at(-1)).toEqual({ kind: 'event', event: unread });
    expect(leader.received).toHaveLength(1);
  });

  it('never opens a stream for a tab that left while it waited, nor after the last tab left', async () => {
    const { streams, openTab } = browser();
    const leader = openTab();
    const follower = openTab();
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    follower.leave();
    leader.leave();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(streams).toHaveLength(1);
    expect(streams[0]!.closed).toBe(true);
  });

  it("gives another person signed in later in the same browser a stream of their own, not the first person's", async () => {
    const { streams, openTab } = browser();
    const first = openTab('csm-events-person-a');
    const second = openTab('csm-events-person-b');
    await vi.waitFor(() => expect(streams).toHaveLength(2));
    streams[0]!.emit({ kind: 'event', event: unread });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(first.received).toEqual([{ kind: 'event', event: unread }]);
    expect(second.received).toEqual([]);
  });

  it('falls back to a stream per tab without Web Locks, without BroadcastChannel, or when the lock is refused', async () => {
    const refused: RequestLock = () => Promise.reject(new DOMException('Access denied.', 'SecurityError'));
    for (const [requestLock, channel] of [
      [null, openChannel],
      [fakeLocks(), null],
      [refused, openChannel],
    ] as const) {
      const { streams, openTab } = browser(requestLock, channel);
      openTab();
      openTab();
      await vi.waitFor(() => expect(streams).toHaveLength(2));
    }
  });
});
