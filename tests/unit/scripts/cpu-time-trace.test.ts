import { describe, expect, it } from 'vitest';
import { rewriteToCpuTime, type TraceEvent } from '../../../scripts/speed/cpu-time-trace.mjs';

// A renderer main thread (pid 1, tid 10) and another thread of the same process (tid 11).
const threadNames = (): TraceEvent[] => [
  { name: 'thread_name', ph: 'M', pid: 1, tid: 10, ts: 0, args: { name: 'CrRendererMain' } },
  { name: 'thread_name', ph: 'M', pid: 1, tid: 11, ts: 0, args: { name: 'Compositor' } },
];

describe('a trace rewritten to CPU time (what Lighthouse simulates from in the speed gates)', () => {
  it('a main-thread task lasts its CPU time; what it holds shrinks with it towards its start', () => {
    const task: TraceEvent = { name: 'RunTask', ph: 'X', pid: 1, tid: 10, ts: 1_000, dur: 40_000, tdur: 10_000 };
    const script: TraceEvent = { name: 'EvaluateScript', ph: 'X', pid: 1, tid: 10, ts: 5_000, dur: 20_000 };
    const paint: TraceEvent = { name: 'firstContentfulPaint', ph: 'I', pid: 1, tid: 10, ts: 41_000 };
    const summary = rewriteToCpuTime([...threadNames(), task, script, paint]);

    expect(task).toMatchObject({ ts: 1_000, dur: 10_000 });
    // Scaled by 10/40 around the task's start: 1 000 + 4 000 / 4, 20 000 / 4.
    expect(script).toMatchObject({ ts: 2_000, dur: 5_000 });
    // At the task's very end, it stays at its (new) end.
    expect(paint.ts).toBe(11_000);
    expect(summary).toEqual({ removedMs: 30, scaledTasks: 1 });
  });

  it('leaves alone other threads, tasks without a thread clock, and a nested task inside an outer one', () => {
    const compositor: TraceEvent = { name: 'RunTask', ph: 'X', pid: 1, tid: 11, ts: 0, dur: 30_000, tdur: 1_000 };
    const noClock: TraceEvent = { name: 'RunTask', ph: 'X', pid: 1, tid: 10, ts: 100_000, dur: 30_000 };
    const outer: TraceEvent = { name: 'RunTask', ph: 'X', pid: 1, tid: 10, ts: 200_000, dur: 60_000, tdur: 30_000 };
    const nested: TraceEvent = { name: 'RunTask', ph: 'X', pid: 1, tid: 10, ts: 220_000, dur: 20_000, tdur: 20_000 };
    const summary = rewriteToCpuTime([...threadNames(), compositor, noClock, outer, nested]);

    expect(compositor).toMatchObject({ ts: 0, dur: 30_000 });
    expect(noClock).toMatchObject({ ts: 100_000, dur: 30_000 });
    expect(outer).toMatchObject({ ts: 200_000, dur: 30_000 });
    // Scaled as a child of the outer task (by one half), not as a task of its own.
    expect(nested).toMatchObject({ ts: 210_000, dur: 10_000 });
    expect(summary.scaledTasks).toBe(1);
  });

  it('keeps every child inside its parent, so Lighthouse still finds a well-nested tree', () => {
    const events: TraceEvent[] = [...threadNames()];
    for (let i = 0; i < 50; i++) {
      const start = i * 100_000;
      const dur = 20_000 + ((i * 7_919) % 60_000);
      events.push({ name: 'RunTask', ph: 'X', pid: 1, tid: 10, ts: start, dur, tdur: Math.round(dur / (1 + (i % 5))) });
      events.push({ name: 'FunctionCall', ph: 'X', pid: 1, tid: 10, ts: start + dur / 4, dur: dur / 2 });
    }
    rewriteToCpuTime(events);
    const tasks = events.filter((e) => e.name === 'RunTask');
    const calls = events.filter((e) => e.name === 'FunctionCall');
    tasks.forEach((task, i) => {
      const call = calls[i]!;
      expect(call.ts).toBeGreaterThanOrEqual(task.ts);
      expect(call.ts + (call.dur ?? 0)).toBeLessThanOrEqual(task.ts + (task.dur ?? 0));
      expect(task.dur).toBe(task.tdur);
    });
  });
});
