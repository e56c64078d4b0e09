import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * Replaces the current address with `to`. Not react-router's <Navigate>: no shopper's page uses
 * it, and the router lives in the first visit's chunk, which would grow with it.
 */
export function Redirect({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace: true });
  }, [navigate, to]);
  return null;
}
