import { paths } from '@/domain/site-paths';

/** The sign-in page's parameter naming the admin page asked for before signing in. */
export const RETURN_PARAM = 'retour';

export const SIGN_IN_PATH = paths.adminSignIn;

/**
 * Where to go after signing in: the page asked for when it is an admin page of this site,
 * else the dashboard. Anything else (another site, `//evil.example`, a shopper's page, the
 * sign-in itself) is ignored, so a link cannot send a fresh admin elsewhere.
 */
export function safeReturnPath(asked: string | null, origin = window.location.origin): string {
  if (!asked || !asked.startsWith('/') || asked.startsWith('//') || asked.includes('\\')) return paths.admin;
  let url: URL;
  try {
    url = new URL(asked, origin);
  } catch {
    return paths.admin;
  }
  if (url.origin !== origin) return paths.admin;
  if (url.pathname !== paths.admin && !url.pathname.startsWith(`${paths.admin}/`)) return paths.admin;
  if (url.pathname === SIGN_IN_PATH) return paths.admin;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page's address remembering `path` (the page the visitor asked for). */
export function signInPathFor(path: string): string {
  return path === paths.admin || path === `${paths.admin}/` ? SIGN_IN_PATH : `${SIGN_IN_PATH}?${RETURN_PARAM}=${encodeURIComponent(path)}`;
}
