import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useNoIndex } from '../../hooks/use-no-index';

/** The frame of every /admin page, the sign-in included. */
export default function AdminLayout() {
  // Search engines must not index the back office, its sign-in included.
  useNoIndex();
  return (
    <Suspense
      fallback={
        <p className="loading" role="status">
          Chargement…
        </p>
      }
    >
      <Outlet />
    </Suspense>
  );
}
