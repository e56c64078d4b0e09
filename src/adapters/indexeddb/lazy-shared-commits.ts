import type { Commit, SharedCommits } from '../../ports/shared-commits';

/**
 * A SharedCommits whose real adapter (and its code) is loaded by the first transaction.
 * Listeners subscribed before then are handed over once it is loaded; until then no tab of
 * ours has committed, so there was nothing to hear.
 */
export class LazySharedCommits implements SharedCommits {
  private loading: Promise<SharedCommits> | null = null;
  private readonly listeners = new Set<(key: string, version: number) => void>();

  constructor(private readonly load: () => Promise<SharedCommits>) {}

  async transact(key: string, decide: (current: Commit | null) => string | undefined): Promise<Commit | null> {
    return (await this.loaded()).transact(key, decide);
  }

  subscribe(listener: (key: string, version: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private loaded(): Promise<SharedCommits> {
    this.loading ??= this.load().then((log) => {
      log.subscribe((key, version) => {
        for (const listener of [...this.listeners]) listener(key, version);
      });
      return log;
    });
    const loading = this.loading;
    // A failed load (offline before the chunk was cached) is tried again by the next transaction.
    loading.catch(() => {
      if (this.loading === loading) this.loading = null;
    });
    return loading;
  }
}
