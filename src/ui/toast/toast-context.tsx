import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { Result } from '@/domain/result';
import { CLOCK } from '@/ports/clock';
import { useService } from '../di/container-context';
import { ToastStore, type ToastInput } from './toast-store';

const ToastContext = createContext<ToastStore | null>(null);

export function ToastStoreProvider({ children }: { children: ReactNode }) {
  const clock = useService(CLOCK);
  const store = useMemo(() => new ToastStore(clock), [clock]);
  return <ToastContext.Provider value={store}>{children}</ToastContext.Provider>;
}

export function useToastStore(): ToastStore {
  const store = useContext(ToastContext);
  if (!store) throw new Error('useToastStore must be used inside <ToastStoreProvider>');
  return store;
}

export function useToasts() {
  const store = useToastStore();
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

export interface Notify {
  (input: ToastInput): void;
  /**
   * A domain result: its error as a destructive toast, or `success` (or its own message) when it
   * went well. A promised result (a change being saved) shows when it settles.
   */
  result(result: Result<unknown> | Promise<Result<unknown>>, success?: ToastInput): void;
}

export function useNotify(): Notify {
  const store = useToastStore();
  return useMemo(() => {
    function result(outcome: Result<unknown> | Promise<Result<unknown>>, success?: ToastInput): void {
      if (outcome instanceof Promise) {
        void outcome.then((settled) => result(settled, success));
        return;
      }
      if (!outcome.ok) store.show({ title: outcome.error.message, variant: 'destructive' });
      else if (success) store.show(success);
      else if (outcome.message) store.show({ title: outcome.message });
    }
    return Object.assign((input: ToastInput) => void store.show(input), { result });
  }, [store]);
}
