// The business constants of spec §9 that the shop itself uses. The backend library's own
// timings (realtime heartbeat, token refresh, cookie sizes…) belong to that library, not here.

const SECOND_MS = 1000;
const DAY_MS = 24 * 60 * 60 * SECOND_MS;

export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;
/** Applied by the toast viewport's inline style: the stylesheet does not repeat it. */
export const TOAST_MAX_WIDTH_PX = 420;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
/** Spec §4: only one toast is shown at a time. */
export const TOAST_LIMIT = 1;

export const INSTALL_BANNER_DELAY_MS = 8 * SECOND_MS;
export const INSTALL_DISMISSAL_MEMORY_MS = 7 * DAY_MS;
export const INSTALL_BANNER_DISPLAY_MS = 15 * SECOND_MS;
export const INSTALL_SUCCESS_NOTICE_MS = 4 * SECOND_MS;
export const UPDATE_BANNER_DISPLAY_MS = 10 * SECOND_MS;

export const IMAGE_CLEANUP_INTERVAL_MS = 300_000;
/**
 * Spec §4 and §9: three stock images are preloaded. The list is the count: a path is a file of
 * public/, so a typo here would preload a 404.
 */
export const PRELOADED_STOCK_IMAGES = ['/images/stock/boutique-1.svg', '/images/stock/boutique-2.svg', '/images/stock/boutique-3.svg'] as const;

/** Spec §3: the picture of a product that has none of its own (a file of public/). */
export const DEFAULT_PRODUCT_IMAGE = '/images/stock/produit-par-defaut.svg';

export const ADMIN_SIGN_IN_DELAY_MS = 500;
export const SIMULATED_EMAIL_DELAY_MS = 100;

/** Web-vitals values above which a measurement is logged as poor. */
export const PERFORMANCE_THRESHOLDS = {
  largestContentfulPaintMs: 2500,
  inputDelayMs: 100,
  layoutShift: 0.1,
} as const;

/** The back office calls a product's stock low below this many units (and out of stock at 0). */
export const LOW_STOCK_THRESHOLD = 5;
