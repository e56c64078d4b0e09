import type { AppUpdate } from '@/ports/app-update';

/** A new version in memory: `announce()` makes one wait; applying it "reloads" onto it. */
export class FakeAppUpdate implements AppUpdate {
  waiting = false;
  /** How many times the page reloaded onto a new version. */
  reloadsOnNewVersion = 0;
  private readonly listeners = new Set<() => void>();

  announce(): void {
    this.waiting = true;
    for (const listener of [...this.listeners]) listener();
  }

  onUpdateWaiting(listener: () => void): () => void {
    this.listeners.add(listener);
    if (this.waiting) listener();
    return () => {
      this.listeners.delete(listener);
    };
  }

  async applyUpdate(): Promise<void> {
    if (!this.waiting) throw new Error('No new version is waiting');
    this.waiting = false;
    this.reloadsOnNewVersion++;
  }
}
