import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BrowserClock } from '@/adapters/browser/browser-clock';
import type { Clock } from '@/ports/clock';
import { FakeClock } from '../fakes/fake-clock';

interface Harness {
  name: string;
  setUp(): { clock: Clock; advance(ms: number): void };
  tearDown(): void;
}

const START = Date.parse('2026-11-22T10:00:00.000Z');

const harnesses: Harness[] = [
  {
    // vitest's fake timers replace Date and the global timers, which BrowserClock reads on each call.
    name: 'BrowserClock',
    setUp() {
      vi.useFakeTimers({ now: START });
      return { clock: new BrowserClock(), advance: (ms) => vi.advanceTimersByTime(ms) };
    },
    tearDown: () => vi.useRealTimers(),
  },
  {
    name: 'FakeClock',
    setUp() {
      const clock = new FakeClock(START);
      return { clock, advance: (ms) => clock.advance(ms) };
    },
    tearDown() {},
  },
];

describe.each(harnesses)('Clock contract: $name', ({ setUp, tearDown }) => {
  let clock: Clock;
  let advance: (ms: number) => void;
  beforeEach(() => ({ clock, advance } = setUp()));
  afterEach(() => tearDown());

  it('tells the time in epoch milliseconds, moving with the time that passes', () => {
    expect(clock.now()).toBe(START);
    advance(1500);
    expect(clock.now()).toBe(START + 1500);
  });

  it('fires a timeout once, when its delay has passed and not before', () => {
    const fired: number[] = [];
    clock.setTimeout(() => fired.push(clock.now()), 100);
    advance(99);
    expect(fired).toEqual([]);
    advance(1);
    expect(fired).toEqual([START + 100]);
    advance(1000);
    expect(fired).toHaveLength(1);
  });

  it('never fires a cleared timeout', () => {
    let fired = false;
    const handle = clock.setTimeout(() => (fired = true), 100);
    clock.clearTimeout(handle);
    advance(1000);
    expect(fired).toBe(false);
  });

  it('repeats an interval until it is cleared', () => {
    const ticks: number[] = [];
    const handle = clock.setInterval(() => ticks.push(clock.now() - START), 300);
    advance(1000);
    expect(ticks).toEqual([300, 600, 900]);
    clock.clearInterval(handle);
    advance(1000);
    expect(ticks).toHaveLength(3);
  });

  it('fires timers in the order they fall due', () => {
    const order: string[] = [];
    clock.setTimeout(() => order.push('late'), 200);
    clock.setTimeout(() => order.push('early'), 50);
    advance(500);
    expect(order).toEqual(['early', 'late']);
  });
});

describe('BrowserClock with real time', () => {
  it('reads the system time', () => {
    const before = Date.now();
    const now = new BrowserClock().now();
    expect(Number.isInteger(now)).toBe(true);
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now - Date.now()).toBeLessThanOrEqual(0);
    expect(Date.now() - now).toBeLessThan(1000);
  });
});
