import { api } from '#web/lib/api.js';

/** Asks the server to add any missing catalogue rows. Fired once at start-up; the outcome does not matter to the page. */
export function seedInitialData(): Promise<void> {
  return api.post<void>('/api/seed-initial-data').catch(() => undefined);
}
