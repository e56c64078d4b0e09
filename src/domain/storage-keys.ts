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
  /** Present once the owner has saved a change to the demo catalogue on this device. */
  catalogueEdited: 'catalogue_edits',
  /** What this device asked to be notified of, on the local backend (« Notifications »). */
  notificationFollows: 'notification_follows',
} as const;

/** The shop's IndexedDB databases. */
export const INDEXEDDB_DATABASES = {
  /** Each commit of the cart, favorites and subscribers, shared by the tabs. */
  commits: 'boutique',
  /** The owner's edits to the demo catalogue, the stock, and the orders placed locally. */
  catalogue: 'boutique-catalogue',
  /** The back office's pictures kept on this device. */
  pictures: 'boutique-pictures',
} as const;

/** The value of temp_admin_auth that means « signed in ». */
export const ADMIN_AUTH_VALUE = 'authenticated';
