import { ok, type Result } from '@/domain/result';
import type { Commit, CommitLogFailure, SharedCommits } from '@/ports/shared-commits';

export interface MemoryCommitAreaOptions {
  /**
   * Tests choose the order of events: every transaction and cross-tab notification
   * waits in `queue` until `run` or `drain` runs it. Otherwise each runs in its own microtask,
   * first come first served, as IndexedDB would serve them.
   */
  manual?: boolean;
}

export interface QueuedEvent {
  /** `transaction A cart`, `notify B cart 3` (tab, key, version). */
  readonly label: string;
  readonly run: () => void;
}

/**
 * One shared commit log, like the IndexedDB of one origin; several MemorySharedCommits opened
 * on it behave like several tabs. A transaction runs whole when its turn comes, so two never
 * interleave: the property the real log must have, and what the contract suite checks.
 */
export class MemoryCommitArea {
  readonly commits = new Map<string, Commit>();
  readonly queue: QueuedEvent[] = [];
  private readonly tabs = new Set<MemorySharedCommits>();

  constructor(private readonly options: MemoryCommitAreaOptions = {}) {}

  attach(tab: MemorySharedCommits): void {
    this.tabs.add(tab);
  }

  schedule(label: string, run: () => void): void {
    if (this.options.manual) this.queue.push({ label, run });
    else queueMicrotask(run);
  }

  announce(from: MemorySharedCommits, key: string, version: number): void {
    for (const tab of this.tabs) {
      if (tab !== from) this.schedule(`notify ${tab.name} ${key} ${version}`, () => tab.hear(key, version));
    }
  }

  /** Runs the first queued event whose label starts with `prefix` (the first of all without one). */
  run(prefix = ''): string {
    const index = this.queue.findIndex((event) => event.label.startsWith(prefix));
    if (index === -1) throw new Error(`No queued event starts with "${prefix}": ${this.labels().join(', ') || 'none'}`);
    const [event] = this.queue.splice(index, 1);
    event!.run();
    return event!.label;
  }

  /** A tab closed: its transactions that had not started never will (the browser drops them). */
  close(tab: string): void {
    for (let i = this.queue.length - 1; i >= 0; i--) {
      if (this.queue[i]!.label.startsWith(`transaction ${tab} `)) this.queue.splice(i, 1);
    }
  }

  labels(): string[] {
    return this.queue.map((event) => event.label);
  }

  /** Runs every queued event in order, letting promise callbacks run between them, until none is left. */
  async drain(): Promise<void> {
    await settle();
    while (this.queue.length > 0) {
      this.run();
      await settle();
    }
  }
}

/** Lets every pending promise callback (and the ones they schedule) run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

export class MemorySharedCommits implements SharedCommits {
  private readonly listeners = new Set<(key: string, version: number) => void>();

  constructor(
    private readonly area: MemoryCommitArea = new MemoryCommitArea(),
    readonly name = 'tab',
  ) {
    area.attach(this);
  }

  transact(key: string, decide: (current: Commit | null) => string | undefined): Promise<Result<Commit | null, CommitLogFailure>> {
    return new Promise((resolve, reject) => {
      this.area.schedule(`transaction ${this.name} ${key}`, () => {
        const current = this.area.commits.get(key) ?? null;
        let text: string | undefined;
        try {
          text = decide(current);
        } catch (error) {
          reject(error);
          return;
        }
        if (text === undefined) {
          resolve(ok(current));
          return;
        }
        const commit = { version: (current?.version ?? 0) + 1, text };
        this.area.commits.set(key, commit);
        this.area.announce(this, key, commit.version);
        resolve(ok(commit));
      });
    });
  }

  subscribe(listener: (key: string, version: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called by the area when another tab committed. */
  hear(key: string, version: number): void {
    for (const listener of [...this.listeners]) listener(key, version);
  }
}
