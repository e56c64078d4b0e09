import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BrowserInstallPrompt } from '@/adapters/browser/browser-install-prompt';
import type { InstallChoice, InstallPrompt } from '@/ports/install-prompt';
import { FakeInstallPrompt } from '../fakes/fake-install-prompt';
import { appInstalledEvent, beforeInstallPromptEvent } from './support/fake-install-events';

interface Browser {
  port: InstallPrompt;
  /** The browser offers installation; `answer` is what the shopper will choose in its dialog. */
  offer(answer: InstallChoice): void;
  /** The app got installed. */
  install(): void;
  tearDown(): void;
}

const harnesses: Array<{ name: string; setUp(): Browser }> = [
  {
    name: 'BrowserInstallPrompt on a window',
    setUp() {
      const window = new EventTarget();
      const port = new BrowserInstallPrompt(window);
      return {
        port,
        offer: (answer) => window.dispatchEvent(beforeInstallPromptEvent(answer)),
        install: () => window.dispatchEvent(appInstalledEvent()),
        tearDown: () => port.dispose(),
      };
    },
  },
  {
    name: 'FakeInstallPrompt',
    setUp() {
      const port = new FakeInstallPrompt();
      return { port, offer: (answer) => port.offer(answer), install: () => port.install(), tearDown() {} };
    },
  },
];

describe.each(harnesses)('InstallPrompt contract: $name', ({ setUp }) => {
  let browser: Browser;
  let port: InstallPrompt;
  beforeEach(() => ({ port } = browser = setUp()));
  afterEach(() => browser.tearDown());

  function countOffers(): () => number {
    let offers = 0;
    port.onInstallAvailable(() => offers++);
    return () => offers;
  }

  it('announces nothing and cannot prompt while the browser has made no offer', async () => {
    const offers = countOffers();
    expect(offers()).toBe(0);
    await expect(port.prompt()).rejects.toThrow();
  });

  it('announces each offer to its listeners', () => {
    const offers = countOffers();
    browser.offer('accepted');
    expect(offers()).toBe(1);
  });

  it('announces an offer made before the listener arrived, at once', () => {
    browser.offer('accepted');
    const offers = countOffers();
    expect(offers()).toBe(1);
  });

  it('prompting resolves with the shopper’s answer: accepted', async () => {
    browser.offer('accepted');
    await expect(port.prompt()).resolves.toBe('accepted');
  });

  it('prompting resolves with the shopper’s answer: dismissed', async () => {
    browser.offer('dismissed');
    await expect(port.prompt()).resolves.toBe('dismissed');
  });

  it('an offer is used once: a second prompt rejects, and a late listener hears of no offer', async () => {
    browser.offer('dismissed');
    await port.prompt();
    await expect(port.prompt()).rejects.toThrow();
    expect(countOffers()()).toBe(0);
  });

  it('a new offer after a used one can be prompted again', async () => {
    browser.offer('dismissed');
    await port.prompt();
    browser.offer('accepted');
    await expect(port.prompt()).resolves.toBe('accepted');
  });

  it('tells its listeners when the app is installed, and then holds no offer', async () => {
    let installed = 0;
    port.onInstalled(() => installed++);
    browser.offer('accepted');
    browser.install();
    expect(installed).toBe(1);
    await expect(port.prompt()).rejects.toThrow();
  });

  it('an unsubscribed listener hears nothing more', () => {
    let heard = 0;
    const stopOffers = port.onInstallAvailable(() => heard++);
    const stopInstalled = port.onInstalled(() => heard++);
    stopOffers();
    stopInstalled();
    browser.offer('accepted');
    browser.install();
    expect(heard).toBe(0);
  });
});

describe('BrowserInstallPrompt and the browser', () => {
  it('cancels the browser’s own install infobar and keeps the offer for the banner', async () => {
    const window = new EventTarget();
    const port = new BrowserInstallPrompt(window);
    const event = beforeInstallPromptEvent('accepted');
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    await port.prompt();
    expect(event.dialogsOpened).toBe(1);
  });

  it('a browser answering anything but accepted counts as dismissed', async () => {
    const window = new EventTarget();
    const port = new BrowserInstallPrompt(window);
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => undefined,
      userChoice: Promise.resolve({ outcome: 'closed', platform: '' }),
    });
    window.dispatchEvent(event);
    await expect(port.prompt()).resolves.toBe('dismissed');
  });

  it('after dispose it no longer listens to the window', () => {
    const window = new EventTarget();
    const port = new BrowserInstallPrompt(window);
    port.dispose();
    const event = beforeInstallPromptEvent('accepted');
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });
});
