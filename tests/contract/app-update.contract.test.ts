import { describe, expect, it } from 'vitest';
import { ACTIVATION_GRACE_MS, ServiceWorkerUpdate } from '@/adapters/browser/service-worker-update';
import { UPDATE_BANNER_DISPLAY_MS } from '@/domain/constants';
import { UpdateBannerService } from '@/domain/pwa/update-banner-service';
import type { AppUpdate } from '@/ports/app-update';
import { FakeAppUpdate } from '../fakes/fake-app-update';
import { FakeClock } from '../fakes/fake-clock';
import { RecordingLogger } from '../fakes/recording-logger';
import { FakeServiceWorkerContainer } from './support/fake-service-workers';

interface Browser {
  port: AppUpdate;
  /** A new version got installed and waits. */
  newVersion(): void;
  /** How many times the page reloaded onto a new version (once it is active, never before). */
  reloadsOnNewVersion(): number;
}

/** The page's reloads, each noted with the version the browser would serve it. */
function recordReloads(browser: FakeServiceWorkerContainer) {
  const reloads: Array<{ onto: number | null; newest: number }> = [];
  return {
    reload: () => reloads.push({ onto: browser.activeVersion, newest: browser.newestVersion }),
    count: () => reloads.length,
    // A reload before the new worker is active would land on the old version: it spoils the count on purpose.
    ontoNewest: () => (reloads.some((r) => r.onto !== r.newest) ? -1 : reloads.length),
  };
}

/** A page of the shop over the browser's service workers: its port, registered after load. */
async function openPage(browser: FakeServiceWorkerContainer, logger = new RecordingLogger()) {
  const clock = new FakeClock();
  const reloads = recordReloads(browser);
  const port = new ServiceWorkerUpdate(logger, clock, { serviceWorkers: browser.asServiceWorkers, reload: reloads.reload });
  await port.register();
  return { port, clock, reloads, logger, banner: new UpdateBannerService(port, clock, logger) };
}

async function serviceWorkerBrowser(browser: FakeServiceWorkerContainer, firstVisit: boolean): Promise<Browser> {
  const { port, reloads } = await openPage(browser);
  // A first visit: the worker installs after registration, activates and claims the page.
  if (firstVisit) browser.install();
  return { port, newVersion: () => browser.install(), reloadsOnNewVersion: reloads.ontoNewest };
}

const harnesses: Array<{ name: string; setUp(): Promise<Browser> }> = [
  {
    name: 'ServiceWorkerUpdate, page controlled by a worker when it registered',
    setUp: () => serviceWorkerBrowser(FakeServiceWorkerContainer.returningShopper(), false),
  },
  {
    // A shopper's first page: its first worker takes control after registration.
    name: 'ServiceWorkerUpdate, page not yet controlled when it registered',
    setUp: () => serviceWorkerBrowser(FakeServiceWorkerContainer.firstVisit(), true),
  },
  {
    name: 'FakeAppUpdate',
    async setUp() {
      const port = new FakeAppUpdate();
      return { port, newVersion: () => port.announce(), reloadsOnNewVersion: () => port.reloadsOnNewVersion };
    },
  },
];

async function flushMicrotasks(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

describe.each(harnesses)('AppUpdate contract: $name', ({ setUp }) => {
  function countAnnouncements(port: AppUpdate): () => number {
    let heard = 0;
    port.onUpdateWaiting(() => heard++);
    return () => heard;
  }

  it('announces nothing while no new version waits, and has nothing to apply', async () => {
    const browser = await setUp();
    const heard = countAnnouncements(browser.port);
    expect(heard()).toBe(0);
    await expect(browser.port.applyUpdate()).rejects.toThrow();
    expect(browser.reloadsOnNewVersion()).toBe(0);
  });

  it('announces a new version to its listeners', async () => {
    const browser = await setUp();
    const heard = countAnnouncements(browser.port);
    browser.newVersion();
    expect(heard()).toBe(1);
  });

  it('announces a version already waiting to a listener that arrives later, at once', async () => {
    const browser = await setUp();
    browser.newVersion();
    expect(countAnnouncements(browser.port)()).toBe(1);
  });

  it('applying the update reloads the page on the new version, once', async () => {
    const browser = await setUp();
    browser.newVersion();
    await browser.port.applyUpdate();
    await flushMicrotasks();
    expect(browser.reloadsOnNewVersion()).toBe(1);
  });

  it('an unsubscribed listener hears nothing more', async () => {
    const browser = await setUp();
    let heard = 0;
    browser.port.onUpdateWaiting(() => heard++)();
    browser.newVersion();
    expect(heard).toBe(0);
  });
});

describe('ServiceWorkerUpdate over the browser Service Worker API (spec §2, §4, §8)', () => {
  const SKIP_WAITING = { type: 'SKIP_WAITING' };

  it('registers one worker, /sw.js at the site root', async () => {
    const browser = FakeServiceWorkerContainer.firstVisit();
    await openPage(browser);
    expect(browser.registered()).toEqual([{ scriptURL: '/sw.js', scope: '/' }]);
  });

  it("a first visit's own worker taking control is no update: no banner, no reload", async () => {
    const browser = FakeServiceWorkerContainer.firstVisit();
    const page = await openPage(browser);
    browser.install();
    expect(browser.controller?.version).toBe(1);
    expect(page.banner.getSnapshot()).toEqual({ banner: 'hidden' });
    expect(page.reloads.count()).toBe(0);
  });

  it('a new version installed while a worker controls the page: the update banner shows for 10 s', async () => {
    const browser = FakeServiceWorkerContainer.returningShopper();
    const page = await openPage(browser);
    browser.install();
    expect(page.banner.getSnapshot()).toEqual({ banner: 'visible' });
    page.clock.advance(UPDATE_BANNER_DISPLAY_MS - 1);
    expect(page.banner.getSnapshot()).toEqual({ banner: 'visible' });
    page.clock.advance(1);
    expect(page.banner.getSnapshot()).toEqual({ banner: 'hidden' });
    // The banner went by itself: the new version still waits, the page still runs the old one.
    expect(browser.waitingWorker?.version).toBe(2);
    expect(page.reloads.count()).toBe(0);
  });

  it('a page opened while a new version waits shows the update banner at once', async () => {
    const browser = FakeServiceWorkerContainer.returningShopper();
    await openPage(browser);
    browser.install();
    const next = await openPage(browser);
    expect(next.banner.getSnapshot()).toEqual({ banner: 'visible' });
  });

  it('« Mettre à jour » sends SKIP_WAITING to the waiting worker only, and reloads once, on the new version', async () => {
    const browser = FakeServiceWorkerContainer.returningShopper();
    const page = await openPage(browser);
    const current = browser.activeWorker!;
    const next = browser.install();
    await page.banner.applyUpdate();
    expect(page.banner.getSnapshot()).toEqual({ banner: 'hidden' });
    expect(next.messages).toEqual([SKIP_WAITING]);
    expect(current.messages).toEqual([]);
    // The worker activates a moment later; a reload before that would land on version 1 (ontoNewest -1).
    await page.clock.advanceAsync(0);
    expect(browser.controller?.version).toBe(2);
    expect(page.reloads.ontoNewest()).toBe(1);
    // The grace delay passing changes nothing: one reload.
    await page.clock.advanceAsync(ACTIVATION_GRACE_MS);
    expect(page.reloads.ontoNewest()).toBe(1);
    expect(page.logger.problems()).toEqual([]);
  });

  it('a new worker the browser keeps waiting: the page reloads anyway after ACTIVATION_GRACE_MS, once', async () => {
    const browser = FakeServiceWorkerContainer.returningShopper();
    browser.keepsNewWorkerWaiting = true;
    const page = await openPage(browser);
    browser.install();
    await page.banner.applyUpdate();
    await page.clock.advanceAsync(ACTIVATION_GRACE_MS - 1);
    expect(page.reloads.count()).toBe(0);
    await page.clock.advanceAsync(1);
    expect(page.reloads.count()).toBe(1);
    await page.clock.advanceAsync(10 * ACTIVATION_GRACE_MS);
    expect(page.reloads.count()).toBe(1);
  });

  it('a new version another tab already let in: the page reloads onto it at once', async () => {
    const browser = FakeServiceWorkerContainer.returningShopper();
    const page = await openPage(browser);
    const next = browser.install();
    browser.activatedFromAnotherTab();
    await page.banner.applyUpdate();
    expect(page.reloads.ontoNewest()).toBe(1);
    expect(next.messages).toEqual([]);
  });

  it('a registration failure is only logged: no banner, nothing to apply', async () => {
    const browser = FakeServiceWorkerContainer.firstVisit();
    browser.failRegistrations(new TypeError('Failed to register a ServiceWorker: 404'));
    const logger = new RecordingLogger();
    const clock = new FakeClock();
    const port = new ServiceWorkerUpdate(logger, clock, { serviceWorkers: browser.asServiceWorkers, reload: () => {} });
    await expect(port.register()).resolves.toBeUndefined();
    expect(logger.problems('error')).toEqual(['The service worker could not be registered']);
    expect(new UpdateBannerService(port, clock, logger).getSnapshot()).toEqual({ banner: 'hidden' });
    await expect(port.applyUpdate()).rejects.toThrow();
  });

  it('a browser answering the registration with nothing (workers blocked): nothing logged, no banner, nothing to apply', async () => {
    const browser = FakeServiceWorkerContainer.firstVisit();
    browser.answerWithoutRegistration();
    const logger = new RecordingLogger();
    const clock = new FakeClock();
    const port = new ServiceWorkerUpdate(logger, clock, { serviceWorkers: browser.asServiceWorkers, reload: () => {} });
    await expect(port.register()).resolves.toBeUndefined();
    expect(logger.entries).toEqual([]);
    expect(new UpdateBannerService(port, clock, logger).getSnapshot()).toEqual({ banner: 'hidden' });
    await expect(port.applyUpdate()).rejects.toThrow();
  });

  it('a browser without service workers: nothing registered, nothing logged, nothing to apply', async () => {
    const logger = new RecordingLogger();
    const port = new ServiceWorkerUpdate(logger, new FakeClock(), { serviceWorkers: undefined, reload: () => {} });
    await expect(port.register()).resolves.toBeUndefined();
    expect(logger.entries).toEqual([]);
    await expect(port.applyUpdate()).rejects.toThrow();
  });
});
