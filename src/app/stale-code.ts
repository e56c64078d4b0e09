// A tab still running an older version of the shop asks for one of its chunks after a new
// version was deployed: the file is gone from the server (and, once the new worker took over,
// from its cache). The tab then reloads once, into the new version, instead of failing.

import { CODE_RELOAD_SESSION_KEY } from '@/domain/storage-keys';

/** What browsers say when a dynamic import's file cannot be fetched or run (Chromium, Firefox, Safari; Vite's CSS preload). */
const CODE_LOAD_FAILURE = /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

/** A reload for new code at most this often in a tab: a chunk that still fails after one is not a deploy, and never a loop. */
export const CODE_RELOAD_GUARD_MS = 30_000;

export function isCodeLoadFailure(error: unknown): boolean {
  return error instanceof Error && CODE_LOAD_FAILURE.test(error.message);
}

/** The part of `window` this needs; tests hand in a fake. */
export interface ReloadingWindow {
  readonly navigator: { readonly onLine: boolean };
  readonly sessionStorage: Pick<Storage, 'getItem' | 'setItem'>;
  readonly location: Pick<Location, 'href' | 'reload'>;
  fetch(input: string, init: RequestInit): Promise<Pick<Response, 'ok'>>;
}

/**
 * Reloads the page to get the deployed version's code, when it is online, the page's own address
 * answers (no reload into a server that is down), and no such reload was made in this tab in the
 * last CODE_RELOAD_GUARD_MS. True when the page is reloading.
 */
export async function reloadForNewCode(win: ReloadingWindow, now: number): Promise<boolean> {
  if (!win.navigator.onLine) return false;
  try {
    const last = Number(win.sessionStorage.getItem(CODE_RELOAD_SESSION_KEY));
    if (last > 0 && now >= last && now - last < CODE_RELOAD_GUARD_MS) return false;
    if (!(await win.fetch(win.location.href, { method: 'HEAD', cache: 'no-store' })).ok) return false;
    win.sessionStorage.setItem(CODE_RELOAD_SESSION_KEY, String(now));
  } catch {
    // No sessionStorage (so no guard against a loop), or no answer: no reload.
    return false;
  }
  win.location.reload();
  return true;
}

/**
 * `load` (a dynamic import), which, when its code is gone after a deploy, reloads the page once
 * and then never settles (the page is going): React shows the loading state meanwhile rather
 * than an error. Any other failure, or one the guard refuses, is thrown as it came.
 */
export function recoveringFromDeploy<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch(async (error: unknown) => {
      if (isCodeLoadFailure(error) && typeof window !== 'undefined' && (await reloadForNewCode(window, Date.now()))) return new Promise<T>(() => undefined);
      throw error;
    });
}
