import type { Clock, TimerHandle } from '@/ports/clock';

/**
 * The real clock. Globals are looked up on every call (not captured at construction) so that
 * test tools replacing them, like vi.useFakeTimers, are honoured.
 */
export class BrowserClock implements Clock {
  now(): number {
    return Date.now();
  }

  setTimeout(callback: () => void, ms: number): TimerHandle {
    return globalThis.setTimeout(callback, ms);
  }

  clearTimeout(handle: TimerHandle): void {
    globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>);
  }

  setInterval(callback: () => void, ms: number): TimerHandle {
    return globalThis.setInterval(callback, ms);
  }

  clearInterval(handle: TimerHandle): void {
    globalThis.clearInterval(handle as ReturnType<typeof globalThis.setInterval>);
  }
}
