import type { InstallChoice } from '@/ports/install-prompt';

/**
 * Chromium's `beforeinstallprompt` as a page sees it: cancelable; prompt() opens the dialog
 * once (a second call rejects with InvalidStateError); userChoice settles with the shopper's
 * answer once the dialog was opened.
 */
export class FakeBeforeInstallPromptEvent extends Event {
  readonly platforms = ['web'];
  readonly userChoice: Promise<{ outcome: InstallChoice; platform: string }>;
  dialogsOpened = 0;
  private choose: (choice: { outcome: InstallChoice; platform: string }) => void = () => undefined;

  constructor(private readonly answer: InstallChoice) {
    super('beforeinstallprompt', { cancelable: true });
    this.userChoice = new Promise((resolve) => (this.choose = resolve));
  }

  async prompt(): Promise<{ outcome: InstallChoice; platform: string }> {
    if (this.dialogsOpened > 0) throw new DOMException('The prompt() method can only be used once.', 'InvalidStateError');
    this.dialogsOpened++;
    this.choose({ outcome: this.answer, platform: 'web' });
    return this.userChoice;
  }
}

export const beforeInstallPromptEvent = (answer: InstallChoice) => new FakeBeforeInstallPromptEvent(answer);

export const appInstalledEvent = () => new Event('appinstalled');
