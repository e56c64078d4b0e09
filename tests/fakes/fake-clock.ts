import type { Clock, TimerHandle } from '@/ports/clock';

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
    // Like browsers, never repeat at 0 ms: a zero period would make advance() loop forever.
    return this.schedule(callback, ms, Math.max(1, ms));
  }

  clearInterval(handle: TimerHandle): void {
    this.clearTimeout(handle);
  }

  /** Moves time forward, firing every timer due on the way (including ones they schedule). */
  advance(ms: number): void {
    const end = this.current + Math.max(0, ms);
    for (let due = this.nextDue(end); due; due = this.nextDue(end)) this.fire(due);
    this.current = end;
  }

  /**
   * Like advance, but lets the promise callbacks queued by each fired timer run before the next
   * one is due: a timer scheduled after an `await` inside the window fires in the window too.
   */
  async advanceAsync(ms: number): Promise<void> {
    const end = this.current + Math.max(0, ms);
    await flushMicrotasks();
    for (let due = this.nextDue(end); due; due = this.nextDue(end)) {
      this.fire(due);
      await flushMicrotasks();
    }
    this.current = end;
    await flushMicrotasks();
  }

  get pendingTimers(): number {
    return this.timers.length;
  }

  private schedule(callback: () => void, ms: number, every: number | null): number {
    const id = this.nextId++;
    this.timers.push({ id, at: this.current + Math.max(0, ms), every, callback });
    return id;
  }

  private nextDue(end: number): Timer | undefined {
    return this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.id - b.id)[0];
  }

  private fire(due: Timer): void {
    this.current = due.at;
    if (due.every === null) this.timers = this.timers.filter((t) => t !== due);
    else due.at += due.every;
    due.callback();
  }
}

async function flushMicrotasks(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}
