import { describe, expect, it } from 'vitest';
import { CODE_RELOAD_GUARD_MS, isCodeLoadFailure, recoveringFromDeploy, reloadForNewCode, type ReloadingWindow } from '@/app/stale-code';

/** A tab: its sessionStorage, whether it is online, whether its address answers; counts reloads. */
function tab({ onLine = true, answers = true } = {}) {
  const session = new Map<string, string>();
  const win = {
    reloads: 0,
    navigator: { onLine },
    sessionStorage: { getItem: (key: string) => session.get(key) ?? null, setItem: (key: string, value: string) => void session.set(key, value) },
    location: { href: 'https://boutique.example/panier', reload: () => void (win.reloads += 1) },
    fetch: async () => ({ ok: answers }),
  } satisfies ReloadingWindow & { reloads: number };
  return win;
}

const GONE = new TypeError('Failed to fetch dynamically imported module: https://boutique.example/assets/cart-page-abc.js');

describe('a chunk gone after a deploy', () => {
  it('is told from other failures by what Chromium, Firefox, Safari and Vite say', () => {
    expect(isCodeLoadFailure(GONE)).toBe(true);
    expect(isCodeLoadFailure(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isCodeLoadFailure(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isCodeLoadFailure(new Error('Unable to preload CSS for /assets/checkout-page-x.css'))).toBe(true);
    expect(isCodeLoadFailure(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isCodeLoadFailure('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads the tab once into the new version; a second failure within the guard does not loop', async () => {
    const win = tab();
    expect(await reloadForNewCode(win, 1_000_000)).toBe(true);
    expect(await reloadForNewCode(win, 1_000_000 + CODE_RELOAD_GUARD_MS - 1)).toBe(false);
    expect(win.reloads).toBe(1);
    // The next deploy, later on, reloads again.
    expect(await reloadForNewCode(win, 1_000_000 + CODE_RELOAD_GUARD_MS)).toBe(true);
    expect(win.reloads).toBe(2);
  });

  it('never reloads offline, nor into an address that does not answer', async () => {
    const offline = tab({ onLine: false });
    const down = tab({ answers: false });
    expect(await reloadForNewCode(offline, 0)).toBe(false);
    expect(await reloadForNewCode(down, 0)).toBe(false);
    expect(offline.reloads + down.reloads).toBe(0);
  });

  it('any other failure of a dynamic import is thrown as it came', async () => {
    const failing = new Error('the module threw');
    await expect(recoveringFromDeploy(() => Promise.reject(failing))()).rejects.toBe(failing);
  });
});
