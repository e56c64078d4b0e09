import { token } from './token';

/**
 * A new version of the shop, downloaded and waiting: in the browser, a new service worker
 * installed while the current one still controls the page.
 */
export interface AppUpdate {
  /**
   * Calls `listener` whenever a new version is waiting. A version already waiting when the
   * listener arrives is announced to it at once.
   */
  onUpdateWaiting(listener: () => void): () => void;
  /** Lets the waiting version take over, then reloads the page on it. */
  applyUpdate(): Promise<void>;
}

export const APP_UPDATE = token<AppUpdate>('AppUpdate');
