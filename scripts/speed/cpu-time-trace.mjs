// Lighthouse's simulated throttling (Lantern) takes each main-thread task's duration from the
// trace (the top-level task event's `dur`, wall-clock time) and multiplies it by 4. On a shared
// 2-core machine a good part of that wall time is the renderer waiting for a core: measured with
// a build running beside it, tasks of 3–15 ms of CPU lasted 11–46 ms, so TBT went anywhere from
// 96 to 302 ms for the same build, and no ratio between two runs could be trusted.
//
// The trace also records each task's CPU time (`tdur`, the thread clock). This module rewrites a
// trace so that every top-level task of a renderer's main thread lasts its CPU time: the task
// and everything nested in it are scaled down towards the task's start (so nesting is kept,
// the wait becomes a gap after the task). Lighthouse then audits the rewritten trace: the page
// is simulated as if it had had the CPU to itself, which is what the 4× slowdown assumes.
// Network timings come from the DevTools log and are left alone.

/** Top-level task events as Lighthouse's trace processor knows them. */
const TOP_LEVEL_TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'ThreadControllerImpl::DoWork', 'TaskQueueManager::ProcessTaskFromWorkQueue']);

const threadKey = (event) => `${event.pid}:${event.tid}`;

/**
 * Rewrites `traceEvents` in place (and returns a summary): the wall time removed, in ms, and
 * how many tasks were scaled. A task without a thread clock, or whose CPU time is not below its
 * wall time, is left as it is.
 */
export function rewriteToCpuTime(traceEvents) {
  const mainThreads = new Set(traceEvents.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map(threadKey));
  const byThread = new Map();
  for (const event of traceEvents) {
    const key = threadKey(event);
    if (!mainThreads.has(key) || typeof event.ts !== 'number' || event.ph === 'M') continue;
    if (!byThread.has(key)) byThread.set(key, []);
    byThread.get(key).push(event);
  }

  let removedUs = 0;
  let scaled = 0;
  for (const events of byThread.values()) {
    events.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    // Outermost top-level tasks only: a nested message loop may run a task inside a task.
    const tasks = [];
    let openUntil = -Infinity;
    for (const event of events) {
      if (event.ph !== 'X' || !TOP_LEVEL_TASKS.has(event.name) || typeof event.dur !== 'number') continue;
      if (event.ts < openUntil) continue;
      tasks.push(event);
      openUntil = event.ts + event.dur;
    }
    let cursor = 0;
    for (const task of tasks) {
      const start = task.ts;
      const end = task.ts + task.dur;
      const cpu = task.tdur;
      if (typeof cpu !== 'number' || !(cpu < task.dur) || task.dur <= 0) continue;
      const factor = cpu / task.dur;
      while (cursor < events.length && events[cursor].ts < start) cursor++;
      for (let i = cursor; i < events.length && events[i].ts <= end; i++) {
        const event = events[i];
        // The task itself is scaled last, as its bounds decide who is inside it.
        if (event === task) continue;
        event.ts = start + (event.ts - start) * factor;
        if (typeof event.dur === 'number') event.dur *= factor;
      }
      removedUs += task.dur - cpu;
      task.dur = cpu;
      scaled++;
    }
  }
  return { removedMs: Math.round(removedUs / 1000), scaledTasks: scaled };
}
