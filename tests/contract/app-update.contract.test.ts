import { describe, expect, it } from 'vitest';
import { ServiceWorkerUpdate } from '../../src/adapters/browser/service-worker-update';
import type { AppUpdate } from '../../src/ports/app-update';
import { FakeAppUpdate } from '../fakes/fake-app-update';
import { RecordingLogger } from '../fakes/recording-logger';
import { FakeServiceWorkerHelper } from './support/fake-register-sw';

interface Browser {
  port: AppUpdate;
  /** A new version got installed and waits. */
  newVersion(): void;
  /** How many times the page reloaded onto a new version (once it is active, never before). */
  reloadsOnNewVersion(): number;
}

/** The helper, and the page's reloads counted only when they land on an active new worker. */
async function serviceWorkerBrowser(controlledAtRegistration: boolean): Promise<Browser> {
  const helper = new FakeServiceWorkerHelper(controlledAtRegistration);
  const reloads: Array<'new version' | 'too early'> = [];
  const port = new ServiceWorkerUpdate(new RecordingLogger(), {
    load: async () => helper.registerSW,
    reload: () => reloads.push(helper.newVersionActive ? 'new version' : 'too early'),
  });
  await port.register();
  return {
    port,
    newVersion: () => helper.newVersionInstalled(),
    // A reload before the new worker is active would land on the old version: it spoils the count on purpose.
    reloadsOnNewVersion: () => (reloads.includes('too early') ? -1 : reloads.length),
  };
}

const harnesses: Array<{ name: string; setUp(): Promise<Browser> }> = [
  {
    name: 'ServiceWorkerUpdate, page controlled by a worker when it registered',
    setUp: () => serviceWorkerBrowser(true),
  },
  {
    // A shopper's first page: the helper itself would never reload it.
    name: 'ServiceWorkerUpdate, page not yet controlled when it registered',
    setUp: () => serviceWorkerBrowser(false),
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

describe('ServiceWorkerUpdate and the service worker (spec §2, §8)', () => {
  it('registers the worker once, through vite-plugin-pwa', async () => {
    const helper = new FakeServiceWorkerHelper();
    await new ServiceWorkerUpdate(new RecordingLogger(), { load: async () => helper.registerSW }).register();
    expect(helper.registrations).toBe(1);
  });

  it('a registration failure is only logged', async () => {
    const helper = new FakeServiceWorkerHelper();
    const logger = new RecordingLogger();
    await new ServiceWorkerUpdate(logger, { load: async () => helper.registerSW }).register();
    helper.registrationFails(new TypeError('Failed to register a ServiceWorker: 404'));
    expect(logger.problems('error')).toEqual(['The service worker could not be registered']);
  });

  it('a registration helper that cannot be loaded is only logged', async () => {
    const logger = new RecordingLogger();
    const port = new ServiceWorkerUpdate(logger, {
      load: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    });
    await expect(port.register()).resolves.toBeUndefined();
    expect(logger.problems('error')).toEqual(['The service worker could not be registered']);
    await expect(port.applyUpdate()).rejects.toThrow();
  });
});
