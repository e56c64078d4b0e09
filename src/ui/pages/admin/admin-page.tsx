import { useAdminSession } from '../../hooks/use-shop-state';
import { AdminDashboard } from './admin-dashboard';
import { AdminSignIn } from './admin-sign-in';

export default function AdminPage() {
  // Spec §6: the back office is for the admin role, as the session service decides it.
  const { admin } = useAdminSession();
  return admin ? <AdminDashboard user={admin} /> : <AdminSignIn />;
}
