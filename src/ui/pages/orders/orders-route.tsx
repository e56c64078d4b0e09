import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** The shopper's order pages (issue 13), each a route of src/ui/app.tsx. */
export type OrdersPage = 'checkout' | 'confirmation' | 'mine';

// Each page is its own chunk, loaded when shown; this one small chunk is the only thing the main
// chunk knows of them, so the three routes cost the first visit a single lazy import.
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
