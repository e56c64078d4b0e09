// @vitest-environment jsdom
// jsdom for its HTML parser: the page is read as a browser reads it.
// A product whose name, description and category carry markup and script, prerendered as the
// build writes it (render-page, page-head, page-document): the HTML shows the text as typed, the
// JSON-LD and the page's answers cannot close their <script>, and nothing is injected.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { headTags, productHead, categoryHead, shopHead } from '@/app/prerender/page-head';
import { pageDocument, PRERENDERED_STATE_ID } from '@/app/prerender/page-document';
import { createPrerenderContainer } from '@/app/prerender/prerender-container';
import { renderPage } from '@/app/prerender/render-page';
import type { CatalogueProduct, Category } from '@/domain/catalogue/catalogue-product';
import { FAKE_PRODUCTS, FakeCatalogue } from '../../fakes/fake-catalogue';
import { HOSTILE_CATEGORY, HOSTILE_DESCRIPTION, HOSTILE_NAME, injectedElements } from '../../support/hostile-text';

const SITE = 'https://boutique.example';
const SHELL = readFileSync('index.html', 'utf8');
/** Rendering three pages takes well under a second on a quiet machine; a loaded one is far slower. */
const RENDER_MS = 60_000;

const CATEGORY: Category = {
  slug: 'ceramique',
  name: HOSTILE_CATEGORY,
  description: HOSTILE_DESCRIPTION,
  image: '/images/stock/boutique-1.svg',
  vatRate: 2000,
};
const PRODUCT: CatalogueProduct = {
  ...FAKE_PRODUCTS[0]!,
  id: 'bol-hostile',
  slug: 'bol-hostile',
  name: HOSTILE_NAME,
  description: HOSTILE_DESCRIPTION,
  category: CATEGORY.slug,
  images: ['javascript:alert(10)', '/images/stock/boutique-1.svg'],
  tags: ['<i>tag</i>'],
};

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

async function prerendered(path: string, head: string): Promise<Document> {
  const container = createPrerenderContainer(new FakeCatalogue([PRODUCT, ...FAKE_PRODUCTS], [CATEGORY]), SITE);
  const rendered = await renderPage(path, container);
  const html = pageDocument(SHELL, { path, head, ...rendered });
  return parse(html);
}

/** Scripts a browser would run: the shell's own, plus the early-interactions one pageDocument adds. */
const runnable = (document: Document) => [...document.querySelectorAll('script')].filter((s) => !/json/.test(s.type));
const SHELL_RUNNABLE = runnable(parse(SHELL)).length;

const jsonLd = (document: Document) =>
  [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) => JSON.parse(script.textContent) as Record<string, unknown>);

describe('a product with markup and script in its texts, prerendered', () => {
  it(
    'its page shows the name and the description as typed, with nothing injected and no script of its own',
    async () => {
      const document = await prerendered('/produit/bol-hostile', headTags(productHead(PRODUCT, CATEGORY), SITE));
      expect(document.querySelector('h1')?.textContent).toBe(HOSTILE_NAME);
      expect(document.querySelector('main')?.textContent).toContain('</script><script>alert(3)</script>');
      expect(document.title).toContain(HOSTILE_NAME);
      expect(document.querySelector('meta[property="og:title"]')?.getAttribute('content')).toContain(HOSTILE_NAME);
      expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toContain('<script>alert(3)</script>');
      expect(injectedElements(document)).toEqual([]);
      expect(runnable(document)).toHaveLength(SHELL_RUNNABLE + 1);
      // The javascript: picture is not given to crawlers, and React blocks it in the page.
      expect(document.querySelector('img[src="javascript:alert(10)"]')).toBeNull();
      expect(document.querySelector('meta[property="og:image"]')?.getAttribute('content')).toBe(`${SITE}/images/stock/boutique-1.svg`);
    },
    RENDER_MS,
  );

  it(
    'its JSON-LD holds the texts exactly, with no « < » that could close the element',
    async () => {
      const head = headTags(productHead(PRODUCT, CATEGORY), SITE);
      const raw = [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
      expect(raw).toHaveLength(2);
      for (const text of raw) expect(text).not.toMatch(/[<>]|\u2028/);
      expect(raw.join('')).toContain('\\u003c/script\\u003e');
      const document = await prerendered('/produit/bol-hostile', head);
      const [product, breadcrumb] = jsonLd(document);
      expect(product).toMatchObject({ '@type': 'Product', name: HOSTILE_NAME, category: HOSTILE_CATEGORY, image: [`${SITE}/images/stock/boutique-1.svg`] });
      expect(String(product!.description)).toContain('</script><script>alert(3)</script>');
      expect(JSON.stringify(breadcrumb)).toContain(JSON.stringify(HOSTILE_NAME));
    },
    RENDER_MS,
  );

  it(
    'the answers the page was written with are read back as they were, and cannot close their <script>',
    async () => {
      const document = await prerendered('/produit/bol-hostile', headTags(productHead(PRODUCT, CATEGORY), SITE));
      const state = document.getElementById(PRERENDERED_STATE_ID)!;
      expect(state.textContent).not.toContain('<');
      const names = JSON.stringify(JSON.parse(state.textContent));
      expect(names).toContain(JSON.stringify(HOSTILE_NAME));
      expect(names).toContain(JSON.stringify(HOSTILE_DESCRIPTION));
    },
    RENDER_MS,
  );

  it(
    'the category page and the shop list show it on their cards as text',
    async () => {
      for (const [path, head] of [
        ['/categorie/ceramique', categoryHead(CATEGORY)],
        ['/boutique', shopHead()],
      ] as const) {
        const document = await prerendered(path, headTags(head, SITE));
        const card = [...document.querySelectorAll('main a[href="/produit/bol-hostile"]')].find((link) => link.textContent?.includes('Bol'));
        expect(card?.textContent, path).toContain(HOSTILE_NAME);
        expect(injectedElements(document), path).toEqual([]);
        expect(runnable(document), path).toHaveLength(SHELL_RUNNABLE + 1);
      }
    },
    RENDER_MS,
  );
});
