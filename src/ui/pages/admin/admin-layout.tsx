import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useNoIndex } from '../../hooks/use-no-index';
import { Loading } from '../../components/loading';

/** The frame of every /admin page, the sign-in included. */
export default function AdminLayout() {
  // Search engines must not index the back office, its sign-in included.
  useNoIndex();
  return (
    <Suspense fallback={<Loading />}>
      <Outlet />
    </Suspense>
  );
}
