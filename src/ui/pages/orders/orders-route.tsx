import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** The shopper's order pages (issue 13), each a route of src/ui/app.tsx. */
export type OrdersPage = 'checkout' | 'confirmation' | 'mine';

// Each page is loaded when shown; the route table knows only this module, one lazy element for
// the three routes.
const PAGES: Record<OrdersPage, LazyExoticComponent<ComponentType>> = {
  checkout: lazy(() => import('../checkout/checkout-page')),
  confirmation: lazy(() => import('./order-confirmation-page')),
  mine: lazy(() => import('./my-orders-page')),
};

/** The element of /commande (every step), /commande/confirmation/:numero and /mes-commandes. */
export default function OrdersRoute({ page }: { page: OrdersPage }) {
  const Page = PAGES[page];
  return <Page />;
}
