import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { container as root } from 'tsyringe';
import { describe, expect, it } from 'vitest';
import { MemoryKeyValueStore } from '@/adapters/memory/memory-key-value-store';
import { registerPwaServices } from '@/app/register-pwa-services';
import { APP_UPDATE } from '@/ports/app-update';
import { CLOCK } from '@/ports/clock';
import { INSTALL_PROMPT } from '@/ports/install-prompt';
import { KEY_VALUE_STORE } from '@/ports/key-value-store';
import { LOGGER } from '@/ports/logger';
import { ContainerProvider } from '@/ui/di/container-context';
import { PwaOverlays } from '@/ui/pwa/pwa-overlays';
import { PwaBanners } from '@/app/on-demand';
import { FakeAppUpdate } from '../fakes/fake-app-update';
import { FakeClock } from '../fakes/fake-clock';
import { FakeInstallPrompt } from '../fakes/fake-install-prompt';
import { RecordingLogger } from '../fakes/recording-logger';
import { STORAGE_KEYS } from '@/domain/storage-keys';

const INSTALL_REGION = 'Installer l’application';
const UPDATE_REGION = 'Mise à jour de l’application';

/** The overlays beside a page button, on fakes of the browser's install prompt and service worker. */
function renderOverlays() {
  const clock = new FakeClock();
  const store = new MemoryKeyValueStore();
  const prompt = new FakeInstallPrompt();
  const update = new FakeAppUpdate();
  const container = root.createChildContainer();
  container.register(CLOCK, { useValue: clock });
  container.register(KEY_VALUE_STORE, { useValue: store });
  container.register(LOGGER, { useValue: new RecordingLogger() });
  container.register(INSTALL_PROMPT, { useValue: prompt });
  container.register(APP_UPDATE, { useValue: update });
  registerPwaServices(container);
  const view = render(
    <ContainerProvider container={container}>
      <button type="button">Ajouter au panier</button>
      <PwaOverlays banners={PwaBanners} />
    </ContainerProvider>,
  );
  return { ...view, clock, store, prompt, update, user: userEvent.setup() };
}

async function installBannerAfterOffer(s: ReturnType<typeof renderOverlays>) {
  s.prompt.offer();
  act(() => s.clock.advance(8000));
  return screen.findByRole('region', { name: INSTALL_REGION });
}

describe('install banner (spec §4)', () => {
  it('appears 8 s after the browser’s offer, with its tagline, without taking the focus', async () => {
    const s = renderOverlays();
    const pageButton = screen.getByRole('button', { name: 'Ajouter au panier' });
    pageButton.focus();
    s.prompt.offer();
    act(() => s.clock.advance(7999));
    expect(screen.queryByRole('region', { name: INSTALL_REGION })).toBeNull();

    act(() => s.clock.advance(1));
    const banner = await screen.findByRole('region', { name: INSTALL_REGION });
    expect(banner.textContent).toContain('Installez La Petite Boutique\u00a0: accès rapide, panier sauvegardé et notifications.');
    expect(within(banner).getByRole('button', { name: 'Installer' })).toBeTruthy();
    expect(document.activeElement).toBe(pageButton);
    expect(banner.closest('[aria-live="polite"]')).not.toBeNull();
  });

  it('« Plus tard » hides it and stores the dismissal', async () => {
    const s = renderOverlays();
    const banner = await installBannerAfterOffer(s);
    await s.user.click(within(banner).getByRole('button', { name: 'Plus tard' }));
    expect(screen.queryByRole('region', { name: INSTALL_REGION })).toBeNull();
    expect(s.store.get(STORAGE_KEYS.installBannerDismissedAt)).toBe('2026-11-22T10:00:08.000Z');
  });

  it('works from the keyboard: Tab reaches « Installer » then « Plus tard », Enter chooses', async () => {
    const s = renderOverlays();
    screen.getByRole('button', { name: 'Ajouter au panier' }).focus();
    await installBannerAfterOffer(s);
    await s.user.tab();
    expect(document.activeElement?.textContent).toBe('Installer');
    await s.user.tab();
    expect(document.activeElement?.textContent).toBe('Plus tard');
    await s.user.keyboard('{Enter}');
    expect(screen.queryByRole('region', { name: INSTALL_REGION })).toBeNull();
    expect(s.store.get(STORAGE_KEYS.installBannerDismissedAt)).not.toBeNull();
  });

  it('goes by itself 15 s after appearing', async () => {
    const s = renderOverlays();
    await installBannerAfterOffer(s);
    act(() => s.clock.advance(14_999));
    expect(screen.getByRole('region', { name: INSTALL_REGION })).toBeTruthy();
    act(() => s.clock.advance(1));
    expect(screen.queryByRole('region', { name: INSTALL_REGION })).toBeNull();
    expect(s.store.get(STORAGE_KEYS.installBannerDismissedAt)).toBeNull();
  });

  it('« Installer » opens the browser’s dialog; once installed, « Application installée ! » shows for 4 s', async () => {
    const s = renderOverlays();
    const banner = await installBannerAfterOffer(s);
    await s.user.click(within(banner).getByRole('button', { name: 'Installer' }));
    expect(s.prompt.dialogsOpened).toBe(1);
    expect(screen.queryByRole('region', { name: INSTALL_REGION })).toBeNull();

    act(() => s.prompt.install());
    const notice = await screen.findByRole('region', { name: 'Installation de l’application' });
    expect(notice.textContent).toBe('Application installée\u00a0!');
    act(() => s.clock.advance(3999));
    expect(screen.getByRole('region', { name: 'Installation de l’application' })).toBe(notice);
    act(() => s.clock.advance(1));
    expect(screen.queryByRole('region', { name: 'Installation de l’application' })).toBeNull();
  });
});

describe('update banner (spec §4)', () => {
  it('shows when a new version waits; its button applies the update', async () => {
    const s = renderOverlays();
    expect(screen.queryByRole('region', { name: UPDATE_REGION })).toBeNull();
    act(() => s.update.announce());
    const banner = await screen.findByRole('region', { name: UPDATE_REGION });
    expect(banner.textContent).toContain('Une nouvelle version est disponible.');
    await s.user.click(within(banner).getByRole('button', { name: 'Mettre à jour' }));
    expect(s.update.reloadsOnNewVersion).toBe(1);
    expect(screen.queryByRole('region', { name: UPDATE_REGION })).toBeNull();
  });

  it('goes by itself after 10 s', async () => {
    const s = renderOverlays();
    act(() => s.update.announce());
    await screen.findByRole('region', { name: UPDATE_REGION });
    act(() => s.clock.advance(9999));
    expect(screen.getByRole('region', { name: UPDATE_REGION })).toBeTruthy();
    act(() => s.clock.advance(1));
    expect(screen.queryByRole('region', { name: UPDATE_REGION })).toBeNull();
    expect(s.update.reloadsOnNewVersion).toBe(0);
  });
});
