import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, useState, type ReactNode } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import type { DependencyContainer } from 'tsyringe';
import { ContainerProvider } from './di/container-context';
// The home page is the most common first page: it comes with the shell, not on demand.
import HomePage from './pages/home/home-page';
import { AppShell } from './shell/app-shell';
import { LEGAL_PAGES } from './shell/legal-links';
import { ToastStoreProvider } from './toast/toast-context';
import { ToastArea } from './toast/toast-area';

const ShopPage = lazy(() => import('./pages/shop/shop-page'));
const ProductPage = lazy(() => import('./pages/product/product-page'));
const CartPage = lazy(() => import('./pages/cart/cart-page'));
const FavoritesPage = lazy(() => import('./pages/favorites/favorites-page'));
// Checkout and the shopper's orders (issue 13): one lazy element, which loads each page when shown.
const OrdersRoute = lazy(() => import('./pages/orders/orders-route'));
// The back office: one lazy element, which loads each admin page when shown (pages/admin/admin-routes.tsx).
const AdminRoutes = lazy(() => import('./pages/admin/admin-routes'));
const UnsubscribePage = lazy(() => import('./pages/unsubscribe-page'));
const NotFoundPage = lazy(() => import('./pages/not-found-page'));
// The four legal pages, linked from every footer and read by few: one lazy element, which
// loads each page when shown (pages/legal/legal-route.tsx).
const LegalRoute = lazy(() => import('./pages/legal/legal-route'));

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'boutique', element: <ShopPage /> },
      { path: 'categorie/:slug', element: <ShopPage /> },
      { path: 'produit/:slug', element: <ProductPage /> },
      { path: 'panier', element: <CartPage /> },
      { path: 'favoris', element: <FavoritesPage /> },
      // One route for every step, so the page (and the card typed, in memory) stays as steps change.
      { path: 'commande/:etape?', element: <OrdersRoute page="checkout" /> },
      { path: 'commande/confirmation/:numero', element: <OrdersRoute page="confirmation" /> },
      { path: 'mes-commandes', element: <OrdersRoute page="mine" /> },
      { path: 'admin/*', element: <AdminRoutes /> },
      { path: 'newsletter/desinscription', element: <UnsubscribePage /> },
      ...LEGAL_PAGES.map(([path]) => ({ path, element: <LegalRoute page={path} /> })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** Every page sits inside the container, the query client and the toast area (spec §2). */
export function AppProviders({ container, children, queryClient: given }: {
  container: DependencyContainer;
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [queryClient] = useState(
    () =>
      given ??
      new QueryClient({
        // offlineFirst: offline, a query still runs once (the service worker may well answer
        // it from its cache); only retries wait for the network. The default ('online') would
        // leave every page « Recherche… » for good as soon as navigator.onLine is false.
        defaultOptions: { queries: { staleTime: 60_000, networkMode: 'offlineFirst' }, mutations: { networkMode: 'offlineFirst' } },
      }),
  );
  return (
    <ContainerProvider container={container}>
      <QueryClientProvider client={queryClient}>
        <ToastStoreProvider>
          {children}
          <ToastArea />
        </ToastStoreProvider>
      </QueryClientProvider>
    </ContainerProvider>
  );
}

export function App({ container }: { container: DependencyContainer }) {
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <StrictMode>
      <AppProviders container={container}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}
