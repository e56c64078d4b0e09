import { ok, type Result } from '@/domain/result';
import type { KeyValueStore, StorageChange, StorageWrite, StorageWriteFailure } from '@/ports/key-value-store';
import type { Logger } from '@/ports/logger';
import type { Commit, CommitLogFailure, SharedCommits } from '@/ports/shared-commits';
import type { Change, SharedState, SharedStateOptions, StateParser } from '@/ports/shared-state';
import * as v from 'valibot';

export interface PersistedStateOptions<T> extends SharedStateOptions<T> {
  /** Where the spec keeps the list (localStorage): read at start-up, written by every commit. */
  store: KeyValueStore;
  /** What makes each commit atomic across the tabs (IndexedDB). */
  commits: SharedCommits;
  logger: Logger;
}

interface PendingChange<T> {
  change: Change<T>;
  /** Tells the caller how its change ended; null once told (a change kept in memory is retried silently). */
  settle: ((outcome: StorageWrite) => void) | null;
}

const SAVED: StorageWrite = ok();

/**
 * How many transactions in a row the commit log may fail before this tab saves to localStorage
 * alone. A failure can be passing (a transaction aborted under load, the log's code not yet
 * downloaded): giving up on the log at once would make the next writes read-modify-writes of
 * this tab's copy of the key, which another tab's commit can overwrite. Retried at once: a log
 * that is really missing (no IndexedDB) fails as fast every time.
 */
export const COMMIT_LOG_ATTEMPTS = 3;

/**
 * The one mechanism behind every stored list (cart, favorites, newsletter subscribers).
 *
 * A change shows at once: the state is the last commit this tab knows of (`base`) with this
 * tab's not-yet-committed changes applied on top, in order. Committing happens a moment later,
 * in a transaction of the shared commit log that every tab's transactions queue behind: it
 * applies the pending changes to whatever is committed *then* (another tab's commit included),
 * writes the result under the spec's localStorage key and commits it. When another tab
 * commits, this tab adopts that commit as its base and applies its own pending changes on top
 * again (a rebase): no change is lost, and every tab converges to what storage holds.
 *
 * Reads never throw (bad data is logged and replaced); a failed write keeps the change in
 * memory, says so once, and is retried with the next change.
 */
export class PersistedState<T> implements SharedState<T> {
  private base: T;
  private baseVersion = 0;
  private pending: PendingChange<T>[] = [];
  private state: T;
  /** One transaction at a time per tab; what arrives meanwhile waits for `afterSync`. */
  private busy = false;
  private resyncWanted = false;
  /** Another tab removed the key (or cleared storage): an empty key is then news, not lag. */
  private removalHeard = false;
  /** How many of the first pending changes the key already holds (written by an unfinished commit). */
  private writtenAhead = 0;
  /** What the page wrote to the key as it was hidden, and how many pending changes that holds. */
  private flushed: { raw: string; count: number } | null = null;
  /** This browser has no commit log (IndexedDB refused): localStorage alone, as in a single tab. */
  private storageOnly = false;
  /** The commit log's failures since its last success (see COMMIT_LOG_ATTEMPTS). */
  private logFailures = 0;
  private readonly idleWaiters: (() => void)[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly stops: (() => void)[];

  constructor(private readonly options: PersistedStateOptions<T>) {
    this.base = this.decode(options.store.get(options.key))?.value ?? options.initial;
    this.state = this.base;
    this.stops = [
      options.commits.subscribe((key, version) => {
        if (key === options.key && version > this.baseVersion) this.requestSync();
      }),
      options.store.subscribe((change) => this.onStorageEvent(change)),
    ];
    // No transaction at start-up: the key was just read, and the log (with its code) is only
    // needed at the first change or the first news of another tab (a storage event: every
    // commit writes the key), which then catches up with everything committed before it.
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
   * Applies `change` now and commits it soon. `change` must be a pure function of the state it
   * is given: it is applied again to any newer commit of another tab that arrives first, and
   * its last application is the one committed.
   */
  update(change: Change<T>): Promise<StorageWrite> {
    const next = change(this.state);
    if (next === this.state && this.pending.length === 0) return Promise.resolve(SAVED);
    return new Promise((settle) => {
      this.pending.push({ change, settle });
      this.show(next);
      this.requestSync();
    });
  }

  /** Resolves once every change made so far is committed or has failed (tests, shutdown). */
  whenIdle(): Promise<void> {
    if (!this.busy) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * The page is being hidden for good or into the back-forward cache: its transactions may never
   * finish, so changes still waiting are written to the key now, synchronously, on top of what
   * this tab's copy of the key holds. Another tab then finds a value no commit wrote and adopts
   * it (see `transact`); if this page comes back, its commit leaves out what that value holds.
   * Only the last instant's changes take this path.
   */
  flushBeforeUnload(): void {
    const waiting = this.pending.slice(this.writtenAhead);
    if (waiting.length === 0 || this.storageOnly) return;
    const { store, key } = this.options;
    const start = this.decode(store.get(key))?.value ?? this.base;
    const raw = JSON.stringify(waiting.reduce((state, { change }) => change(state), start));
    const written = store.set(key, raw);
    if (written.ok) this.flushed = { raw, count: this.pending.length };
    else this.options.logger.error(`Could not save "${key}" before the page closed`, written.error);
  }

  dispose(): void {
    for (const stop of this.stops) stop();
    this.listeners.clear();
  }

  // -------------------------------------------------------------------------------------
  // The transaction

  private requestSync(): void {
    if (this.busy) this.resyncWanted = true;
    else this.sync();
  }

  private sync(): void {
    this.busy = true;
    this.resyncWanted = false;
    const batch = this.pending.slice();
    void this.transact(batch)
      .catch((error: unknown) => this.options.logger.error(`Could not sync "${this.options.key}"`, error))
      .finally(() => this.afterSync());
  }

  private afterSync(): void {
    this.busy = false;
    if (this.resyncWanted || this.pending.some((entry) => entry.settle)) this.sync();
    else for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  /**
   * Applies `batch` to the latest commit and commits the result, in one transaction of the log.
   * With an empty batch it only catches up: with the log, and with the localStorage key when it
   * holds what no commit wrote (an edit from outside the shop, or data older than the log),
   * which then becomes the next commit (§3: the key is read at start-up). A key that only lags
   * behind the log (this tab's copy not yet updated) is recognised and ignored.
   */
  private async transact(batch: PendingChange<T>[]): Promise<void> {
    if (this.storageOnly) return this.writeWithoutLog(batch);
    const { store, key } = this.options;
    let committed: T = this.base;
    let refusal: StorageWriteFailure | null = null;
    let wrote: string | null = null;
    let answer: Result<Commit | null, CommitLogFailure>;
    try {
      answer = await this.options.commits.transact(key, (current) => {
        try {
          const envelope = openEnvelope(current);
          const stored = store.get(key);
          const removed = stored === null && this.removalHeard;
          this.removalHeard = false;
          const outside = envelope && remembers(envelope, stored) && !removed ? null : this.decode(stored);
          const start = outside ? outside.value : this.stateOf(current, envelope);
          // Changes this page already wrote as it was hidden are in the key or the log if the
          // value it wrote is still there: they must not be applied twice.
          const flushed = this.flushed;
          const alreadyIn = flushed && (stored === flushed.raw || (envelope && remembers(envelope, flushed.raw))) ? flushed.count : 0;
          committed = batch.slice(alreadyIn).reduce((state, { change }) => change(state), start);
          if (batch.length === 0) {
            // Only a key that holds something the log lacks becomes a commit (not a key never written).
            return outside && (envelope !== null || stored !== null) ? nextEnvelope(envelope, stored) : undefined;
          }
          const raw = JSON.stringify(committed);
          if (!outside && envelope?.raw === raw) return undefined;
          // Written inside the transaction, so the key takes the commits in their order. A refused
          // write (full quota) aborts the commit (decide throws): memory keeps the change.
          if (raw !== stored) {
            const written = store.set(key, raw);
            // The failure itself aborts the transaction, and is what the caller is told.
            if (!written.ok) throw (refusal = written.error);
          }
          wrote = raw;
          this.writtenAhead = batch.length;
          return outside ? nextEnvelope(envelope, stored, raw) : nextEnvelope(envelope, raw);
        } catch (error) {
          refusal ??= { code: 'unavailable', key };
          throw error;
        }
      });
    } catch (error) {
      // Only `decide` throws (the log answers its own failures): the key refused the write, set
      // inside `decide` (a closure the compiler does not follow), or the decision itself failed.
      return this.refused(batch, (refusal as StorageWriteFailure | null) ?? { code: 'unavailable', key }, error);
    }
    if (!answer.ok) {
      const failure = answer.error.cause ?? answer.error.code;
      this.logFailures += 1;
      if (this.logFailures < COMMIT_LOG_ATTEMPTS) {
        // The batch stays pending and is committed again at once (afterSync). If the key already
        // holds it (the log failed after the write), that value is recognised, as after a flush,
        // so no change is applied twice.
        this.options.logger.warn(`The shared commit log failed (attempt ${this.logFailures} of ${COMMIT_LOG_ATTEMPTS}); trying again`, failure);
        if (wrote !== null) this.flushed = { raw: wrote, count: batch.length };
        this.resyncWanted = true;
        return;
      }
      this.options.logger.warn('The shared commit log is unavailable; saving to localStorage alone', failure);
      this.storageOnly = true;
      // The key may already hold the batch (the log failed after it was written): then it is saved.
      if (wrote === null) return this.writeWithoutLog(batch);
      this.pending.splice(0, batch.length);
      this.writtenAhead = 0;
      this.adopt(null, committed);
      for (const entry of batch) this.tell(entry, SAVED);
      return;
    }
    const commit = answer.value;
    this.logFailures = 0;
    this.pending.splice(0, batch.length);
    this.writtenAhead = 0;
    this.flushed = null;
    this.adopt(commit, committed);
    for (const entry of batch) this.tell(entry, SAVED);
  }

  /** The state a commit holds (`base` when it is the one we know, to skip decoding it again). */
  private stateOf(commit: Commit | null, envelope: Envelope | null): T {
    if (commit && commit.version === this.baseVersion) return this.base;
    if (envelope) return this.decode(envelope.raw)?.value ?? this.base;
    return this.base;
  }

  private refused(batch: PendingChange<T>[], failure: StorageWriteFailure, cause?: unknown): void {
    this.options.logger.error(`Could not save "${this.options.key}"; keeping it in memory`, cause ?? failure);
    for (const entry of batch) this.tell(entry, { ok: false, error: failure });
  }

  /** Makes `commit` (whose state is `known`) this tab's base, unless we already know a newer one. */
  private adopt(commit: Commit | null, known: T): void {
    if (commit === null ? this.storageOnly : commit.version >= this.baseVersion) {
      this.base = known;
      this.baseVersion = commit?.version ?? this.baseVersion;
    }
    const next = this.pending.reduce((state, { change }) => change(state), this.base);
    // Usually what the tab already shows (its own changes, now committed): keep the reference.
    if (JSON.stringify(next) !== JSON.stringify(this.state)) this.show(next);
  }

  // -------------------------------------------------------------------------------------
  // Other tabs, and browsers without a log

  private onStorageEvent(change: StorageChange): void {
    if (change.key !== null && change.key !== this.options.key) return;
    if (!this.storageOnly) {
      // Another tab's commit (its announcement follows), or an edit made outside the shop.
      if (change.key === null || change.newValue === null) this.removalHeard = true;
      this.requestSync();
      return;
    }
    this.adopt(null, this.decode(change.key === null ? null : change.newValue)?.value ?? this.options.initial);
  }

  /** Read-modify-write on localStorage: atomic within this tab, which is all that is left. */
  private writeWithoutLog(batch: PendingChange<T>[]): void {
    if (batch.length === 0) return;
    const { store, key } = this.options;
    const start = this.decode(store.get(key))?.value ?? this.base;
    const next = batch.reduce((state, { change }) => change(state), start);
    const written = store.set(key, JSON.stringify(next));
    if (!written.ok) {
      this.refused(batch, written.error);
      return;
    }
    this.pending.splice(0, batch.length);
    this.adopt(null, next);
    for (const entry of batch) this.tell(entry, SAVED);
  }

  // -------------------------------------------------------------------------------------

  private tell(entry: PendingChange<T>, outcome: StorageWrite): void {
    entry.settle?.(outcome);
    entry.settle = null;
  }

  /** Null when the text is unusable (already logged). */
  private decode(raw: string | null): { value: T } | null {
    return decodeState(raw, this.options);
  }

  private show(next: T): void {
    if (next === this.state) return;
    this.state = next;
    for (const listener of [...this.listeners]) listener();
  }
}

// ---------------------------------------------------------------------------------------
// The commit envelope: what one commit of a stored list holds.

/**
 * How many of the key's past localStorage values a commit remembers (as hashes). A tab whose
 * copy of localStorage still shows one of them is only behind, not edited from outside: far
 * more commits than any tab can lag by (a lag lasts until the browser delivers a write to it).
 */
export const REMEMBERED_VALUES = 64;

/** What one commit of a stored list holds: the text written under the spec's key, and its recent past. */
export interface Envelope {
  /** The JSON written under the key, or null when the key was removed. */
  readonly raw: string | null;
  /** Hashes of the values the key held before, oldest first (the value null included). */
  readonly recent: readonly number[];
}

/** The envelope of a commit, or null when there is none or it is not one of ours. */
function openEnvelope(commit: Commit | null): Envelope | null {
  if (!commit) return null;
  try {
    const { raw, recent } = JSON.parse(commit.text) as Partial<Envelope>;
    if ((typeof raw !== 'string' && raw !== null) || !Array.isArray(recent)) return null;
    return { raw, recent: recent.filter((hash) => typeof hash === 'number') };
  } catch {
    return null;
  }
}

/** The text of the commit that follows `previous`, after the key held each of `values` in turn. */
function nextEnvelope(previous: Envelope | null, ...values: (string | null)[]): string {
  const history = previous ? [...previous.recent, hashOf(previous.raw)] : [hashOf(null)];
  const raw = values.at(-1) ?? null;
  const recent = [...history, ...values.slice(0, -1).map(hashOf)].slice(-REMEMBERED_VALUES);
  return JSON.stringify({ raw, recent } satisfies Envelope);
}

/** True when the key held `raw` at this commit or shortly before it. */
function remembers(envelope: Envelope, raw: string | null): boolean {
  return envelope.raw === raw || envelope.recent.includes(hashOf(raw));
}

/** FNV-1a, 32 bits: enough to tell a few dozen values apart. */
function hashOf(raw: string | null): number {
  if (raw === null) return 0;
  let hash = 0x811c9dc5;
  for (let i = 0; i < raw.length; i++) {
    hash ^= raw.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0 || 1;
}

// ---------------------------------------------------------------------------------------
// Reading the stored JSON into the state.

/** The state stored as `raw` ({ value: initial } for a missing key), or null when unusable (logged). */
function decodeState<T>(
  raw: string | null,
  { key, parse, initial, logger }: { key: string; parse: StateParser<T>; initial: T; logger: Logger },
): { value: T } | null {
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
