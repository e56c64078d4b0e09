import { useCallback, useSyncExternalStore } from 'react';

export interface Observable<T> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): T;
}

/**
 * Reads a domain service's synchronous state; re-renders when it (or another tab) changes it.
 * `before`: the state as a page rendered ahead of time shows it, when nothing of this browser
 * is known yet (an empty cart, no banner). A prerendered page is hydrated with it, then React
 * renders the browser's own state at once: the HTML and the first client render agree.
 * A constant: React compares it from one call to the next.
 */
export function useSnapshot<T>(source: Observable<T>, before: T): T {
  const subscribe = useCallback((listener: () => void) => source.subscribe(listener), [source]);
  const getSnapshot = useCallback(() => source.getSnapshot(), [source]);
  const getServerSnapshot = useCallback(() => before, [before]);
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

const never = () => () => undefined;

/**
 * False while a prerendered page is being hydrated (what it shows was written before this
 * browser's state could be read), true from then on and on any page rendered in the browser.
 * For what would be wrong rather than merely empty until then, such as a count.
 */
export function useBrowserStateKnown(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
