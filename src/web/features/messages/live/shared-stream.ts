import type { LiveEvent } from '#shared/messaging.js';

/**
 * open: the stream is open. down: the browser is reconnecting by itself. closed: the server refused the stream
 * (signed out, banned, or unavailable); the leader tries again later, and every tab checks who is signed in.
 */
export type StreamStatus = 'open' | 'down' | 'closed';

export type StreamSignal = { kind: 'event'; event: LiveEvent } | { kind: 'status'; status: StreamStatus };

/** Opens the one real stream, passing on what it hears; answers a function that closes it. */
export type Connect = (emit: (signal: StreamSignal) => void) => () => void;

/**
 * Waits for the lock `name`, then holds it until `hold` settles; an abort while waiting rejects.
 * Injected so the logic runs in Node (no Web Locks there) and in browsers without them.
 */
export type RequestLock = (name: string, signal: AbortSignal, hold: () => Promise<void>) => Promise<unknown>;

/** The part of BroadcastChannel used here. */
export interface Channel {
  postMessage(message: unknown): void;
  close(): void;
  onmessage: ((event: MessageEvent) => void) | null;
}

export interface ShareOptions {
  /** Lock and channel name: it carries the person's id, so two people in one browser never share a stream. */
  name: string;
  connect: Connect;
  /** What every tab, leader or follower, does with an event or a change of the stream's state. */
  receive: (signal: StreamSignal) => void;
  requestLock: RequestLock | null;
  openChannel: ((name: string) => Channel) | null;
}

/** A new tab asks the leader where the stream stands, so its poll stops as soon as the stream is known open. */
const HELLO = { kind: 'hello' } as const;

function isSignal(value: unknown): value is StreamSignal {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (v.kind === 'event' && typeof v.event === 'object' && v.event !== null) || (v.kind === 'status' && typeof v.status === 'string');
}

export function browserLock(): RequestLock | null {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator.locks as LockManager | undefined);
  return locks ? (name, signal, hold) => locks.request(name, { signal }, hold) : null;
}

export function browserChannel(): ((name: string) => Channel) | null {
  return typeof BroadcastChannel === 'undefined' ? null : (name) => new BroadcastChannel(name);
}

/**
 * One stream for all the tabs of a browser (decision 028). Every tab queues for the lock; the holder (the leader)
 * opens the stream and passes each signal on through the channel, and the others (followers) act on those.
 * When the leader goes (tab closed, navigated or signed out) the browser grants the lock to the next tab, which
 * opens its own stream; the stream's initial events and the re-read on 'open' bring every tab up to date.
 * Without Web Locks or BroadcastChannel (or if the lock request fails), each tab opens its own stream as before.
 * Answers a function that leaves: it closes the stream or the place in the queue, and the channel.
 */
export function shareStream({ name, connect, receive, requestLock, openChannel }: ShareOptions): () => void {
  if (!requestLock || !openChannel) return connect(receive);

  const channel = openChannel(name);
  const waiting = new AbortController();
  let stopped = false;
  let leading = false;
  let status: StreamStatus | null = null;
  let closeStream: (() => void) | null = null;
  let release: (() => void) | null = null;

  channel.onmessage = ({ data }: MessageEvent) => {
    if (leading) {
      if (typeof data === 'object' && data !== null && (data as { kind?: unknown }).kind === HELLO.kind && status) {
        channel.postMessage({ kind: 'status', status } satisfies StreamSignal);
      }
    } else if (isSignal(data)) {
      receive(data);
    }
  };

  function lead(): Promise<void> {
    return new Promise<void>((resolve) => {
      if (stopped) return resolve();
      leading = true;
      closeStream = connect((signal) => {
        if (signal.kind === 'status') status = signal.status;
        channel.postMessage(signal);
        receive(signal);
      });
      release = resolve;
    });
  }

  requestLock(name, waiting.signal, lead).catch(() => {
    // Aborted because this tab left, or the browser refused the lock: then this tab keeps its own stream.
    if (!stopped && !leading) closeStream = connect(receive);
  });
  channel.postMessage(HELLO);

  return () => {
    if (stopped) return;
    stopped = true;
    waiting.abort();
    closeStream?.();
    // Followers keep no stale 'open': until the next leader's stream opens, their poll covers the gap.
    if (leading) channel.postMessage({ kind: 'status', status: 'down' } satisfies StreamSignal);
    release?.();
    channel.close();
  };
}
