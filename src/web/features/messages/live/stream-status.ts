import { useSyncExternalStore } from 'react';

/** Whether the event stream this tab listens to (its own or the leader tab's) is open; while it is not, the unread count falls back to polling. */
let open = false;
const listeners = new Set<() => void>();

export function setStreamOpen(value: boolean): void {
  if (open === value) return;
  open = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A server render has no stream (and the hydrating tab has not opened one yet): closed. */
const closedOnTheServer = () => false;

export function useStreamOpen(): boolean {
  return useSyncExternalStore(subscribe, () => open, closedOnTheServer);
}
