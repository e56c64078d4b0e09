// Which pages are written ahead of time, from which catalogue, and what each file holds. Run
// by the build (scripts/vite/prerender.ts) once the shell is built; it hands back the files and
// the build writes them. Every other address (cart, favorites, checkout, back office, an
// unknown page) keeps the shell.
import { ConsoleLogger } from '@/adapters/browser/console-logger';
import { DemoCatalogue } from '@/adapters/demo-catalogue/demo-catalogue';
import demoCatalogue from '@/adapters/demo-catalogue/demo-catalogue.json';
import type { Category, CatalogueProduct } from '@/domain/catalogue/catalogue-product';
import type { Result } from '@/domain/result';
import type { Catalogue } from '@/ports/catalogue';
import { config } from '../config';
import { LEGAL_ROUTES } from '../route-table';
import { categoryHead, headTags, homeHead, legalHead, productHead, robotsTxt, shopHead, sitemapXml, type PageHead } from './page-head';
import { pageDocument } from './page-document';
import { createPrerenderContainer } from './prerender-container';
import { renderPage } from './render-page';
import { paths } from '@/domain/site-paths';
import { renderShellHeader, withShellHeader } from './shell-header';

/** Where a canonical address points when VITE_SITE_URL is not set: the address `npm start` serves. */
const LOCAL_SITE_URL = 'http://localhost:4173';
/** How long the product pages may take to list and write; those left keep the shell (a catalogue of many thousands). */
const PRODUCT_PAGES_BUDGET_MS = 90_000;
/** Products read per request while listing the catalogue. */
const LISTING_PAGE_SIZE = 100;
/** How long the database has to answer the first question before the build goes on without it. */
const REACHABLE_WITHIN_MS = 10_000;

interface PrerenderedFile {
  /** From the build's folder, e.g. produit/bol-gres.html. */
  readonly file: string;
  readonly content: string;
}

export interface PrerenderReport {
  readonly files: readonly PrerenderedFile[];
  /** What the build should print: where the catalogue came from, what was left out (a warning when a page could not be written). */
  readonly said: readonly { readonly warning: boolean; readonly text: string }[];
}

interface Source {
  readonly catalogue: Catalogue;
  readonly name: string;
}

async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms / 1000} s`)), ms)));
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

function valueOf<T>(result: Result<T>, what: string): T {
  if (!result.ok) throw new Error(`${what}: ${result.error.code} ${result.error.message}`);
  return result.value;
}

/** The catalogue the build reads: the database on a Supabase build, else the demo catalogue shipped with the shop. */
async function sourceOf(): Promise<Source> {
  const logger = new ConsoleLogger();
  if (import.meta.env.VITE_BACKEND === 'supabase' && config.supabase) {
    const { createSupabaseCatalogue } = await import('../supabase-backend');
    return { catalogue: createSupabaseCatalogue(config.supabase, logger), name: `the database at ${config.supabase.url}` };
  }
  return { catalogue: new DemoCatalogue(logger, () => Promise.resolve(demoCatalogue)), name: 'the demo catalogue' };
}

/** The catalogue's products, newest first, as many as can be read before `deadline`; and how many there are. */
async function productsUntil(catalogue: Catalogue, deadline: number, now: () => number): Promise<{ products: CatalogueProduct[]; total: number }> {
  const products: CatalogueProduct[] = [];
  for (let page = 1; ; page++) {
    const answer = valueOf(await catalogue.list({ sort: 'nouveautes', page, pageSize: LISTING_PAGE_SIZE }), 'listing the products');
    products.push(...answer.items);
    if (answer.page >= answer.pageCount || now() > deadline) return { products, total: answer.total };
  }
}

/** The file a page is served from: /boutique → boutique.html (a static server's "clean URL"), / → index.html. */
function fileOf(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`;
}

const latest = (products: readonly CatalogueProduct[]) =>
  products.reduce<string | undefined>((last, p) => (!last || p.createdAt > last ? p.createdAt : last), undefined);

/**
 * Every page worth finding: `/`, `/boutique`, each category, each product (as many as
 * PRODUCT_PAGES_BUDGET_MS allows) and the legal pages, rendered into `built` (the built
 * index.html), with sitemap.xml and robots.txt. `shell.html` is the shell, for every other
 * address: `built` with the app's header written into it (./shell-header.tsx). A Supabase build
 * whose database cannot be reached writes no page, index.html is the shell too, and it says so.
 */
export async function prerenderShop(built: string, now: () => number = Date.now): Promise<PrerenderReport> {
  const siteUrl = config.siteUrl ?? LOCAL_SITE_URL;
  const said: { warning: boolean; text: string }[] = [];
  const source = await sourceOf();
  const container = createPrerenderContainer(source.catalogue, siteUrl);
  const shell = withShellHeader(built, renderShellHeader(container));
  const files: PrerenderedFile[] = [{ file: 'shell.html', content: shell }];
  let categories: readonly Category[];
  let products: CatalogueProduct[];
  let total: number;
  // The product pages, listing included, are written until this moment; the others keep the shell.
  const deadline = now() + PRODUCT_PAGES_BUDGET_MS;
  try {
    categories = valueOf(await within(source.catalogue.categories(), REACHABLE_WITHIN_MS, 'reading the categories'), 'reading the categories');
    ({ products, total } = await productsUntil(source.catalogue, deadline, now));
  } catch (error) {
    said.push({
      warning: true,
      text: `No page prerendered: ${source.name} could not be read (${error instanceof Error ? error.message : String(error)}); every address keeps the shell.`,
    });
    return { files: [...files, { file: 'index.html', content: shell }, { file: 'robots.txt', content: robotsTxt(siteUrl) }], said };
  }
  const sitemap: { path: string; lastModified?: string }[] = [];
  const write = async (path: string, head: PageHead, lastModified?: string) => {
    const rendered = await renderPage(path, container);
    files.push({ file: fileOf(path), content: pageDocument(shell, { path, head: headTags(head, siteUrl), ...rendered }) });
    sitemap.push({ path, ...(lastModified ? { lastModified } : {}) });
  };
  const newest = latest(products);
  await write(paths.home, homeHead(categories), newest);
  await write(paths.shop, shopHead(), newest);
  for (const category of categories) {
    await write(paths.category(category.slug), categoryHead(category), latest(products.filter((p) => p.category === category.slug)));
  }
  for (const page of LEGAL_ROUTES) await write(`/${page.path}`, legalHead(page));
  let written = 0;
  for (const product of products) {
    if (now() > deadline) break;
    await write(
      paths.product(product.slug),
      productHead(
        product,
        categories.find((c) => c.slug === product.category),
      ),
      product.createdAt,
    );
    written++;
  }
  said.push({ warning: false, text: `Prerendered from ${source.name}: ${sitemap.length} pages, ${written} of ${total} product pages.` });
  if (written < total) {
    said.push({
      warning: true,
      text: `${total - written} product pages left to the shell: writing them would take longer than ${PRODUCT_PAGES_BUDGET_MS / 1000} s.`,
    });
  }
  files.push({ file: 'sitemap.xml', content: sitemapXml(siteUrl, sitemap) }, { file: 'robots.txt', content: robotsTxt(siteUrl) });
  return { files, said };
}
