import { useAdminSession } from '../../hooks/use-shop-state';
import { AdminDashboard } from './admin-dashboard';
import { AdminSignIn } from './admin-sign-in';

export default function AdminPage() {
  const { user } = useAdminSession();
  return user ? <AdminDashboard user={user} /> : <AdminSignIn />;
}
