import { StorageWriteError } from '@/ports/key-value-store';
import type { Change, SharedState, SharedStateOptions, SharedStates, UpdateOutcome } from '@/ports/shared-state';

/**
 * SharedStates in memory, for tests of the domain's rules: one tab, nothing parsed or stored, a
 * change saved at once. While `refuseWrites` is on, every change is kept in memory and answered
 * as not saved, as a full storage would.
 */
export class MemorySharedStates implements SharedStates {
  refuseWrites = false;

  open<T>({ key, initial }: SharedStateOptions<T>): SharedState<T> {
    let state = initial;
    const listeners = new Set<() => void>();
    return {
      get: () => state,
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      update: async (change: Change<T>): Promise<UpdateOutcome> => {
        const next = change(state);
        if (next !== state) {
          state = next;
          for (const listener of [...listeners]) listener();
        }
        return this.refuseWrites ? { saved: false, error: new StorageWriteError(key, 'quota') } : { saved: true };
      },
      whenIdle: async () => undefined,
      flushBeforeUnload: () => undefined,
      dispose: () => listeners.clear(),
    };
  }
}
