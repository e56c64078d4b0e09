import { useCallback, useSyncExternalStore } from 'react';

export interface Observable<T> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): T;
}

/** Reads a domain service's synchronous state; re-renders when it (or another tab) changes it. */
export function useSnapshot<T>(source: Observable<T>): T {
  const subscribe = useCallback((listener: () => void) => source.subscribe(listener), [source]);
  const getSnapshot = useCallback(() => source.getSnapshot(), [source]);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
