// A prerendered page's HTML document: the built shell (dist/index.html as Vite wrote it) with
// the page's own head, its rendered body and the catalogue's answers it shows.
import type { DehydratedState } from '@tanstack/react-query';
import { EARLY_INTERACTIONS_SCRIPT } from './early-interactions';

/** The element whose JSON the client hydrates its query cache from (src/app/main.tsx); its data-path is the address it was rendered for. */
export const PRERENDERED_STATE_ID = 'etat-prerendu';

/** The attribute of <html> saying the page is prerendered (read by the start-up script, scripts/vite/first-paint-hints.ts). */
export const PRERENDERED_MARK = 'data-prerendu';

const HTML = /<html([^>]*)>/;
/** The shell's downloads of the code from the start: a prerendered page starts them once painted. */
const MODULE_PRELOADS = /\s*<link rel="modulepreload"[^>]*>/g;
const ROOT = /(<div id="root">)[\s\S]*<\/div>(\s*<noscript>)/;
const TITLE = /<title>[\s\S]*?<\/title>/;
const DESCRIPTION = /\s*<meta name="description"[^>]*>/;
const NOSCRIPT = /<noscript>[\s\S]*?<\/noscript>/;

/** JSON inside a <script>: nothing in it can close the element or open a comment. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export interface PageParts {
  readonly path: string;
  /** The page's <title>, description, canonical, Open Graph and JSON-LD tags. */
  readonly head: string;
  /** What #root holds. */
  readonly html: string;
  readonly state: DehydratedState;
}

/** The preloads React writes first for a page's high-priority pictures: in the head, where they belong and start soonest. */
const LEADING_PRELOADS = /^(?:<link rel="preload"[^>]*\/>)+/;

export function pageDocument(shell: string, page: PageParts): string {
  for (const [name, pattern] of [
    ['#root', ROOT],
    ['<title>', TITLE],
    ['<meta name="description">', DESCRIPTION],
    ['<noscript>', NOSCRIPT],
    ['<html>', HTML],
  ] as const) {
    if (!pattern.test(shell)) throw new Error(`The built index.html has no ${name} to prerender into`);
  }
  const preloads = LEADING_PRELOADS.exec(page.html)?.[0] ?? '';
  const body = page.html.slice(preloads.length);
  const state = `<script type="application/json" id="${PRERENDERED_STATE_ID}" data-path="${escapeAttribute(page.path)}">${scriptJson(page.state)}</script>`;
  return shell
    .replace(HTML, (_match, attributes: string) => `<html${attributes} ${PRERENDERED_MARK}>`)
    .replace(MODULE_PRELOADS, '')
    .replace(DESCRIPTION, '')
    .replace(TITLE, () => `${page.head}\n    ${preloads}\n    <script>${EARLY_INTERACTIONS_SCRIPT}</script>`)
    .replace(ROOT, (_match, open: string, rest: string) => `${open}${body}</div>\n    ${state}${rest}`)
    .replace(NOSCRIPT, '<noscript>Sans JavaScript, vous pouvez parcourir la boutique\u00a0; le panier, les favoris et la commande en ont besoin.</noscript>');
}
