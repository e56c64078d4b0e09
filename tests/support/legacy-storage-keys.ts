/**
 * The legacy theme and site-lock keys that start-up removes (spec §4), written out here and
 * never imported from src/: a key dropped from the source's list must fail the tests.
 */
export const LEGACY_KEYS_OF_THE_SPEC = [
  'theme',
  'vite-ui-theme',
  'darkMode',
  'dark-mode',
  'site_locked',
  'site_lock_password',
  'site_lock_until',
  'siteLockUntil',
];
