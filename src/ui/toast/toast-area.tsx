import { Suspense, type ComponentType } from 'react';
import { useToasts } from './toast-context';

/**
 * The toast area of every page (spec §2): the toaster shows once there is a toast (the app
 * decides how `Toaster` arrives); a closed toast stays in the store (removal delay) long enough
 * for its exit animation.
 */
export function ToastArea({ toaster: Toaster }: { toaster: ComponentType }) {
  const toasts = useToasts();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
