import { expect, type Page } from '@playwright/test';
import { formatPrice } from '@/domain/price-format';
import { DEMO_CATEGORIES, DEMO_PRODUCTS, inStock, type DemoProduct } from './demo-data';

// What the tests of the prerendered pages (issue 22) share: the pages of each kind, and how to
// watch a page the build wrote being taken over by the shop's code.

/** The main chunk, as the built HTML asks for it (a modulepreload link, then a module script). */
export const MAIN_CHUNK = /\/assets\/index-[\w-]+\.js$/;

/** A price as PriceTag prints it: French grouping (U+202F), a comma, U+00A0 before the sign. */
export const EUROS = /^\d{1,3}(?:\u202f\d{3})*,\d{2}\u00a0€$/;

/** « Prix promotionnel : 12,50 € » (the words a screen reader hears first) → « 12,50 € ». */
export const shownPrice = (text: string) => text.replace(/^Prix promotionnel\u00a0:\s*/, '').trim();

const [product] = inStock(1);
const category = DEMO_CATEGORIES.find((c) => c.slug === product!.category);
if (!category) throw new Error(`the demo catalogue has no category ${product!.category}`);

/** An in-stock product of the demo catalogue, and its category. */
export const PRODUCT: DemoProduct = product!;
export const CATEGORY = category;

export interface PrerenderedPage {
  /** How a test title names it. */
  readonly kind: string;
  readonly path: string;
  readonly heading: string;
}

export const HOME: PrerenderedPage = { kind: 'the home page', path: '/', heading: 'Des objets simples pour la maison' };
export const SHOP: PrerenderedPage = { kind: 'the shop', path: '/boutique', heading: 'Boutique' };
export const CATEGORY_PAGE: PrerenderedPage = { kind: 'a category page', path: `/categorie/${CATEGORY.slug}`, heading: CATEGORY.name };
export const PRODUCT_PAGE: PrerenderedPage = { kind: 'a product page', path: `/produit/${PRODUCT.slug}`, heading: PRODUCT.name };
export const LEGAL_PAGE: PrerenderedPage = { kind: 'a legal page', path: '/mentions-legales', heading: 'Mentions légales' };

/** The four pages that show products. */
export const CATALOGUE_PAGES = [HOME, SHOP, CATEGORY_PAGE, PRODUCT_PAGE] as const;

export const DEMO_NAMES = new Set(DEMO_PRODUCTS.map((p) => p.name));

/** The price a demo product shows, as the shop formats it. */
export const priceOf = (product: Pick<DemoProduct, 'price'>) => formatPrice(product.price);

/** Playwright's own word when it blocks the worker's registration (serviceWorkers: 'block'). */
const PLAYWRIGHT_BLOCKED_WORKER = 'Service Worker registration blocked by Playwright';

/**
 * Every console error or warning, and every uncaught error, from now on; a test ends with
 * `expect(said).toEqual([])`.
 */
export function watchConsole(page: Page): string[] {
  const said: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    if (message.text() === PLAYWRIGHT_BLOCKED_WORKER) return;
    const { url, lineNumber } = message.location();
    said.push(`console.${message.type()}: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
  });
  page.on('pageerror', (error) => said.push(`uncaught: ${error.message}`));
  return said;
}

interface Takeover {
  /** The `.app` element the HTML brought, found when parsing ended. */
  app: Element | null;
  /** That element left the document at some point (React replaced the page instead of taking it over). */
  appRemoved: boolean;
  /** Every text the header's cart count had, in order, from the end of parsing. */
  cartCounts: string[];
}

/**
 * From the end of parsing, before the shop's code runs (the built page starts it after the first
 * paint): whether the `.app` element of the HTML is ever removed, and every text of the cart
 * count. Call before opening the page.
 */
export async function watchTakeover(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const root = document.getElementById('root');
      const app = root?.querySelector(':scope > .app') ?? null;
      const count = () => document.querySelector('[data-testid="cart-count"]')?.textContent ?? '(no count)';
      const seen: Takeover = { app, appRemoved: false, cartCounts: [count()] };
      (window as unknown as { __takeover: Takeover }).__takeover = seen;
      if (!root) return;
      new MutationObserver((records) => {
        if (records.some((record) => [...record.removedNodes].some((node) => node === app || node.contains(app)))) seen.appRemoved = true;
        const now = count();
        if (now !== seen.cartCounts.at(-1)) seen.cartCounts.push(now);
      }).observe(root, { childList: true, subtree: true, characterData: true });
    });
  });
}

/** What watchTakeover saw, and whether the `.app` of the HTML is still the page's. */
export function takeover(page: Page) {
  return page.evaluate(() => {
    const seen = (window as unknown as { __takeover?: Takeover }).__takeover;
    if (!seen) throw new Error('watchTakeover was not called before the page was opened');
    return {
      hadApp: seen.app !== null,
      appRemoved: seen.appRemoved,
      appStillThere: seen.app !== null && document.querySelector('#root > .app') === seen.app,
      cartCounts: seen.cartCounts,
    };
  });
}

/**
 * Resolves once the shop's code has taken the page over: the held interactions were handed
 * back (src/app/prerender/early-interactions.ts, once React has committed) and the header
 * counts this browser's cart.
 */
export async function expectTakenOver(page: Page) {
  await page.waitForFunction(() => !('__boutiqueAvantReprise' in window) && document.getElementById('root')?.querySelector('.app') !== null);
  await expect(page.getByTestId('cart-count')).toHaveText(/^\d+$/);
}
