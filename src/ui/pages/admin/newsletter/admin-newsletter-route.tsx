// This branch's own guard for /admin/newsletter; the back office's admin layout replaces it at merge.
import { useAdminSession } from '../../../hooks/use-shop-state';
import { AdminSignIn } from '../admin-sign-in';
import AdminNewsletterPage from './admin-newsletter-page';

export default function AdminNewsletterRoute() {
  const { admin } = useAdminSession();
  return admin ? <AdminNewsletterPage /> : <AdminSignIn />;
}
