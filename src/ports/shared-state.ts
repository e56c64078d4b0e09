import type { GenericSchema } from 'valibot';
import type { StorageWrite } from './key-value-store';
import type { Logger } from './logger';
import { token } from './token';

/** A change of the state: a pure function of the state it is given. */
export type Change<T> = (current: T) => T;

/**
 * Turns the JSON found in storage into the state: a valibot schema, or a function that may
 * repair what it can and throws when nothing is usable (what it drops, it tells `logger`).
 */
export type StateParser<T> = GenericSchema<unknown, T> | ((raw: unknown, logger: Logger) => T);

/**
 * One value stored under a key and shared by every tab of the shop (the cart, the favorites,
 * the newsletter's subscribers). A change shows at once in this tab; it is then committed so
 * that no tab ever overwrites another's change, and every tab ends up showing what is stored.
 * Reads never throw: a stored value that cannot be used is logged and replaced.
 */
export interface SharedState<T> {
  /** The same reference until the state changes (useSyncExternalStore relies on it). */
  get(): T;
  subscribe(listener: () => void): () => void;
  /**
   * Applies `change` now and commits it soon. `change` must be pure: it may be applied again on
   * top of another tab's newer commit, and its last application is the one committed. Answers
   * once saved for every tab, or the coded failure of a change kept in this tab's memory only.
   */
  update(change: Change<T>): Promise<StorageWrite>;
  /** Resolves once every change made so far is committed or has failed (tests, shutdown). */
  whenIdle(): Promise<void>;
  /** The page is being hidden, maybe for good: changes not yet committed are written at once. */
  flushBeforeUnload(): void;
  dispose(): void;
}

export interface SharedStateOptions<T> {
  /** The storage key (spec §3: `cart`, `favorites`, `newsletter_subscribers`). */
  key: string;
  parse: StateParser<T>;
  /** The state when nothing is stored. */
  initial: T;
}

/** Opens the shared state stored under a key. */
export interface SharedStates {
  open<T>(options: SharedStateOptions<T>): SharedState<T>;
}

export const SHARED_STATES = token<SharedStates>('SharedStates');
