/**
 * Every key the shop keeps in localStorage: those of spec §3 and §4, byte-exact (data saved by
 * earlier versions must still load), then the shop's own.
 */
export const STORAGE_KEYS = {
  cart: 'cart',
  favorites: 'favorites',
  newsletterSubscribers: 'newsletter_subscribers',
  adminAuth: 'temp_admin_auth',
  adminEmail: 'temp_admin_email',
  // The shop's own, not the spec's:
  /** When « Plus tard » was last chosen on the install banner (ISO date). */
  installBannerDismissedAt: 'install_banner_dismissed_at',
  /** The checkout's entries, every step but the card, kept while the shopper fills them in. */
  checkoutDraft: 'checkout_draft',
  /** The number and secret of each order placed on this device (« Mes commandes »). */
  placedOrders: 'placed_orders',
  /**
   * Present once this device's shop database (IndexedDB `boutique-catalogue`) holds a change to
   * the demo catalogue: an owner's edit, or the stock an order took. Until then the storefront
   * shows the demo catalogue as shipped and never loads the code that reads the database. Its
   * name on disk is older than the orders; data saved under it must still be read.
   */
  catalogueChanged: 'catalogue_edits',
  /** What this device asked to be notified of, on the local backend (« Notifications »). */
  notificationFollows: 'notification_follows',
  /** The local backend's « Paiement de test » sessions: each one's order number and start (the stand-in provider's own memory). */
  testPaymentSessions: 'test_payment_sessions',
} as const;

// The names of the other stores: a tab's session entry, the channels between tabs, and the
// service worker's pictures cache.

/** sessionStorage (this tab only): when this tab last reloaded to get newly deployed code (src/app/stale-code.ts). */
export const CODE_RELOAD_SESSION_KEY = 'code_reload_at';

/** BroadcastChannel: a commit of the cart, favorites or subscribers is durable (the `boutique` database). */
export const COMMITS_CHANNEL = 'boutique-commits';
/** BroadcastChannel: the back office saved or deleted a product, or an order took stock. */
export const CATALOGUE_CHANGES_CHANNEL = 'boutique-catalogue';
/** BroadcastChannel: an order was placed or its status changed. */
export const ORDER_CHANGES_CHANNEL = 'boutique-orders';

/** The service worker's runtime cache (Cache Storage) of the catalogue's pictures; Workbox names its precache itself. */
export const CATALOGUE_PICTURES_CACHE = 'images-catalogue';

/** The shop's IndexedDB databases (their versions and object stores: indexeddb-schemas.ts). */
export const INDEXEDDB_DATABASES = {
  /** Each commit of the cart, favorites and subscribers, shared by the tabs. */
  commits: 'boutique',
  /** The local shop database: the owner's edits to the demo catalogue, the stock, and the orders placed locally. */
  catalogue: 'boutique-catalogue',
  /** The back office's pictures kept on this device. */
  pictures: 'boutique-pictures',
} as const;

/** The value of temp_admin_auth that means « signed in ». */
export const ADMIN_AUTH_VALUE = 'authenticated';
