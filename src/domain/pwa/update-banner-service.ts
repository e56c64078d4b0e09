import type { AppUpdate } from '@/ports/app-update';
import type { Clock, TimerHandle } from '@/ports/clock';
import type { Logger } from '@/ports/logger';
import { UPDATE_BANNER_DISPLAY_MS } from '../constants';

export interface UpdateBannerState {
  banner: 'hidden' | 'visible';
}

const HIDDEN: UpdateBannerState = { banner: 'hidden' };
const VISIBLE: UpdateBannerState = { banner: 'visible' };

/**
 * The update banner of spec §4: shown for UPDATE_BANNER_DISPLAY_MS when a new version is waiting.
 *
 * A banner that went by itself leaves the new version waiting, not lost: this page keeps running
 * the current version; the next page load finds the new worker still waiting and announces it
 * again (another 10 s banner); once every tab of the shop is closed, the browser lets the new
 * version take over and the next visit simply runs it, with no banner.
 */
export class UpdateBannerService {
  private state = HIDDEN;
  private timer: TimerHandle | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly stopListening: () => void;

  constructor(
    private readonly update: AppUpdate,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {
    this.stopListening = update.onUpdateWaiting(() => this.show());
  }

  getSnapshot = (): UpdateBannerState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** « Mettre à jour »: the waiting version takes over and the page reloads on it. */
  async applyUpdate(): Promise<void> {
    this.hide();
    try {
      await this.update.applyUpdate();
    } catch (error) {
      this.logger.error('Could not switch to the new version of the shop', error);
    }
  }

  dispose(): void {
    this.stopListening();
    this.cancelTimer();
    this.listeners.clear();
  }

  private show(): void {
    // Another announcement while the banner is up keeps the time it was given.
    if (this.state === VISIBLE) return;
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      this.setState(HIDDEN);
    }, UPDATE_BANNER_DISPLAY_MS);
    this.setState(VISIBLE);
  }

  private hide(): void {
    this.cancelTimer();
    if (this.state !== HIDDEN) this.setState(HIDDEN);
  }

  private cancelTimer(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  private setState(next: UpdateBannerState): void {
    this.state = next;
    for (const listener of [...this.listeners]) listener();
  }
}
