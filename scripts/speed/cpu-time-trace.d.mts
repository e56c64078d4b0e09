// Types of cpu-time-trace.mjs, for its unit test.
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: Record<string, unknown>;
}
export function rewriteToCpuTime(traceEvents: TraceEvent[]): { removedMs: number; scaledTasks: number };
