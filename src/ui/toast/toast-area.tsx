import { lazy, Suspense, useEffect, useState } from 'react';
import { useToasts } from './toast-context';

const Toaster = lazy(() => import('./toaster'));

/** The toast area of every page (spec §2): mounts the toaster when there is a first toast, then keeps it. */
export function ToastArea() {
  const toasts = useToasts();
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (toasts.length > 0) setNeeded(true);
  }, [toasts.length]);
  if (!needed && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
