import * as v from 'valibot';
import { StorageWriteError, type KeyValueStore, type StorageChange } from '../ports/key-value-store';
import type { Logger } from '../ports/logger';

/**
 * Turns the JSON found in storage into the state: a valibot schema, or a function that may
 * repair what it can (see `lenientList`) and throws when nothing is usable.
 */
export type StateParser<T> = v.GenericSchema<unknown, T> | ((raw: unknown, logger: Logger) => T);

export interface PersistedStateOptions<T> {
  store: KeyValueStore;
  key: string;
  parse: StateParser<T>;
  initial: T;
  logger: Logger;
}

export type UpdateOutcome = { saved: true } | { saved: false; error: StorageWriteError };

const SAVED: UpdateOutcome = { saved: true };

/**
 * A list parser that keeps every valid entry and drops (and logs) the others one by one, so
 * one damaged line never costs the shopper the whole cart. Anything but an array is refused.
 */
export function lenientList<T>(item: v.GenericSchema<unknown, T>, what: string) {
  return (raw: unknown, logger: Logger): readonly T[] => {
    if (!Array.isArray(raw)) throw new TypeError(`expected a list of ${what}, found ${typeof raw}`);
    const kept: T[] = [];
    raw.forEach((entry: unknown, index) => {
      const parsed = v.safeParse(item, entry);
      if (parsed.success) kept.push(parsed.output);
      else logger.warn(`Ignoring invalid stored ${what} at index ${index}`, v.summarize(parsed.issues));
    });
    return kept;
  };
}

/**
 * The one mechanism behind every stored list: a state kept in memory, mirrored as JSON under one
 * key, shared with the shop's other tabs. Reads never throw (bad data is logged and replaced);
 * a failed write keeps the state in memory and says so.
 */
export class PersistedState<T> {
  private state: T;
  /** The stored text `state` was last read from or written as: lets us skip re-parsing. */
  private lastRaw: string | null;
  /** Our last write failed: memory holds changes storage lacks, so memory wins the next update. */
  private unsaved = false;
  private readonly listeners = new Set<() => void>();
  private readonly stopListening: () => void;

  constructor(private readonly options: PersistedStateOptions<T>) {
    this.lastRaw = options.store.get(options.key);
    this.state = this.decode(this.lastRaw)?.value ?? options.initial;
    this.stopListening = options.store.subscribe((change) => this.onStoreChange(change));
  }

  /** The same reference until the state changes (useSyncExternalStore relies on it). */
  get(): T {
    return this.state;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /**
   * Read-modify-write. The stored value is re-read first, because another tab may have written
   * it since we last heard (its storage event can still be on its way): applying `fn` to our
   * older copy would silently undo that tab's change.
   */
  update(fn: (current: T) => T): UpdateOutcome {
    if (!this.unsaved) this.adoptStored();
    const current = this.state;
    const next = fn(current);
    if (next === current && !this.unsaved) return SAVED;

    const raw = JSON.stringify(next);
    this.state = next;
    try {
      this.options.store.set(this.options.key, raw);
      this.lastRaw = raw;
      this.unsaved = false;
      return SAVED;
    } catch (cause) {
      const error =
        cause instanceof StorageWriteError ? cause : new StorageWriteError(this.options.key, 'unavailable', { cause });
      this.unsaved = true;
      this.options.logger.error(`Could not save "${this.options.key}"; keeping it in memory`, error);
      return { saved: false, error };
    } finally {
      if (next !== current) this.notify();
    }
  }

  dispose(): void {
    this.stopListening();
    this.listeners.clear();
  }

  private onStoreChange(change: StorageChange): void {
    if (change.key !== null && change.key !== this.options.key) return;
    const raw = change.key === null ? null : change.newValue;
    // Another tab saved after us: storage is the truth again, even if our own last write failed.
    this.unsaved = false;
    if (raw === this.lastRaw) return;
    this.lastRaw = raw;
    this.replace(this.decode(raw)?.value ?? this.options.initial);
  }

  private adoptStored(): void {
    const raw = this.options.store.get(this.options.key);
    if (raw === this.lastRaw) return;
    this.lastRaw = raw;
    const decoded = this.decode(raw);
    // Unreadable text where our data was: keep what we have rather than empty the shopper's list.
    if (decoded) this.replace(decoded.value);
  }

  /** Null when the text is unusable (already logged). */
  private decode(raw: string | null): { value: T } | null {
    const { key, parse, initial, logger } = this.options;
    if (raw === null) return { value: initial };
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch (error) {
      logger.warn(`Ignoring stored "${key}": not JSON`, error);
      return null;
    }
    try {
      if (typeof parse === 'function') return { value: parse(json, logger) };
      const parsed = v.safeParse(parse, json);
      if (parsed.success) return { value: parsed.output };
      logger.warn(`Ignoring stored "${key}": unexpected shape`, v.summarize(parsed.issues));
      return null;
    } catch (error) {
      logger.warn(`Ignoring stored "${key}": unexpected shape`, error);
      return null;
    }
  }

  private replace(next: T): void {
    if (next === this.state) return;
    this.state = next;
    this.notify();
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
