import { createElement, useCallback, useEffect, useRef, useState, useSyncExternalStore, type ComponentType } from 'react';

/**
 * A part of a page whose code loads when it is first wanted (decision 068): a menu, a dialog and the form in it. Until
 * then a light stand-in takes its place — the same button, in the page's own code — so the page can react without it.
 * The server renders the stand-in too, and so does the browser while it hydrates, so the two always agree.
 */
export interface OnDemand<P> {
  /** Starts loading the part's code, once; resolves when it is here. */
  preload(): Promise<void>;
  /** The same, for when the code is only likely to be wanted (hover, focus, an idle moment): a failure is let go. */
  prefetch(): void;
  /** Whether the part's code is here; false in a server render and while hydrating. */
  useIsLoaded(): boolean;
  /** The part itself once its code is here, nothing before. */
  Part: ComponentType<P>;
}

export function onDemand<P>(load: () => Promise<{ default: ComponentType<P> }>): OnDemand<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const getSnapshot = () => loaded;
  const getServerSnapshot = () => undefined;
  const useLoaded = () => useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  function Part(props: P) {
    // The loaded component is one module's default export, the same on every render: nothing is created here.
    const loadedPart = useLoaded();
    return loadedPart ? createElement(loadedPart as ComponentType<object>, props as object) : null;
  }
  const part = {
    preload() {
      loading ??= load().then(
        (module) => {
          loaded = module.default;
          for (const listener of listeners) listener();
        },
        (error: unknown) => {
          // A chunk that failed to load (a new release meanwhile) is asked for again next time; stale-chunks.ts reloads the page.
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    prefetch: () => void part.preload().catch(() => {}),
    useIsLoaded: () => useLoaded() !== undefined,
    Part,
  };
  return part;
}

/**
 * A stand-in's side of an on-demand part: `ask()` (its click) loads the code and shows the part, open, once it is here.
 * The part takes the stand-in's place only when asked for, so a focused stand-in is never swapped under the person.
 */
export function useAskedFor<P>(part: OnDemand<P>): { shown: boolean; withKeyboard: boolean; ask: (event: { detail: number }) => void; prefetch: () => void } {
  const loaded = part.useIsLoaded();
  const [asked, setAsked] = useState<false | 'pointer' | 'keyboard'>(false);
  return {
    shown: asked !== false && loaded,
    // A click from Enter or Space has no pointer behind it (detail 0): the part then opens as from the keyboard.
    withKeyboard: asked === 'keyboard',
    ask: (event) => {
      setAsked(event.detail === 0 ? 'keyboard' : 'pointer');
      void part.preload().catch(() => setAsked(false));
    },
    // On hover or focus: the code is likely wanted next, and then opens at once.
    prefetch: part.prefetch,
  };
}

/**
 * For a menu shown open by its stand-in: the keyboard's way into a menu puts the focus on its first item, as the
 * menu's own trigger does (a menu that starts open focuses itself). The ref goes on the menu's content.
 */
export function useFirstItemFocus(withKeyboard: boolean): (menu: HTMLDivElement | null) => void {
  const done = useRef(false);
  return useCallback(
    (menu: HTMLDivElement | null) => {
      if (!menu || !withKeyboard || done.current) return;
      done.current = true;
      // The menu arrives in a portal a moment after its first render, and then focuses itself: once it has, its first item.
      window.setTimeout(() => menu.querySelector<HTMLElement>('[role^="menuitem"]')?.focus());
    },
    [withKeyboard],
  );
}

/** Loads the part's code once the browser is idle after the page has started (the navigation bar's small menus). */
export function usePreloadWhenIdle<P>(part: OnDemand<P>) {
  useEffect(() => {
    const preload = part.prefetch;
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(preload, { timeout: 5_000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(preload, 1_000);
    return () => window.clearTimeout(id);
  }, [part]);
}
