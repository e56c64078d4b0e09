import type { InstallChoice, InstallPrompt } from '@/ports/install-prompt';

/**
 * A browser's install prompt in memory. `offer(answer)` is the browser offering installation,
 * `answer` being what the shopper will choose in its dialog; `install()` is the app getting
 * installed (from the dialog or the browser's menu).
 */
export class FakeInstallPrompt implements InstallPrompt {
  /** How many times the browser's dialog was opened. */
  dialogsOpened = 0;
  private offered: InstallChoice | null = null;
  private readonly availableListeners = new Set<() => void>();
  private readonly installedListeners = new Set<() => void>();

  offer(answer: InstallChoice = 'accepted'): void {
    this.offered = answer;
    for (const listener of [...this.availableListeners]) listener();
  }

  install(): void {
    this.offered = null;
    for (const listener of [...this.installedListeners]) listener();
  }

  onInstallAvailable(listener: () => void): () => void {
    this.availableListeners.add(listener);
    if (this.offered) listener();
    return () => {
      this.availableListeners.delete(listener);
    };
  }

  async prompt(): Promise<InstallChoice> {
    const answer = this.offered;
    if (!answer) throw new Error('No install offer to prompt');
    this.offered = null;
    this.dialogsOpened++;
    return answer;
  }

  onInstalled(listener: () => void): () => void {
    this.installedListeners.add(listener);
    return () => {
      this.installedListeners.delete(listener);
    };
  }
}
