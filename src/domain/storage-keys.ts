/** The browser-storage keys of spec §3 and §4, byte-exact: data saved by earlier versions must still load. */
export const STORAGE_KEYS = {
  cart: 'cart',
  favorites: 'favorites',
  newsletterSubscribers: 'newsletter_subscribers',
  adminAuth: 'temp_admin_auth',
  adminEmail: 'temp_admin_email',
  /** Ours, not the spec's: when « Plus tard » was last chosen on the install banner (ISO date). */
  installBannerDismissedAt: 'install_banner_dismissed_at',
} as const;

/** The value of temp_admin_auth that means « signed in ». */
export const ADMIN_AUTH_VALUE = 'authenticated';
