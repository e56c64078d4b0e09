/**
 * A service whose code is downloaded the first time it is needed, not on a shopper's first
 * visit: `load()` gives the one instance (the same promise every time, so React's `use()` can
 * wait for it), `current()` the instance once loaded, else null.
 */
export interface Lazy<T> {
  load(): Promise<T>;
  current(): T | null;
}

export function lazy<T>(create: () => Promise<T>): Lazy<T> {
  let instance: T | null = null;
  let pending: Promise<T> | null = null;
  return {
    load() {
      pending ??= create().then(
        (value) => (instance = value),
        (error: unknown) => {
          // A chunk that failed to download (network down) is asked for again next time.
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    current: () => instance,
  };
}
