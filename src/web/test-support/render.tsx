import type { ReactElement, ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { User } from '../../shared/auth.js';
import { createQueryClient } from '../core/query-client.js';
import { currentUserQueryKey } from '../core/session/index.js';
import { Toaster } from '../components/ui/toaster.js';
import { useToast } from '../components/ui/use-toast.js';
import { aUser } from './fixtures.js';

interface AppOptions {
  /** Where the memory router starts. */
  path?: string;
  /** Who the page believes is signed in, as the app caches the current-user answer; null for a visitor. */
  signedInAs?: User | null;
  /** What the page read before this (the query cache as earlier pages left it). */
  seed?: (queryClient: QueryClient) => void;
}

/** What app.tsx provides around a page: a fresh query client as the app configures it, a router and the toasts. */
function appProviders({ path = '/', signedInAs = aUser(), seed }: AppOptions) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, signedInAs);
  seed?.(queryClient);
  const location = memoryLocation({ path, record: true });
  function Providers({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          {children}
          <Toaster />
        </Router>
      </QueryClientProvider>
    );
  }
  return { Providers, queryClient, history: location.history };
}

/** Renders a component as the app would, with a user-event session to act through. */
export function renderWithApp(ui: ReactElement, options: AppOptions = {}) {
  const { Providers, ...app } = appProviders(options);
  const user = userEvent.setup();
  return { ...render(ui, { wrapper: Providers }), ...app, user };
}

/** Runs a hook (a query or a mutation) inside the same providers. */
export function renderHookWithApp<T>(hook: () => T, options: AppOptions = {}) {
  const { Providers, ...app } = appProviders(options);
  return { ...renderHook(hook, { wrapper: Providers }), ...app };
}

/**
 * The toasts on screen (Radix labels their region 'Notifications (F8)'). An open dialog hides everything beside it
 * from assistive technology, the toasts too, so the query includes hidden elements.
 */
export const toastRegion = () => within(screen.getByRole('region', { name: /notifications/i, hidden: true }));

/** Waits for the toast with this title and checks its description. */
export async function expectToast(title: string, description?: string): Promise<void> {
  const item = (await toastRegion().findByText(title)).closest('li');
  expect(item, `the toast '${title}'`).not.toBeNull();
  if (description !== undefined) expect(item?.textContent).toContain(description);
}

/**
 * For a test that goes on after a toast: Radix announces a new toast to screen readers two frames later and drops the
 * announcement a second after that, each a state update that React reports when it lands between a test's awaits
 * rather than inside act() (awaiting the clipboard, say). Called straight after the toast appears, this lets both
 * happen inside act().
 */
export async function letToastAnnounce(): Promise<void> {
  await act(() => new Promise((resolve) => setTimeout(resolve, 1_100)));
}

/**
 * Toasts live in a module-level store (use-toast.ts) that outlives a test's render: dismiss them and run the
 * removal timers at once, so the next test starts without the last one's toast.
 */
export function clearToasts(): void {
  const { result, unmount } = renderHook(() => useToast());
  vi.useFakeTimers();
  try {
    act(() => {
      result.current.dismiss();
      vi.runOnlyPendingTimers();
    });
  } finally {
    vi.useRealTimers();
    unmount();
  }
}
