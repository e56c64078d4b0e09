import { lazy, Suspense } from 'react';
import { useToasts } from './toast-context';

const Toaster = lazy(() => import('./toaster'));

/**
 * The toast area of every page (spec §2). The toaster is loaded with the first toast; a
 * closed toast stays in the store (removal delay) long
 * enough for its exit animation.
 */
export function ToastArea() {
  const toasts = useToasts();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
