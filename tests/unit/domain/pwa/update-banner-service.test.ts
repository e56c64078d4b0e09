import { describe, expect, it } from 'vitest';
import { UPDATE_BANNER_DISPLAY_MS } from '@/domain/constants';
import { UpdateBannerService } from '@/domain/pwa/update-banner-service';
import { FakeAppUpdate } from '../../../fakes/fake-app-update';
import { FakeClock } from '../../../fakes/fake-clock';
import { RecordingLogger } from '../../../fakes/recording-logger';

function setup(update = new FakeAppUpdate(), clock = new FakeClock()) {
  const logger = new RecordingLogger();
  const service = new UpdateBannerService(update, clock, logger);
  return { update, clock, logger, service, banner: () => service.getSnapshot().banner };
}

describe('UpdateBannerService (spec §4, §9)', () => {
  it('the update banner lasts 10 s', () => {
    expect(UPDATE_BANNER_DISPLAY_MS).toBe(10_000);
  });

  it('no banner while no new version is waiting', () => {
    const s = setup();
    s.clock.advance(60_000);
    expect(s.banner()).toBe('hidden');
  });

  it('when a new version is waiting the banner shows for 10 s: visible at 9999 ms, gone at 10 000 ms', () => {
    const s = setup();
    s.update.announce();
    expect(s.banner()).toBe('visible');
    s.clock.advance(9999);
    expect(s.banner()).toBe('visible');
    s.clock.advance(1);
    expect(s.banner()).toBe('hidden');
  });

  it('a version already waiting when the service starts is announced', () => {
    const update = new FakeAppUpdate();
    update.announce();
    expect(setup(update).banner()).toBe('visible');
  });

  it('« Mettre à jour » hides the banner and reloads the page on the new version', async () => {
    const s = setup();
    s.update.announce();
    s.clock.advance(4000);
    await s.service.applyUpdate();
    expect(s.update.reloadsOnNewVersion).toBe(1);
    expect(s.banner()).toBe('hidden');
    expect(s.clock.pendingTimers).toBe(0);
  });

  it('a banner that went by itself leaves the new version waiting, and the next page load shows it again', () => {
    const s = setup();
    s.update.announce();
    s.clock.advance(UPDATE_BANNER_DISPLAY_MS);
    expect(s.update.waiting).toBe(true);
    expect(setup(s.update, s.clock).banner()).toBe('visible');
  });

  it('a newer version announced after the banner went shows it for another 10 s', () => {
    const s = setup();
    s.update.announce();
    s.clock.advance(UPDATE_BANNER_DISPLAY_MS);
    s.update.announce();
    s.clock.advance(9999);
    expect(s.banner()).toBe('visible');
    s.clock.advance(1);
    expect(s.banner()).toBe('hidden');
  });

  it('after a double announcement, the banner of a later version still gets its full 10 s', () => {
    const s = setup();
    s.update.announce();
    s.clock.advance(5000);
    s.update.announce();
    s.clock.advance(5000);
    expect(s.banner()).toBe('hidden');
    s.clock.advance(2000);
    s.update.announce();
    s.clock.advance(9999);
    expect(s.banner()).toBe('visible');
    s.clock.advance(1);
    expect(s.banner()).toBe('hidden');
  });

  it('another announcement while the banner is up does not lengthen it', () => {
    const s = setup();
    s.update.announce();
    s.clock.advance(6000);
    s.update.announce();
    s.clock.advance(4000);
    expect(s.banner()).toBe('hidden');
  });

  it('an update that fails to apply is logged, not thrown', async () => {
    const s = setup();
    s.update.announce();
    s.update.applyUpdate = () => Promise.reject(new Error('redundant worker'));
    await expect(s.service.applyUpdate()).resolves.toBeUndefined();
    expect(s.logger.problems('error')).toHaveLength(1);
  });

  it('the snapshot keeps its identity until something changes', () => {
    const s = setup();
    const hidden = s.service.getSnapshot();
    s.clock.advance(1000);
    expect(s.service.getSnapshot()).toBe(hidden);
    s.update.announce();
    const visible = s.service.getSnapshot();
    s.clock.advance(1000);
    expect(s.service.getSnapshot()).toBe(visible);
  });

  it('the banner component is told when the banner shows and when it goes, and no longer once it has left', () => {
    const s = setup();
    const heard: string[] = [];
    const leave = s.service.subscribe(() => heard.push(s.banner()));
    s.update.announce();
    s.clock.advance(UPDATE_BANNER_DISPLAY_MS);
    expect(heard).toEqual(['visible', 'hidden']);
    leave();
    s.update.announce();
    expect(s.banner()).toBe('visible');
    expect(heard).toEqual(['visible', 'hidden']);
  });

  it('dispose leaves no timer running and stops listening', () => {
    const s = setup();
    s.update.announce();
    s.service.dispose();
    expect(s.clock.pendingTimers).toBe(0);

    const other = setup();
    other.service.dispose();
    other.update.announce();
    expect(other.banner()).toBe('hidden');
  });
});
