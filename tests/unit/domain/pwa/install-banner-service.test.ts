import { describe, expect, it } from 'vitest';
import { MemoryKeyValueStore, MemoryStorageArea } from '@/adapters/memory/memory-key-value-store';
import { INSTALL_BANNER_DELAY_MS, INSTALL_BANNER_DISPLAY_MS, INSTALL_DISMISSAL_MEMORY_MS, INSTALL_SUCCESS_NOTICE_MS } from '@/domain/constants';
import { InstallBannerService } from '@/domain/pwa/install-banner-service';
import type { KeyValueStore } from '@/ports/key-value-store';
import { FailingKeyValueStore } from '../../../fakes/failing-key-value-store';
import { FakeClock } from '../../../fakes/fake-clock';
import { FakeInstallPrompt } from '../../../fakes/fake-install-prompt';
import { RecordingLogger } from '../../../fakes/recording-logger';
import { STORAGE_KEYS } from '@/domain/storage-keys';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

function setup(store: KeyValueStore = new MemoryKeyValueStore(), clock = new FakeClock()) {
  const prompt = new FakeInstallPrompt();
  const logger = new RecordingLogger();
  const service = new InstallBannerService(prompt, store, clock, logger);
  return { prompt, store, clock, logger, service, banner: () => service.getSnapshot().banner };
}

/** An offer now, and the time until the banner is due. */
function offerAndWaitForBanner(s: ReturnType<typeof setup>): void {
  s.prompt.offer();
  s.clock.advance(INSTALL_BANNER_DELAY_MS);
}

/** Stores a « Plus tard » made `ago` ms before the banner will be due (INSTALL_BANNER_DELAY_MS from now). */
function dismissedBeforeBannerIsDue(s: ReturnType<typeof setup>, ago: number): void {
  const dueAt = s.clock.now() + INSTALL_BANNER_DELAY_MS;
  s.store.set(STORAGE_KEYS.installBannerDismissedAt, new Date(dueAt - ago).toISOString());
}

describe('InstallBannerService: when the banner appears (spec §4, §9)', () => {
  it('the spec timings are 8000 ms, 7 days, 15 s and 4 s', () => {
    expect([INSTALL_BANNER_DELAY_MS, INSTALL_DISMISSAL_MEMORY_MS, INSTALL_BANNER_DISPLAY_MS, INSTALL_SUCCESS_NOTICE_MS]).toEqual([
      8000,
      7 * DAY_MS,
      15_000,
      4000,
    ]);
  });

  it('no banner while the browser has made no install offer', () => {
    const s = setup();
    s.clock.advance(60_000);
    expect(s.service.getSnapshot()).toEqual({ banner: 'hidden', successNotice: false });
  });

  it('the banner appears 8000 ms after the install offer: not at 7999 ms, at 8000 ms', () => {
    const s = setup();
    s.prompt.offer();
    s.clock.advance(7999);
    expect(s.banner()).toBe('hidden');
    s.clock.advance(1);
    expect(s.banner()).toBe('visible');
  });

  it('an offer the browser made before the service started is not missed', () => {
    const clock = new FakeClock();
    const prompt = new FakeInstallPrompt();
    prompt.offer();
    const service = new InstallBannerService(prompt, new MemoryKeyValueStore(), clock, new RecordingLogger());
    clock.advance(INSTALL_BANNER_DELAY_MS);
    expect(service.getSnapshot().banner).toBe('visible');
  });

  it('dismissed 6 days 23 hours ago: no banner', () => {
    const s = setup();
    dismissedBeforeBannerIsDue(s, 6 * DAY_MS + 23 * HOUR_MS);
    offerAndWaitForBanner(s);
    expect(s.banner()).toBe('hidden');
    s.clock.advance(60_000);
    expect(s.banner()).toBe('hidden');
  });

  it('dismissed 1 ms less than 7 days ago: still no banner', () => {
    const s = setup();
    dismissedBeforeBannerIsDue(s, 7 * DAY_MS - 1);
    offerAndWaitForBanner(s);
    expect(s.banner()).toBe('hidden');
  });

  it('dismissed exactly 7 days ago: banner', () => {
    const s = setup();
    dismissedBeforeBannerIsDue(s, 7 * DAY_MS);
    offerAndWaitForBanner(s);
    expect(s.banner()).toBe('visible');
  });

  it('the 7 days are judged when the banner is due: « Plus tard » in another tab during the 8 s holds it back', () => {
    const area = new MemoryStorageArea();
    const s = setup(new MemoryKeyValueStore(area));
    const otherTab = setup(new MemoryKeyValueStore(area), s.clock);
    s.prompt.offer();
    otherTab.prompt.offer();
    s.clock.advance(INSTALL_BANNER_DELAY_MS - 1000);
    s.clock.advance(1000);
    expect(otherTab.banner()).toBe('visible');
    otherTab.service.later();
    expect(s.banner()).toBe('visible'); // already showing: a dismissal elsewhere does not pull it away

    const third = setup(new MemoryKeyValueStore(area), s.clock);
    offerAndWaitForBanner(third);
    expect(third.banner()).toBe('hidden');
  });

  it('an unreadable dismissal date counts as no dismissal, and is logged', () => {
    const s = setup();
    s.store.set(STORAGE_KEYS.installBannerDismissedAt, 'pas une date');
    offerAndWaitForBanner(s);
    expect(s.banner()).toBe('visible');
    expect(s.logger.problems('warn')).toEqual([expect.stringContaining(STORAGE_KEYS.installBannerDismissedAt)]);
  });

  it('a dismissal date in the future (a clock set back) counts as no dismissal, and is logged', () => {
    const s = setup();
    s.store.set(STORAGE_KEYS.installBannerDismissedAt, new Date(s.clock.now() + DAY_MS).toISOString());
    offerAndWaitForBanner(s);
    expect(s.banner()).toBe('visible');
    expect(s.logger.problems('warn')).toHaveLength(1);
  });

  it('the banner has one turn per page: a new offer after it went does not bring it back', () => {
    const s = setup();
    offerAndWaitForBanner(s);
    s.clock.advance(INSTALL_BANNER_DISPLAY_MS);
    s.prompt.offer();
    s.clock.advance(60_000);
    expect(s.banner()).toBe('hidden');
  });

  it('a « Plus tard » given at the very moment the banner is due counts: no banner, nothing logged', () => {
    const s = setup();
    dismissedBeforeBannerIsDue(s, 0);
    offerAndWaitForBanner(s);
    expect(s.banner()).toBe('hidden');
    expect(s.logger.problems()).toEqual([]);
  });

  it('a second offer while the banner is shown changes nothing: « Plus tard » still hides it for 7 days', () => {
    const s = setup();
    offerAndWaitForBanner(s);
    s.prompt.offer();
    s.clock.advance(1000);
    s.service.later();
    expect(s.banner()).toBe('hidden');
    expect(s.store.get(STORAGE_KEYS.installBannerDismissedAt)).toBe(new Date(s.clock.now()).toISOString());
    s.clock.advance(INSTALL_BANNER_DELAY_MS);
    expect(s.banner()).toBe('hidden');
  });

  it('a second offer while the banner is due does not delay it', () => {
    const s = setup();
    s.prompt.offer();
    s.clock.advance(5000);
    s.prompt.offer();
    s.clock.advance(3000);
    expect(s.banner()).toBe('visible');
  });
});

describe('InstallBannerService: how the banner goes (spec §4)', () => {
  it('the banner goes by itself 15 s after it appeared: there at 14 999 ms, gone at 15 000 ms', () => {
    const s = setup();
    offerAndWaitForBanner(s);
    s.clock.advance(14_999);
    expect(s.banner()).toBe('visible');
    s.clock.advance(1);
    expect(s.banner()).toBe('hidden');
  });

  it('going by itself is not a dismissal: nothing is stored and the next visit shows the banner again', () => {
    const s = setup();
    offerAndWaitForBanner(s);
    s.clock.advance(INSTALL_BANNER_DISPLAY_MS);
    expect(s.store.get(STORAGE_KEYS.installBannerDismissedAt)).toBeNull();

    const nextVisit = setup(s.store, s.clock);
    offerAndWaitForBanner(nextVisit);
    expect(nextVisit.banner()).toBe('visible');
  });

  it('« Plus tard » hides the banner and stores when it was chosen', () => {
    const s = setup();
    offerAndWaitForBanner(s);
    s.clock.advance(2500);
    s.service.later();
    expect(s.banner()).toBe('hidden');
    expect(s.store.get(STORAGE_KEYS.installBannerDismissedAt)).toBe('2026-11-22T10:00:10.500Z');
  });

  it('« Plus tard » keeps the banner away on the next visits for 7 days', () => {
    const s = setup();
    offerAndWaitForBanner(s);
    s.service.later();

    s.clock.advance(INSTALL_DISMISSAL_MEMORY_MS - INSTALL_BANNER_DELAY_MS - 1);
    const justUnderSevenDays = setup(s.store, s.clock);
    offerAndWaitForBanner(justUnderSevenDays);
    expect(justUnderSevenDays.banner()).toBe('hidden');

    const pastSevenDays = setup(s.store, s.clock);
    offerAndWaitForBanner(pastSevenDays);
    expect(pastSevenDays.banner()).toBe('visible');
  });

  it('« Plus tard » when storage is full: the banner still goes and the failure is logged', () => {
    const store = new FailingKeyValueStore();
    const s = setup(store);
    offerAndWaitForBanner(s);
    store.failWrites = true;
    s.service.later();
    expect(s.banner()).toBe('hidden');
    // Spec §8: a storage write failure is only logged; the log says what could not be kept.
    expect(s.logger.problems('error')).toEqual([expect.stringContaining('install banner was dismissed')]);
  });

  it('an accepted prompt hides the banner and records no dismissal', async () => {
    const s = setup();
    s.prompt.offer('accepted');
    s.clock.advance(INSTALL_BANNER_DELAY_MS);
    await s.service.install();
    expect(s.prompt.dialogsOpened).toBe(1);
    expect(s.banner()).toBe('hidden');
    expect(s.store.get(STORAGE_KEYS.installBannerDismissedAt)).toBeNull();
  });

  it('a dismissed prompt (the shopper cancelled the browser’s dialog) counts as « Plus tard »', async () => {
    const s = setup();
    s.prompt.offer('dismissed');
    s.clock.advance(INSTALL_BANNER_DELAY_MS);
    await s.service.install();
    expect(s.banner()).toBe('hidden');
    expect(s.store.get(STORAGE_KEYS.installBannerDismissedAt)).toBe('2026-11-22T10:00:08.000Z');
  });

  it('a prompt the browser refuses to open hides the banner, records no dismissal, and is logged', async () => {
    const s = setup();
    offerAndWaitForBanner(s);
    s.prompt.prompt = () => Promise.reject(new DOMException('The prompt() method must be called with a user gesture', 'NotAllowedError'));
    await s.service.install();
    expect(s.banner()).toBe('hidden');
    expect(s.store.get(STORAGE_KEYS.installBannerDismissedAt)).toBeNull();
    expect(s.logger.problems('warn')).toHaveLength(1);
  });

  it('the buttons do nothing once the banner has gone', async () => {
    const s = setup();
    offerAndWaitForBanner(s);
    s.clock.advance(INSTALL_BANNER_DISPLAY_MS);
    s.service.later();
    await s.service.install();
    expect(s.store.get(STORAGE_KEYS.installBannerDismissedAt)).toBeNull();
    expect(s.prompt.dialogsOpened).toBe(0);
  });
});

describe('InstallBannerService: after installation (spec §4)', () => {
  it('a success notice shows for 4 s: visible at 3999 ms, gone at 4000 ms', async () => {
    const s = setup();
    offerAndWaitForBanner(s);
    await s.service.install();
    s.prompt.install();
    expect(s.service.getSnapshot()).toEqual({ banner: 'hidden', successNotice: true });
    s.clock.advance(3999);
    expect(s.service.getSnapshot().successNotice).toBe(true);
    s.clock.advance(1);
    expect(s.service.getSnapshot()).toEqual({ banner: 'hidden', successNotice: false });
  });

  it('installing from the browser’s menu while the banner is up hides it and shows the notice', () => {
    const s = setup();
    offerAndWaitForBanner(s);
    s.prompt.install();
    expect(s.service.getSnapshot()).toEqual({ banner: 'hidden', successNotice: true });
    expect(s.store.get(STORAGE_KEYS.installBannerDismissedAt)).toBeNull();
  });

  it('installed before the banner was due: the banner never shows', () => {
    const s = setup();
    s.prompt.offer();
    s.clock.advance(3000);
    s.prompt.install();
    s.clock.advance(60_000);
    expect(s.service.getSnapshot()).toEqual({ banner: 'hidden', successNotice: false });
  });
});

describe('InstallBannerService: as an external store for the UI', () => {
  it('the snapshot keeps its identity until something changes, and subscribers hear each change', () => {
    const s = setup();
    const heard: string[] = [];
    s.service.subscribe(() => heard.push(JSON.stringify(s.service.getSnapshot())));
    const before = s.service.getSnapshot();
    s.prompt.offer();
    s.clock.advance(100);
    expect(s.service.getSnapshot()).toBe(before);
    s.clock.advance(INSTALL_BANNER_DELAY_MS);
    s.service.later();
    expect(heard).toEqual(['{"banner":"visible","successNotice":false}', '{"banner":"hidden","successNotice":false}']);
  });

  it('a banner component that has left the page is no longer told of changes', () => {
    const s = setup();
    const heard: string[] = [];
    const leave = s.service.subscribe(() => heard.push(s.service.getSnapshot().banner));
    offerAndWaitForBanner(s);
    leave();
    s.service.later();
    expect(heard).toEqual(['visible']);
    expect(s.banner()).toBe('hidden');
  });

  it('dispose leaves no timer running and stops listening to the browser', () => {
    const s = setup();
    s.prompt.offer();
    s.service.dispose();
    expect(s.clock.pendingTimers).toBe(0);
    s.prompt.install();
    s.clock.advance(60_000);
    expect(s.service.getSnapshot()).toEqual({ banner: 'hidden', successNotice: false });
  });
});
