import { createElement, lazy, type ComponentType } from 'react';

/**
 * After a redeploy, an open tab still names the old build's chunks, which the server no longer has: loading a
 * lazy page fails. One reload fetches the new build. The flag in sessionStorage makes it one: a second failure
 * on the reloaded page shows the error boundary instead of reloading forever (decision 024).
 */
const RELOADED = 'csm:reloaded-for-stale-chunk';

/** Chromium, Firefox and Safari word a failed `import()` differently; Vite's preloader has its own words. */
const CHUNK_FAILURE = /dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_FAILURE.test(error.message);
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be blocked; then the tab never reloads on its own, and the boundary offers 'Reload'.
    return null;
  }
}

let reloading = false;

/** Reloads the page unless this tab already did so for a missing chunk; answers whether it reloads. */
export function reloadOnceForStaleChunk(): boolean {
  if (reloading) return true;
  const store = storage();
  if (!store || store.getItem(RELOADED)) return false;
  store.setItem(RELOADED, String(Date.now()));
  reloading = true;
  window.location.reload();
  return true;
}

/** A reload for a stale chunk is under way: show a spinner, not an error, until the new page replaces this one. */
export function isReloadingForStaleChunk(): boolean {
  return reloading;
}

/**
 * Whether this document has asked for a page's code yet: only its first page clears the guard, so a page that
 * failed after the reload stays failed (its boundary, no second reload) while the person moves to pages whose code
 * still loads; since decision 072 every page, Home too, loads its code on demand.
 */
let firstPageAsked = false;

/** A chunk loaded: the next redeploy may reload this tab once again. */
export function chunkLoaded(): void {
  storage()?.removeItem(RELOADED);
}

/** A page loaded on demand; `preload()` fetches its code ahead of rendering it. Pages take no props. */
export type LazyPage = ComponentType & { preload(): Promise<unknown> };

/**
 * React.lazy for pages, which clears the reload guard once a page's code arrives. A page whose code is already
 * here renders at once rather than suspending: the server renders a preloaded page in one pass, and the browser
 * preloads it before hydrating, so both draw the page itself, never the fallback (decision 042).
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | undefined;
  // One load per page, shared by the preload and the render: a failed one is not asked for again by this tab
  // (the error boundary reloads it once, or offers 'Reload').
  let loading: Promise<{ default: ComponentType }> | undefined;
  const loadPage = () => {
    if (loading) return loading;
    const first = !firstPageAsked;
    firstPageAsked = true;
    return (loading = load().then((module): { default: ComponentType } | Promise<never> => {
      // Vite answers undefined when its preload error was prevented because the page is reloading: wait for it.
      if (module === undefined) return new Promise<never>(() => {});
      if (first) chunkLoaded();
      loaded = module.default;
      return module;
    }));
  };
  const Lazy = lazy(loadPage);
  function Page() {
    return loaded ? createElement(loaded) : createElement(Lazy);
  }
  Page.preload = loadPage;
  return Page;
}

/** Vite reports a failed preload of a chunk's dependencies as this event; preventDefault keeps it from throwing. */
export function listenForPreloadErrors(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnceForStaleChunk()) event.preventDefault();
  });
}
