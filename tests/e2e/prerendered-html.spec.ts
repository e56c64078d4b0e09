import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, type Browser } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO_PRODUCTS, parseEuros } from './demo-data';
import { CATALOGUE_PAGES, CATEGORY_PAGE, HOME, LEGAL_PAGE, PRODUCT, PRODUCT_PAGE, SHOP, shownPrice, type PrerenderedPage } from './prerendered';

// Issue 22: what a search engine reads in the HTML the build wrote, before any script (its
// validity is checked with every page of the suite, by tests/e2e/html.check.ts): a title, description, canonical address and Open Graph tags of each page's own, the
// JSON-LD that describes the product as the page shows it, the sitemap and robots.txt.

const OUT_OF_STOCK = DEMO_PRODUCTS.find((p) => !p.inStock || p.stock <= 0);
if (!OUT_OF_STOCK) throw new Error('the demo catalogue has no product out of stock');

/** The HTML a crawler gets for `path` (it asks for HTML; no script runs). */
async function servedHtml(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path, { headers: { accept: 'text/html' } });
  expect(response.status(), `GET ${path}`).toBe(200);
  return response.text();
}

type JsonLd = Record<string, unknown>;

/** Every `<script type="application/ld+json">` of the HTML, parsed. */
function jsonLdOf(html: string): JsonLd[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as JsonLd);
}

const ofType = (objects: readonly JsonLd[], type: string) => objects.filter((object) => object['@type'] === type);

/** The product page as a visitor without JavaScript sees it: its price as shown, its stock line. */
async function shownProduct(browser: Browser, path: string) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(path);
  const price = shownPrice((await page.locator('.product-detail .price__current').textContent()) ?? '');
  const stock = (await page.locator('.product-detail .stock').first().textContent()) ?? '';
  await context.close();
  return { price: parseEuros(price), stock };
}

test('a product page’s JSON-LD describes the product as the page shows it: name, price in EUR, in stock', async ({ request, browser }) => {
  const objects = jsonLdOf(await servedHtml(request, PRODUCT_PAGE.path));
  const [product, ...others] = ofType(objects, 'Product');
  expect(others, 'one Product').toEqual([]);
  expect(product?.name).toBe(PRODUCT.name);
  const offers = product?.offers as JsonLd;
  const shown = await shownProduct(browser, PRODUCT_PAGE.path);
  expect(Number(offers.price)).toBe(shown.price);
  expect(Number(offers.price)).toBe(PRODUCT.price);
  expect(offers.priceCurrency).toBe('EUR');
  expect(offers.availability).toBe('https://schema.org/InStock');
  expect(shown.stock).not.toBe('Rupture de stock');
  expect(ofType(objects, 'BreadcrumbList')).toHaveLength(1);
});

test('a product out of stock says OutOfStock in its JSON-LD, and « Rupture de stock » on its page', async ({ request, browser }) => {
  const path = `/produit/${OUT_OF_STOCK.slug}`;
  const [product] = ofType(jsonLdOf(await servedHtml(request, path)), 'Product');
  expect(product?.name).toBe(OUT_OF_STOCK.name);
  const offers = product?.offers as JsonLd;
  const shown = await shownProduct(browser, path);
  expect(shown.stock).toBe('Rupture de stock');
  expect(Number(offers.price)).toBe(shown.price);
  expect(offers.availability).toBe('https://schema.org/OutOfStock');
});

test('the home page carries the shop’s Organization, a category page its BreadcrumbList', async ({ request }) => {
  const home = jsonLdOf(await servedHtml(request, HOME.path));
  const [organization] = ofType(home, 'Organization');
  expect(organization?.name).toBe('La Petite Boutique');
  expect(organization?.url).toMatch(/^https?:\/\/[^/]+\/$/);

  const [breadcrumb] = ofType(jsonLdOf(await servedHtml(request, CATEGORY_PAGE.path)), 'BreadcrumbList');
  const steps = (breadcrumb?.itemListElement as JsonLd[] | undefined) ?? [];
  expect(steps.map((step) => step.name)).toEqual(['Accueil', 'Boutique', CATEGORY_PAGE.heading]);
  expect(String(steps.at(-1)?.item)).toMatch(new RegExp(`${CATEGORY_PAGE.path}$`));
});

test('each page kind has its own title, description, canonical address and Open Graph title in its HTML', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const heads: { path: string; title: string; description: string | null }[] = [];
  for (const where of [...CATALOGUE_PAGES, LEGAL_PAGE] as PrerenderedPage[]) {
    await page.goto(where.path);
    const title = await page.title();
    expect(title, `<title> of ${where.path}`).toContain('La Petite Boutique');
    if (where !== HOME) expect(title, `<title> of ${where.path}`).toContain(where.heading);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length ?? 0, `description of ${where.path}`).toBeGreaterThan(20);
    expect(description!.length, `description of ${where.path}`).toBeLessThanOrEqual(160);
    await expect(page.locator('meta[name="description"]')).toHaveCount(1);
    const canonical = page.locator('link[rel="canonical"]');
    await expect(canonical).toHaveCount(1);
    expect(await canonical.getAttribute('href')).toMatch(new RegExp(`^https?://[^/]+${where.path === '/' ? '/' : where.path}$`));
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
    heads.push({ path: where.path, title, description });
  }
  await context.close();
  expect(new Set(heads.map((head) => head.title)).size, 'titles, one per page').toBe(heads.length);
  expect(new Set(heads.map((head) => head.description)).size, 'descriptions, one per page').toBe(heads.length);
});

test('sitemap.xml lists every product of the catalogue; robots.txt keeps the private pages out and names the sitemap', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const listed = new Set([...sitemap.matchAll(/<loc>https?:\/\/[^/<]+(\/[^<]*)<\/loc>/g)].map((match) => match[1]));
  expect(DEMO_PRODUCTS.filter((p) => !listed.has(`/produit/${p.slug}`)).map((p) => p.slug)).toEqual([]);
  for (const path of [HOME.path, SHOP.path, CATEGORY_PAGE.path, LEGAL_PAGE.path]) expect(listed.has(path), `${path} in the sitemap`).toBe(true);

  const robots = await (await request.get('/robots.txt')).text();
  const disallowed = [...robots.matchAll(/^Disallow:\s*(\S+)\s*$/gm)].map((match) => match[1]);
  expect(disallowed).toEqual(expect.arrayContaining(['/admin', '/panier', '/commande', '/mes-commandes']));
  expect(robots).toMatch(/^Sitemap:\s*https?:\/\/[^/]+\/sitemap\.xml\s*$/m);
});

test('an unknown address gets the shell, and once its code has run, noindex', async ({ request, page }) => {
  const shell = readFileSync(join('dist', 'shell.html'), 'utf8');
  for (const [path, heading] of [
    ['/produit/nexiste-pas', 'Produit introuvable'],
    ['/nimporte-quoi', 'Page introuvable'],
  ] as const) {
    const html = await servedHtml(request, path);
    expect(html === shell, `${path} is served dist/shell.html`).toBe(true);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  }
});
