import { NETWORK_FAILURE_MESSAGE } from '@/domain/backend-error';
import { fail, type Result } from '@/domain/result';

/**
 * The one way the shop loads something on demand. `loadOnce(load)` runs `load` the first time
 * it is asked and gives every caller the same promise; a load that fails (a chunk that could not
 * be downloaded, offline before the service worker had it) is forgotten, so the next call tries
 * again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    if (!pending) {
      const attempt = load();
      pending = attempt;
      attempt.catch(() => {
        if (pending === attempt) pending = null;
      });
    }
    return pending;
  };
}

type AnyFunction = (...args: never[]) => unknown;

/**
 * A port's method as `lazyPort` can stand in for it before the adapter is there: a method whose
 * first argument is a function is a subscription and answers at once the function that stops
 * it; every other method answers a promise of a Result, so that code which cannot be loaded is
 * one more failure of the port's own kind, never a rejection.
 */
type LazyMethod<M> = M extends (first: infer First, ...rest: infer _Rest) => infer Answer
  ? First extends AnyFunction
    ? Answer extends () => void
      ? M
      : never
    : Answer extends Promise<Result<unknown, unknown>>
      ? M
      : never
  : never;

export type LazyCapable<T> = { [K in keyof T]: LazyMethod<T[K]> };

export interface LazyPortOptions {
  /**
   * Whether a subscription loads the adapter (default true). false: a subscription waits for a
   * call to load it, and is handed over then; until a call, there is nothing it could hear.
   */
  subscriptionsLoad?: boolean;
  /** Told of each failed load. */
  onLoadError?: (error: unknown) => void;
}

/**
 * Port `T` served by an adapter loaded with the first use of any of its methods, the same one
 * for every later call. No method is listed by hand: every property of the answer is a method
 * that waits for the adapter. The type checks that each method can be waited for (see LazyMethod).
 */
export function lazyPort<T extends LazyCapable<T>>(load: () => Promise<T>, options: LazyPortOptions = {}): T {
  const { subscriptionsLoad = true, onLoadError } = options;
  const adapter = loadOnce(load);
  let loaded: T | null = null;
  // Subscriptions waiting for the adapter (subscriptionsLoad false): handed over when it is loaded.
  const waiting = new Set<{ method: PropertyKey; args: unknown[]; stop: (() => void) | null; stopped: boolean }>();
  const ready = (): Promise<T> =>
    adapter().then((port) => {
      if (!loaded) {
        loaded = port;
        for (const entry of waiting) entry.stop = call(port, entry.method, entry.args) as () => void;
        waiting.clear();
      }
      return port;
    });
  const answerFailure = (error: unknown) => {
    onLoadError?.(error);
    // The one failure of code that cannot be loaded: the network's, as every port answers failures (a Result).
    return fail('network', NETWORK_FAILURE_MESSAGE);
  };
  const subscribe = (method: PropertyKey, args: unknown[]): (() => void) => {
    if (loaded) return call(loaded, method, args) as () => void;
    const entry = { method, args, stop: null as (() => void) | null, stopped: false };
    if (subscriptionsLoad) {
      void ready().then(
        (port) => {
          if (!entry.stopped) entry.stop = call(port, method, args) as () => void;
        },
        (error: unknown) => onLoadError?.(error),
      );
    } else {
      waiting.add(entry);
    }
    return () => {
      entry.stopped = true;
      waiting.delete(entry);
      entry.stop?.();
    };
  };
  return new Proxy({} as T, {
    get(_target, method) {
      // Neither a promise (`await port` gives the port) nor a disposable (the container disposes those).
      if (method === 'then' || method === 'dispose') return undefined;
      return (...args: unknown[]) => {
        if (typeof args[0] === 'function') return subscribe(method, args);
        if (loaded) return call(loaded, method, args);
        return ready().then((port) => call(port, method, args), answerFailure);
      };
    },
  });
}

function call(port: object, method: PropertyKey, args: unknown[]): unknown {
  return (port as Record<PropertyKey, (...a: unknown[]) => unknown>)[method]!(...args);
}
