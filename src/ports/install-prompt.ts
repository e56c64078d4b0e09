import { token } from './token';

/** What the shopper answered in the browser's own install dialog. */
export type InstallChoice = 'accepted' | 'dismissed';

/**
 * The browser's offer to install the shop as an app (Chromium's `beforeinstallprompt`, kept
 * aside so the browser shows nothing of its own) and the news that it was installed.
 */
export interface InstallPrompt {
  /**
   * Calls `listener` whenever the browser offers installation. An offer captured before the
   * listener arrived is announced to it at once: the browser may offer before the page listens.
   */
  onInstallAvailable(listener: () => void): () => void;
  /**
   * Opens the browser's install dialog for the offer held, and resolves with the shopper's answer.
   * An offer is used once. Rejects when no offer is held (none came, it was used, or the app is installed).
   */
  prompt(): Promise<InstallChoice>;
  /** Calls `listener` when the shop has been installed (from our banner or from the browser's menu). */
  onInstalled(listener: () => void): () => void;
}

export const INSTALL_PROMPT = token<InstallPrompt>('InstallPrompt');
