// The shop's one route table: every address, the module that draws it, the layouts around it.
// Plain data (no React, no import()), so that both readers use the very same list:
//  - the router (src/app/routes.tsx), which loads each module by its path, lazily but for the
//    shell's first page;
//  - the build (scripts/vite/first-paint-hints.ts), which starts the current route's chunks in
//    the built index.html before the main chunk runs.
// A module named here and missing from the build fails the build (first-paint-hints) and the
// app's start (routes.tsx). The paths' patterns come from src/domain/site-paths.ts, which also
// builds every address, so that a link and its route cannot disagree.

import { ADMIN_ROUTE_PATHS, ROUTE_PATHS } from '../domain/site-paths';

/** One route, as react-router nests it (paths relative to the parent route). */
export interface RouteEntry {
  /** The router's path pattern, relative to the parent; absent for an index or a pathless layout. */
  readonly path?: string;
  readonly index?: true;
  /**
   * The module, from the project root, whose default export draws the route: a page, or, for a
   * route with children, the layout that frames them (an <Outlet />). A route with children and
   * no module only groups them.
   */
  readonly module?: string;
  /** Shipped with the shell instead of loaded on demand. */
  readonly eager?: true;
  /** The page's title where something else than the page shows it (the footer's links). */
  readonly title?: string;
  readonly children?: readonly RouteEntry[];
}

const page = (file: string) => `src/ui/pages/${file}.tsx`;

/** The legal pages (and the accessibility statement), linked from every footer and read by few. */
export const LEGAL_ROUTES = [
  { path: ROUTE_PATHS.legalNotice, title: 'Mentions légales', module: page('legal/mentions-legales-page') },
  { path: ROUTE_PATHS.terms, title: 'Conditions générales de vente', module: page('legal/conditions-generales-page') },
  { path: ROUTE_PATHS.privacy, title: 'Politique de confidentialité', module: page('legal/politique-confidentialite-page') },
  { path: ROUTE_PATHS.deliveryAndReturns, title: 'Livraison et retours', module: page('legal/livraison-retours-page') },
  { path: ROUTE_PATHS.accessibility, title: 'Accessibilité', module: page('legal/accessibilite-page') },
] as const satisfies readonly RouteEntry[];

/** Every route of the shop, inside its shell (header, footer, toasts). */
export const ROUTE_TABLE: readonly RouteEntry[] = [
  // The most common first page: it comes with the shell.
  { index: true, module: page('home/home-page'), eager: true },
  { path: ROUTE_PATHS.shop, module: page('shop/shop-page') },
  { path: ROUTE_PATHS.category, module: page('shop/shop-page') },
  { path: ROUTE_PATHS.product, module: page('product/product-page') },
  { path: ROUTE_PATHS.cart, module: page('cart/cart-page') },
  { path: ROUTE_PATHS.favorites, module: page('favorites/favorites-page') },
  // What this device follows (issue 26): personal, never prerendered nor indexed.
  { path: ROUTE_PATHS.notifications, module: page('notifications-page') },
  {
    // The checkout and the shopper's orders (issue 13).
    children: [
      // One route for every step, so the page stays as steps change.
      { path: ROUTE_PATHS.checkout, module: page('checkout/checkout-page') },
      { path: ROUTE_PATHS.orderConfirmation, module: page('orders/order-confirmation-page') },
      { path: ROUTE_PATHS.myOrders, module: page('orders/my-orders-page') },
      // « Renoncer au contrat ici » (issue 25): the lines to withdraw from, then the acknowledgement.
      { path: ROUTE_PATHS.withdrawal, module: page('orders/withdrawal-page') },
      // The local backend's stand-in for the payment provider's page (issue 41).
      { path: ROUTE_PATHS.testPayment, module: page('payment/test-payment-page') },
    ],
  },
  {
    // The back office: never indexed; every page but the sign-in needs an admin session.
    path: ROUTE_PATHS.admin,
    module: page('admin/admin-layout'),
    children: [
      { path: ADMIN_ROUTE_PATHS.signIn, module: page('admin/admin-sign-in-page') },
      {
        module: page('admin/admin-guard'),
        children: [
          { index: true, module: page('admin/admin-dashboard-page') },
          { path: ADMIN_ROUTE_PATHS.products, module: page('admin/products/admin-products-page') },
          { path: ADMIN_ROUTE_PATHS.newProduct, module: page('admin/products/admin-product-page') },
          { path: ADMIN_ROUTE_PATHS.product, module: page('admin/products/admin-product-page') },
          { path: ADMIN_ROUTE_PATHS.orders, module: page('admin/orders/admin-orders-page') },
          { path: ADMIN_ROUTE_PATHS.order, module: page('admin/orders/admin-order-page') },
          { path: ADMIN_ROUTE_PATHS.newsletter, module: page('admin/newsletter/admin-newsletter-page') },
          { path: '*', module: page('admin/admin-not-found') },
        ],
      },
    ],
  },
  { path: ROUTE_PATHS.unsubscribe, module: page('unsubscribe-page') },
  { children: LEGAL_ROUTES },
  { path: '*', module: page('not-found-page') },
];
