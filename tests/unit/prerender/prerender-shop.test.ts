import { LEGAL_ROUTES } from '@/app/route-table';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import demo from '@/adapters/demo-catalogue/demo-catalogue.json';
import { prerenderShop } from '@/app/prerender/prerender-shop';

// The build's list of pages, rendered with the app's own components from the demo catalogue
// (the shell here is the source index.html: the same elements the built one has).
const SHELL = readFileSync('index.html', 'utf8');
const HEADER = /<header\b[\s\S]*?<\/header>/;
const headerOf = (html: string) => HEADER.exec(html)?.[0];
const PRODUCTS = demo.products.length;
const CATEGORIES = demo.categories.length;

/** Rendering the 86 pages takes about 2 s on a quiet machine, 13 s on a loaded one. */
const WHOLE_SHOP_MS = 60_000;

/** The whole shop, written once for the tests that read it. */
let wholeShop: ReturnType<typeof prerenderShop> | undefined;
const writeWholeShop = () => (wholeShop ??= prerenderShop(SHELL));

const fileNamed = (files: readonly { file: string; content: string }[], name: string) => files.find((f) => f.file === name);

describe('prerenderShop', () => {
  it(
    'writes /, /boutique, every category, every product and the legal pages (with « Accessibilité »), with the sitemap listing each and the shell kept apart',
    async () => {
      const { files, said } = await writeWholeShop();
      const pages = files.filter((f) => f.file.endsWith('.html') && f.file !== 'shell.html');
      expect(pages).toHaveLength(2 + CATEGORIES + PRODUCTS + LEGAL_ROUTES.length);
      // The shell is index.html with the app's header written into its slot, nothing else changed.
      const shell = fileNamed(files, 'shell.html')!.content;
      expect(shell.replace(HEADER, '<!-- site-header -->')).toBe(SHELL);
      const product = demo.products[0]!;
      const page = fileNamed(files, `produit/${product.slug}.html`)!.content;
      expect(page).toContain(`<h1`);
      expect(page).toContain(product.name);
      expect(page).toContain('data-path="/produit/');
      const sitemap = fileNamed(files, 'sitemap.xml')!.content;
      expect(sitemap.match(/<loc>/g)).toHaveLength(pages.length);
      expect(said).toEqual([{ warning: false, text: `Prerendered from the demo catalogue: ${pages.length} pages, ${PRODUCTS} of ${PRODUCTS} product pages.` }]);
    },
    WHOLE_SHOP_MS,
  );

  it(
    'the shell’s header is src/ui/shell/header.tsx as a prerendered page shows it (said once: index.html keeps only its slot)',
    async () => {
      expect(headerOf(SHELL), 'index.html holds no header of its own').toBeUndefined();
      const { files } = await writeWholeShop();
      const shellHeader = headerOf(fileNamed(files, 'shell.html')!.content);
      // A page none of the header's links points to: no link marked as the current one.
      const legal = fileNamed(files, `${LEGAL_ROUTES[0]!.path}.html`)!.content;
      expect(shellHeader).toBeDefined();
      expect(shellHeader).toBe(headerOf(legal));
      // No count before the browser's state is read (never « 0 »), and the skip link to the shell's <main>.
      expect(shellHeader).toContain('<span class="badge" data-testid="cart-count"></span>');
      expect(shellHeader).toContain('<a class="skip-link" href="#contenu">');
      expect(fileNamed(files, 'shell.html')!.content).toContain('<main id="contenu"');
    },
    WHOLE_SHOP_MS,
  );

  it(
    'stops writing product pages at its time budget: those left keep the shell, and the build says how many',
    async () => {
      // A clock that moves 30 s each time it is read: the budget (90 s) runs out after a few pages.
      let time = 0;
      const { files, said } = await prerenderShop(SHELL, () => (time += 30_000));
      const products = files.filter((f) => f.file.startsWith('produit/'));
      expect(products.length).toBeGreaterThan(0);
      expect(products.length).toBeLessThan(PRODUCTS);
      expect(said).toContainEqual({
        warning: true,
        text: `${PRODUCTS - products.length} product pages left to the shell: writing them would take longer than 90 s.`,
      });
      // Every other page is still written.
      expect(fileNamed(files, 'boutique.html')).toBeDefined();
    },
    WHOLE_SHOP_MS,
  );
});
