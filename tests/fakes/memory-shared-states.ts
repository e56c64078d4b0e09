import { ok } from '@/domain/result';
import type { StorageWrite } from '@/ports/key-value-store';
import type { Change, SharedState, SharedStateOptions, SharedStates } from '@/ports/shared-state';

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
      update: async (change: Change<T>): Promise<StorageWrite> => {
        const next = change(state);
        if (next !== state) {
          state = next;
          for (const listener of [...listeners]) listener();
        }
        return this.refuseWrites ? { ok: false, error: { code: 'quota', key } } : ok();
      },
      whenIdle: async () => undefined,
      flushBeforeUnload: () => undefined,
      dispose: () => listeners.clear(),
    };
  }
}
