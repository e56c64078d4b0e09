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
  demoCatalogueChanged: 'catalogue_edits',
  /** What this device asked to be notified of, on the local backend (« Notifications »). */
  notificationFollows: 'notification_follows',
} as const;

/** sessionStorage (one tab only). */
export const SESSION_STORAGE_KEYS = {
  /** When this tab last reloaded to get newly deployed code (src/app/stale-code.ts). */
  codeReloadAt: 'code_reload_at',
} as const;

/** The BroadcastChannels the shop's tabs on this origin share. */
export const BROADCAST_CHANNELS = {
  /** A commit of the cart, favorites or subscribers is durable (the `boutique` database). */
  commits: 'boutique-commits',
  /** The back office saved or deleted a product, or an order took stock. */
  catalogueChanges: 'boutique-catalogue',
  /** An order was placed or its status changed. */
  orderChanges: 'boutique-orders',
} as const;

/** The service worker's runtime caches (Cache Storage; Workbox names its precache itself). */
export const SERVICE_WORKER_CACHES = {
  /** The catalogue's pictures, as the shopper meets them. */
  cataloguePictures: 'images-catalogue',
} as const;

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
