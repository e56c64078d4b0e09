// The shop's addresses, declared once: each route's pattern, as the route table
// (src/app/route-table.ts) nests it, and the builder of its address, which encodes what it is
// given. Here in the domain, importing nothing, because every layer writes addresses: the
// notifications a click opens (domain), the pages' links (ui), the router and the prerendered
// pages (app), the build (scripts); src/domain and src/ui may not import src/app.

/** The router's pattern of each page of the shop's shell, from the site root (without its `/`). */
export const ROUTE_PATHS = {
  shop: 'boutique',
  category: 'categorie/:slug',
  product: 'produit/:slug',
  cart: 'panier',
  favorites: 'favoris',
  notifications: 'notifications',
  checkout: 'commande/:etape?',
  orderConfirmation: 'commande/confirmation/:numero',
  myOrders: 'mes-commandes',
  withdrawal: 'commande/retractation/:numero',
  // The local backend's stand-in for a payment provider's hosted page (« Paiement de test »).
  testPayment: 'paiement-test/:session',
  admin: 'admin',
  unsubscribe: 'newsletter/desinscription',
  // The legal pages (and the accessibility statement), linked from every footer.
  legalNotice: 'mentions-legales',
  terms: 'conditions-generales-de-vente',
  privacy: 'politique-de-confidentialite',
  deliveryAndReturns: 'livraison-et-retours',
  accessibility: 'accessibilite',
} as const;

/** The back office's pages, relative to /admin, where the route table nests them. */
export const ADMIN_ROUTE_PATHS = {
  signIn: 'connexion',
  products: 'produits',
  newProduct: 'produits/nouveau',
  product: 'produits/:id',
  orders: 'commandes',
  order: 'commandes/:numero',
  newsletter: 'newsletter',
} as const;

/** `pattern`'s address: its parameter replaced by `value`, encoded ('a b' -> 'a%20b'), or left out (an optional one) without a value. */
function addressOf(pattern: string, value?: string): string {
  return `/${pattern}`.replace(/\/:\w+\??/, () => (value === undefined ? '' : `/${encodeURIComponent(value)}`));
}

/** The query of an order's page reached from the provider's « cancel »: the shopper did not pay. */
export const PAYMENT_CANCELLED_QUERY = 'paiement=annule';

const inAdmin = (pattern: string) => `${ROUTE_PATHS.admin}/${pattern}`;

/** Every address the shop links to, navigates to or writes. */
export const paths = {
  home: '/',
  shop: addressOf(ROUTE_PATHS.shop),
  category: (slug: string) => addressOf(ROUTE_PATHS.category, slug),
  product: (slug: string) => addressOf(ROUTE_PATHS.product, slug),
  cart: addressOf(ROUTE_PATHS.cart),
  favorites: addressOf(ROUTE_PATHS.favorites),
  notifications: addressOf(ROUTE_PATHS.notifications),
  /** The checkout at `step` (the slug of one of its steps); its first step without one. */
  checkout: (step?: string) => addressOf(ROUTE_PATHS.checkout, step),
  orderConfirmation: (number: string) => addressOf(ROUTE_PATHS.orderConfirmation, number),
  /** Where the payment provider sends back a shopper who gave up paying: the order's page, which offers to pay again. */
  orderPaymentCancelled: (number: string) => `${addressOf(ROUTE_PATHS.orderConfirmation, number)}?${PAYMENT_CANCELLED_QUERY}`,
  /** The local « Paiement de test » page of a payment session. */
  testPayment: (session: string) => addressOf(ROUTE_PATHS.testPayment, session),
  myOrders: addressOf(ROUTE_PATHS.myOrders),
  withdrawal: (number: string) => addressOf(ROUTE_PATHS.withdrawal, number),
  unsubscribe: addressOf(ROUTE_PATHS.unsubscribe),
  legalNotice: addressOf(ROUTE_PATHS.legalNotice),
  terms: addressOf(ROUTE_PATHS.terms),
  /** The CGV's section on the right of withdrawal (its heading's id). */
  termsWithdrawal: `${addressOf(ROUTE_PATHS.terms)}#retractation`,
  privacy: addressOf(ROUTE_PATHS.privacy),
  deliveryAndReturns: addressOf(ROUTE_PATHS.deliveryAndReturns),
  accessibility: addressOf(ROUTE_PATHS.accessibility),
  admin: addressOf(ROUTE_PATHS.admin),
  adminSignIn: addressOf(inAdmin(ADMIN_ROUTE_PATHS.signIn)),
  adminProducts: addressOf(inAdmin(ADMIN_ROUTE_PATHS.products)),
  adminNewProduct: addressOf(inAdmin(ADMIN_ROUTE_PATHS.newProduct)),
  adminProduct: (id: string) => addressOf(inAdmin(ADMIN_ROUTE_PATHS.product), id),
  adminOrders: addressOf(inAdmin(ADMIN_ROUTE_PATHS.orders)),
  adminOrder: (number: string) => addressOf(inAdmin(ADMIN_ROUTE_PATHS.order), number),
  adminNewsletter: addressOf(inAdmin(ADMIN_ROUTE_PATHS.newsletter)),
} as const;
