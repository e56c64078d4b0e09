// The business constants of spec §9 that the shop itself uses. The backend library's own
// timings (realtime heartbeat, token refresh, cookie sizes…) belong to that library, not here.

const SECOND_MS = 1000;
const DAY_MS = 24 * 60 * 60 * SECOND_MS;

export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;
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
export const PRELOADED_STOCK_IMAGE_COUNT = 3;

export const ADMIN_SIGN_IN_DELAY_MS = 500;
export const SIMULATED_EMAIL_DELAY_MS = 100;

/** Web-vitals values above which a measurement is logged as poor. */
export const PERFORMANCE_THRESHOLDS = {
  largestContentfulPaintMs: 2500,
  inputDelayMs: 100,
  layoutShift: 0.1,
} as const;
