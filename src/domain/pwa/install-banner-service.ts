import type { Clock, TimerHandle } from '@/ports/clock';
import type { InstallPrompt } from '@/ports/install-prompt';
import type { KeyValueStore } from '@/ports/key-value-store';
import type { Logger } from '@/ports/logger';
import { STORAGE_KEYS } from '../storage-keys';
import { INSTALL_BANNER_DELAY_MS, INSTALL_BANNER_DISPLAY_MS, INSTALL_DISMISSAL_MEMORY_MS, INSTALL_SUCCESS_NOTICE_MS } from '../constants';

export interface InstallBannerState {
  banner: 'hidden' | 'visible';
  /** « Application installée ! », for INSTALL_SUCCESS_NOTICE_MS after the installation. */
  successNotice: boolean;
}

/**
 * idle: no install offer yet; waiting: offer captured, the banner is due; visible;
 * over: the banner had its turn on this page (shown then gone, held back by a recent
 * « Plus tard », or the app got installed). A later offer on the same page changes nothing.
 */
type Phase = 'idle' | 'waiting' | 'visible' | 'over';

/** A date as toISOString writes it. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

const INITIAL: InstallBannerState = { banner: 'hidden', successNotice: false };

/** The install banner and the install-success notice of spec §4, timed by the Clock. */
export class InstallBannerService {
  private state = INITIAL;
  private phase: Phase = 'idle';
  private bannerTimer: TimerHandle | null = null;
  private noticeTimer: TimerHandle | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly stopListening: Array<() => void>;

  constructor(
    private readonly installPrompt: InstallPrompt,
    private readonly store: KeyValueStore,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {
    this.stopListening = [installPrompt.onInstallAvailable(() => this.onInstallAvailable()), installPrompt.onInstalled(() => this.onInstalled())];
  }

  getSnapshot = (): InstallBannerState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** « Installer »: the browser's own dialog takes over; cancelling it counts as « Plus tard ». */
  async install(): Promise<void> {
    if (this.phase !== 'visible') return;
    this.endBanner();
    let choice;
    try {
      choice = await this.installPrompt.prompt();
    } catch (error) {
      this.logger.warn('The browser did not open its install dialog', error);
      return;
    }
    // 'accepted': the browser reports the installation itself (onInstalled), which shows the notice.
    if (choice === 'dismissed') this.rememberDismissal();
  }

  /** « Plus tard »: no banner for INSTALL_DISMISSAL_MEMORY_MS, on any page of this browser. */
  later(): void {
    if (this.phase !== 'visible') return;
    this.endBanner();
    this.rememberDismissal();
  }

  dispose(): void {
    for (const stop of this.stopListening) stop();
    this.cancel(this.bannerTimer);
    this.cancel(this.noticeTimer);
    this.listeners.clear();
  }

  private onInstallAvailable(): void {
    if (this.phase !== 'idle') return;
    this.phase = 'waiting';
    this.bannerTimer = this.clock.setTimeout(() => this.showBanner(), INSTALL_BANNER_DELAY_MS);
  }

  /** The 7 days are judged when the banner is due, so a « Plus tard » from another tab in the meantime counts. */
  private showBanner(): void {
    this.bannerTimer = null;
    if (this.dismissedRecently()) {
      this.phase = 'over';
      return;
    }
    this.phase = 'visible';
    // Going by itself is not a dismissal: the banner comes back on the next visit.
    this.bannerTimer = this.clock.setTimeout(() => this.endBanner(), INSTALL_BANNER_DISPLAY_MS);
    this.setState({ ...this.state, banner: 'visible' });
  }

  private onInstalled(): void {
    this.endBanner();
    this.cancel(this.noticeTimer);
    this.noticeTimer = this.clock.setTimeout(() => {
      this.noticeTimer = null;
      this.setState({ ...this.state, successNotice: false });
    }, INSTALL_SUCCESS_NOTICE_MS);
    this.setState({ ...this.state, successNotice: true });
  }

  private endBanner(): void {
    this.phase = 'over';
    this.cancel(this.bannerTimer);
    this.bannerTimer = null;
    if (this.state.banner !== 'hidden') this.setState({ ...this.state, banner: 'hidden' });
  }

  private dismissedRecently(): boolean {
    const stored = this.store.get(STORAGE_KEYS.installBannerDismissedAt);
    if (stored === null) return false;
    // Only a date as the shop writes it (toISOString): Date.parse also reads « 1 » or « -1 » as years.
    const dismissedAt = ISO_INSTANT.test(stored) ? Date.parse(stored) : Number.NaN;
    const elapsed = this.clock.now() - dismissedAt;
    if (Number.isNaN(dismissedAt) || elapsed < 0) {
      // Unreadable, or in the future (a clock set back): better one banner too many than none for ever.
      this.logger.warn(`Ignoring an unreadable install-banner dismissal date in "${STORAGE_KEYS.installBannerDismissedAt}"`, stored);
      return false;
    }
    return elapsed < INSTALL_DISMISSAL_MEMORY_MS;
  }

  private rememberDismissal(): void {
    const written = this.store.set(STORAGE_KEYS.installBannerDismissedAt, new Date(this.clock.now()).toISOString());
    // Spec §8: storage write failures are only logged; the banner is gone for this page anyway.
    if (!written.ok) this.logger.error('Could not remember that the install banner was dismissed', written.error);
  }

  private cancel(timer: TimerHandle | null): void {
    if (timer !== null) this.clock.clearTimeout(timer);
  }

  private setState(next: InstallBannerState): void {
    this.state = next;
    for (const listener of [...this.listeners]) listener();
  }
}
