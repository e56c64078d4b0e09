import { lazy, Suspense } from 'react';
import { useRoutes } from 'react-router-dom';
import { useNoIndex } from '../../hooks/use-no-index';
import { AdminGuard } from './admin-guard';

// The back office, under /admin: one lazy element in src/ui/app.tsx (a shopper who never opens it
// never loads it), which loads each admin page when shown.
const SignInPage = lazy(() => import('./admin-sign-in-page'));
const DashboardPage = lazy(() => import('./admin-dashboard-page'));
const ProductsPage = lazy(() => import('./products/admin-products-page'));
const ProductPage = lazy(() => import('./products/admin-product-page'));
const NewsletterPage = lazy(() => import('./newsletter/admin-newsletter-page'));
const OrdersPage = lazy(() => import('./orders/admin-orders-page'));
const OrderPage = lazy(() => import('./orders/admin-order-page'));
const AdminNotFound = lazy(() => import('./admin-not-found'));

export default function AdminRoutes() {
  // Search engines must not index the back office, its sign-in included.
  useNoIndex();
  // Route objects (useRoutes) rather than <Routes>: the router's JSX form is code no shopper's page needs.
  const page = useRoutes([
    { path: 'connexion', element: <SignInPage /> },
    {
      element: <AdminGuard />,
      children: [
        { index: true, element: <DashboardPage /> },
        { path: 'produits', element: <ProductsPage /> },
        { path: 'produits/nouveau', element: <ProductPage /> },
        { path: 'produits/:id', element: <ProductPage /> },
        { path: 'commandes', element: <OrdersPage /> },
        { path: 'commandes/:numero', element: <OrderPage /> },
        { path: 'newsletter', element: <NewsletterPage /> },
        { path: '*', element: <AdminNotFound /> },
      ],
    },
  ]);
  return <Suspense fallback={<p className="loading" role="status">Chargement…</p>}>{page}</Suspense>;
}
