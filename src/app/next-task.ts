/**
 * Resolves in a task of its own: what follows runs once the browser has had its turn (a tap,
 * a frame). `scheduler.yield()` where the browser has it (the continuation then comes before
 * other pending tasks), a timer elsewhere.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
