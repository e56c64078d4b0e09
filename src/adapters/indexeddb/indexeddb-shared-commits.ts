import type { Commit, CommitLogFailure, SharedCommits } from '@/ports/shared-commits';
import { ok, type Failure, type Result } from '@/domain/result';
import { COMMITS_DATABASE, type StoreName } from '@/domain/indexeddb-schemas';
import { openDatabase } from './open-database';

const STORE: StoreName<typeof COMMITS_DATABASE> = 'commits';

export interface IndexedDbSharedCommitsOptions {
  /** The IndexedDB of the origin (a fake-indexeddb factory in Node tests); null where there is none. */
  factory: IDBFactory | null;
  databaseName: string;
  /** Tells the other tabs a commit is durable; null where BroadcastChannel is missing. */
  channel: BroadcastChannel | null;
}

interface Announcement {
  key: string;
  version: number;
}

/**
 * The commit log in IndexedDB. Its readwrite transactions on one object store are serialised
 * by the browser across every tab of the origin, and a read inside one sees every transaction
 * that completed before it began, with no per-tab copy in between: that is what makes a
 * read-modify-write atomic across tabs. Once a transaction completes, the other tabs hear of it
 * on a BroadcastChannel.
 */
export class IndexedDbSharedCommits implements SharedCommits {
  private database: Promise<IDBDatabase> | null = null;
  private readonly listeners = new Set<(key: string, version: number) => void>();

  constructor(private readonly options: IndexedDbSharedCommitsOptions) {
    options.channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
      const message = event.data as Partial<Announcement> | null;
      if (typeof message?.key !== 'string' || typeof message.version !== 'number') return;
      for (const listener of [...this.listeners]) listener(message.key, message.version);
    });
  }

  async transact(key: string, decide: (current: Commit | null) => string | undefined): Promise<Result<Commit | null, CommitLogFailure>> {
    let database: IDBDatabase;
    try {
      database = await this.open();
    } catch (error) {
      return failed(error);
    }
    return new Promise((resolve, reject) => {
      let transaction: IDBTransaction;
      try {
        transaction = database.transaction(STORE, 'readwrite');
      } catch (error) {
        // The database is closing (another tab upgrades it): the log's failure, not a rejection.
        resolve(failed(error));
        return;
      }
      const store = transaction.objectStore(STORE);
      let outcome: Commit | null = null;
      let written = false;
      let refusal: { error: unknown } | null = null;
      const request = store.get(key);
      request.onsuccess = () => {
        // Still inside the transaction: nothing another tab commits can come between this read and the put.
        const current = asCommit(request.result);
        outcome = current;
        try {
          const text = decide(current);
          if (text === undefined) return;
          outcome = { version: (current?.version ?? 0) + 1, text };
        } catch (error) {
          refusal = { error };
          transaction.abort();
          return;
        }
        store.put(outcome, key);
        written = true;
      };
      transaction.oncomplete = () => {
        if (written && outcome) this.options.channel?.postMessage({ key, version: outcome.version } satisfies Announcement);
        resolve(ok(outcome));
      };
      transaction.onabort = () => (refusal ? reject(refusal.error) : resolve(failed(transaction.error)));
    });
  }

  subscribe(listener: (key: string, version: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private open(): Promise<IDBDatabase> {
    this.database ??= (async () => {
      // Some private modes throw at once instead of failing the request.
      if (!this.options.factory) throw new Error('This browser has no IndexedDB');
      const database = await openDatabase({ ...COMMITS_DATABASE, name: this.options.databaseName }, this.options.factory);
      // A newer version of the shop in another tab wants to upgrade the database: let it.
      database.onversionchange = () => {
        database.close();
        this.database = null;
      };
      return database;
    })();
    const opening = this.database;
    // A failed opening is not cached: the next call tries again.
    opening.catch(() => {
      if (this.database === opening) this.database = null;
    });
    return opening;
  }
}

function asCommit(value: unknown): Commit | null {
  if (typeof value !== 'object' || value === null) return null;
  const { version, text } = value as Partial<Commit>;
  return typeof version === 'number' && typeof text === 'string' ? { version, text } : null;
}

/** The log could not be opened or written: a QuotaExceededError is the quota, anything else a refusal. */
function failed(cause: unknown): Failure<CommitLogFailure> {
  const quota = typeof cause === 'object' && cause !== null && (cause as { name?: unknown }).name === 'QuotaExceededError';
  return { ok: false, error: { code: quota ? 'quota' : 'unavailable', cause } };
}
