import type { Clock, TimerHandle } from '../../src/ports/clock';

interface Timer {
  id: number;
  at: number;
  every: number | null;
  callback: () => void;
}

/** A clock that only moves when a test says so: `advance(ms)` fires due timers in order. */
export class FakeClock implements Clock {
  private current: number;
  private nextId = 1;
  private timers: Timer[] = [];

  constructor(start: number | string = '2026-11-22T10:00:00.000Z') {
    this.current = typeof start === 'number' ? start : Date.parse(start);
  }

  now(): number {
    return this.current;
  }

  setTimeout(callback: () => void, ms: number): TimerHandle {
    return this.schedule(callback, ms, null);
  }

  clearTimeout(handle: TimerHandle): void {
    this.timers = this.timers.filter((t) => t.id !== handle);
  }

  setInterval(callback: () => void, ms: number): TimerHandle {
    return this.schedule(callback, ms, ms);
  }

  clearInterval(handle: TimerHandle): void {
    this.clearTimeout(handle);
  }

  /** Moves time forward, firing every timer due on the way (including ones they schedule). */
  advance(ms: number): void {
    const end = this.current + ms;
    for (;;) {
      const due = this.timers
        .filter((t) => t.at <= end)
        .sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.current = due.at;
      if (due.every === null) this.timers = this.timers.filter((t) => t !== due);
      else due.at += due.every;
      due.callback();
    }
    this.current = end;
  }

  /** Like advance, then lets promise callbacks queued by the fired timers run. */
  async advanceAsync(ms: number): Promise<void> {
    this.advance(ms);
    for (let i = 0; i < 10; i++) await Promise.resolve();
  }

  get pendingTimers(): number {
    return this.timers.length;
  }

  private schedule(callback: () => void, ms: number, every: number | null): number {
    const id = this.nextId++;
    this.timers.push({ id, at: this.current + Math.max(0, ms), every, callback });
    return id;
  }
}
