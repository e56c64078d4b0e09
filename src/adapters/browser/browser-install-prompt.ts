import type { InstallChoice, InstallPrompt } from '@/ports/install-prompt';

/** Chromium's install offer; TypeScript's DOM types do not have it. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: string }>;
}

/**
 * The install prompt of Chromium-based browsers. Listens from construction on, since the
 * browser may offer installation before any banner code has loaded, and keeps the offer
 * until it is used. Browsers without the event (Safari, Firefox) simply never offer.
 */
export class BrowserInstallPrompt implements InstallPrompt {
  private offer: BeforeInstallPromptEvent | null = null;
  private readonly availableListeners = new Set<() => void>();
  private readonly installedListeners = new Set<() => void>();

  constructor(private readonly target: EventTarget) {
    target.addEventListener('beforeinstallprompt', this.onBeforeInstallPrompt);
    target.addEventListener('appinstalled', this.onAppInstalled);
  }

  onInstallAvailable(listener: () => void): () => void {
    this.availableListeners.add(listener);
    if (this.offer) listener();
    return () => {
      this.availableListeners.delete(listener);
    };
  }

  async prompt(): Promise<InstallChoice> {
    const offer = this.offer;
    if (!offer) throw new Error('The browser has made no install offer to prompt');
    // The browser accepts prompt() once per event.
    this.offer = null;
    await offer.prompt();
    const { outcome } = await offer.userChoice;
    return outcome === 'accepted' ? 'accepted' : 'dismissed';
  }

  onInstalled(listener: () => void): () => void {
    this.installedListeners.add(listener);
    return () => {
      this.installedListeners.delete(listener);
    };
  }

  dispose(): void {
    this.target.removeEventListener('beforeinstallprompt', this.onBeforeInstallPrompt);
    this.target.removeEventListener('appinstalled', this.onAppInstalled);
    this.availableListeners.clear();
    this.installedListeners.clear();
  }

  private readonly onBeforeInstallPrompt = (event: Event): void => {
    // Otherwise Chromium shows its own mini-infobar, and the shop's banner would be a second offer.
    event.preventDefault();
    this.offer = event as BeforeInstallPromptEvent;
    for (const listener of [...this.availableListeners]) listener();
  };

  private readonly onAppInstalled = (): void => {
    this.offer = null;
    for (const listener of [...this.installedListeners]) listener();
  };
}
