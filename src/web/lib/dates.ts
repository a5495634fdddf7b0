import { useSyncExternalStore } from 'react';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** 'Jan 5, 2025' (spec "Service card"), in the given time zone or the browser's. */
export function formatDay(iso: string | Date, timeZone?: string): string {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone });
    formatters.set(key, formatter);
  }
  return formatter.format(typeof iso === 'string' ? new Date(iso) : iso);
}

const neverChanges = () => () => {};
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const serverTimeZone = () => 'UTC';

/**
 * The time zone dates are shown in: UTC while the server renders and while the browser hydrates what it sent (so
 * both write the same day), then the browser's own, in the render that follows hydration (decision 042).
 */
export function useTimeZone(): string {
  return useSyncExternalStore(neverChanges, browserTimeZone, serverTimeZone);
}
