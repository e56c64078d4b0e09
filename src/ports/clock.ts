import { token } from './token';

export type TimerHandle = unknown;

/** Time and timers: the browser's in the app, a fake one in tests (no sleeps). */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  setInterval(callback: () => void, ms: number): TimerHandle;
  clearInterval(handle: TimerHandle): void;
}

export const CLOCK = token<Clock>('Clock');
