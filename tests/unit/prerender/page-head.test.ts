// @vitest-environment jsdom
// jsdom for its HTML and XML parsers: the output is read as a browser (or a crawler) reads it.
import { COMPANY } from '@/domain/company';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { parseDemoCatalogue } from '@/adapters/demo-catalogue/demo-catalogue';
import type { CatalogueProduct, Category } from '@/domain/catalogue/catalogue-product';
import { LEGAL_ROUTES } from '@/app/route-table';
import { categoryHead, headTags, homeHead, legalHead, productHead, robotsTxt, shopHead, sitemapXml, type PageHead } from '@/app/prerender/page-head';
import { useDocumentTitle } from '@/ui/hooks/use-document-title';
import { readDemoCatalogueFile } from '../../support/demo-catalogue-file';

// The hook's effect, run at once: what the client writes in document.title after hydration.
vi.mock('react', () => ({ useEffect: (effect: () => void) => effect() }));

function titleSetByClient(pageTitle: string | null): string {
  document.title = 'not set';
  useDocumentTitle(pageTitle);
  return document.title;
}

const SITE = 'https://boutique.example';

const TEXTILE: Category = {
  slug: 'textile',
  name: 'Textile',
  description: 'Linge de maison en lin, laine et coton.',
  image: '/images/catalogue/categories/textile.svg',
  vatRate: 2000,
};

function product(overrides: Partial<CatalogueProduct> = {}): CatalogueProduct {
  return {
    id: 'p-042',
    slug: 'plaid-en-laine',
    name: 'Plaid en laine',
    description: 'Un plaid doux.',
    price: 24.9,
    images: ['/images/catalogue/produits/plaid-1.svg', '/images/catalogue/produits/plaid-2.svg'],
    category: 'textile',
    inStock: true,
    stock: 12,
    tags: [],
    createdAt: '2025-03-09T17:15:00.000Z',
    vatRate: 2000,
    ...overrides,
  };
}

/** The tags as a browser's HTML parser builds them, in a page's <head>. */
function parseHead(html: string): HTMLHeadElement {
  return new DOMParser().parseFromString(`<!doctype html><html><head>${html}</head><body></body></html>`, 'text/html').head;
}

const attr = (head: HTMLHeadElement, selector: string, name = 'content') => head.querySelector(selector)?.getAttribute(name);
const jsonLdOf = (head: HTMLHeadElement): unknown[] =>
  [...head.querySelectorAll('script[type="application/ld+json"]')].map((script) => JSON.parse(script.textContent) as unknown);

function jsonLdOfType(page: PageHead, type: string): Record<string, unknown> {
  const found = jsonLdOf(parseHead(headTags(page, SITE))).find((item) => (item as { '@type': string })['@type'] === type);
  if (!found) throw new Error(`no ${type} in the JSON-LD`);
  return found as Record<string, unknown>;
}

const offerOf = (page: PageHead) => jsonLdOfType(page, 'Product').offers as Record<string, unknown>;

function breadcrumbOf(page: PageHead): [string, string][] {
  const list = jsonLdOfType(page, 'BreadcrumbList').itemListElement as { position: number; name: string; item: string }[];
  list.forEach((step, index) => expect(step.position).toBe(index + 1));
  return list.map((step) => [step.name, step.item]);
}

let shipped: { categories: readonly Category[]; products: readonly CatalogueProduct[] };
let everyPage: PageHead[];
beforeAll(async () => {
  shipped = parseDemoCatalogue(await readDemoCatalogueFile(), Date.now());
  everyPage = [
    homeHead(shipped.categories),
    shopHead(),
    ...shipped.categories.map(categoryHead),
    ...shipped.products.map((p) =>
      productHead(
        p,
        shipped.categories.find((c) => c.slug === p.category),
      ),
    ),
    ...LEGAL_ROUTES.map(legalHead),
  ];
});

describe('the title of a prerendered page is the one the client sets after hydration (useDocumentTitle)', () => {
  it('home: the shop name alone, as HomePage passes null', () => {
    expect(homeHead([]).title).toBe(titleSetByClient(null));
    expect(homeHead([]).title).toBe('La Petite Boutique');
  });

  it('/boutique: « Boutique », as ShopPage passes without a slug', () => {
    expect(shopHead().title).toBe(titleSetByClient('Boutique'));
    expect(shopHead().title).toBe('Boutique · La Petite Boutique');
  });

  it('a category: its name, as ShopPage passes with a slug', () => {
    expect(categoryHead(TEXTILE).title).toBe(titleSetByClient('Textile'));
  });

  it('a product: its name, as ProductPage passes', () => {
    expect(productHead(product(), TEXTILE).title).toBe(titleSetByClient('Plaid en laine'));
  });

  it('each legal page: its title from LEGAL_ROUTES, as LegalPage passes', () => {
    for (const route of LEGAL_ROUTES) expect(legalHead(route).title).toBe(titleSetByClient(route.title));
  });

  it('<title> and og:title carry it, whatever characters it holds', () => {
    const page = productHead(product({ name: 'Bol <b>« grès » & émail</b>' }), TEXTILE);
    const head = parseHead(headTags(page, SITE));
    expect(head.querySelector('title')?.textContent).toBe('Bol <b>« grès » & émail</b> · La Petite Boutique');
    expect(attr(head, 'meta[property="og:title"]')).toBe(page.title);
  });
});

describe('descriptions: French, useful, at most 160 characters', () => {
  it('home: the description of index.html, the same before and after the app starts', () => {
    const html = readFileSync('index.html', 'utf8');
    // index.html names it; the build writes company.ts's sentence there (vite.config.ts).
    expect(/<meta name="description" content="([^"]*)"/.exec(html)?.[1]).toBe('%SHOP_DESCRIPTION%');
    expect(homeHead([]).description).toBe(COMPANY.description);
  });

  it('every page of the shipped catalogue has one, of 160 characters at most, with French typography', () => {
    for (const page of everyPage) {
      expect(page.description.length, page.path).toBeGreaterThan(40);
      expect(page.description.length, page.path).toBeLessThanOrEqual(160);
      expect(page.description, page.path).not.toMatch(/ [:;!?»]|« |[^\u00a0\u202f][:;!?](\s|$)|«[^\u202f]|[^\u202f]»|'/);
    }
  });

  it('a category: its own description', () => {
    expect(categoryHead(TEXTILE).description).toBe('Linge de maison en lin, laine et coton.');
  });

  it('a category without a description: a sentence naming it', () => {
    expect(categoryHead({ ...TEXTILE, description: ' ' }).description).toBe(
      'Les produits de la catégorie «\u202fTextile\u202f» de La Petite Boutique, choisis avec soin et expédiés depuis la France.',
    );
  });

  it('a product: its description when short enough, spaces gathered', () => {
    expect(productHead(product({ description: '  Un plaid\n\ndoux.  ' }), TEXTILE).description).toBe('Un plaid doux.');
  });

  it('a long product description: the whole sentences that fit in 160 characters', () => {
    const first = 'Une théière en fonte émaillée à l’intérieur, qui garde le thé chaud longtemps après l’infusion.';
    const second = 'Son filtre en inox amovible retient les feuilles les plus fines.';
    const description = `${first} ${second} Contenance\u00a0: 0,8\u00a0l, soit quatre tasses.`;
    expect(productHead(product({ description }), TEXTILE).description).toBe(`${first} ${second}`);
  });

  it('a first sentence longer than 160 characters: cut after a whole word, closed by « … »', () => {
    const words = Array.from({ length: 40 }, (_, i) => `mot${i}`);
    const description = productHead(product({ description: `${words.join(' ')}.` }), TEXTILE).description;
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/^mot0 mot1 .* mot\d+…$/);
    const kept = description.slice(0, -1).split(' ');
    expect(kept).toEqual(words.slice(0, kept.length));
    // The most that fits: one more word would not.
    expect(`${kept.join(' ')} ${words[kept.length]}…`.length).toBeGreaterThan(160);
  });

  it('never cut at a no-break space: « 12 cm » stays whole or goes whole', () => {
    const filler = 'mot '.repeat(38);
    const description = `${filler}de 12\u00a0cm de long, et bien plus encore`;
    expect(`${filler}de 12\u00a0c`).toHaveLength(159); // the room left beside « … »
    expect(productHead(product({ description }), TEXTILE).description).toBe(`${filler}de…`);
  });

  it('a cut never ends on a dangling « : » or « , »', () => {
    const filler = 'mot '.repeat(36);
    expect(`${filler}ab incididunt\u00a0:`).toHaveLength(159);
    const colon = `${filler}ab incididunt\u00a0: labore et dolore`;
    expect(productHead(product({ description: colon }), TEXTILE).description).toBe(`${filler}ab incididunt…`);
    const comma = `${filler}ab incididunt, labore et dolore`;
    expect(productHead(product({ description: comma }), TEXTILE).description).toBe(`${filler}ab incididunt…`);
  });

  it('typed with plain spaces and quotes: a no-break space before « : ; ! ? », narrow ones inside « », an apostrophe ’', () => {
    const typed = "Vraiment ? Oui ! Trois coloris ; au choix : « sable », «nuit». L'été.";
    expect(productHead(product({ description: typed }), TEXTILE).description).toBe(
      'Vraiment\u00a0? Oui\u00a0! Trois coloris\u00a0; au choix\u00a0: «\u202fsable\u202f», «\u202fnuit\u202f». L’été.',
    );
  });

  it('a product without a description: a sentence naming it and its category', () => {
    expect(productHead(product({ description: '' }), TEXTILE).description).toBe(
      'Plaid en laine, à découvrir dans la catégorie «\u202fTextile\u202f» de La Petite Boutique.',
    );
    expect(productHead(product({ description: '' }), undefined).description).toBe('Plaid en laine, à découvrir chez La Petite Boutique.');
  });

  it('each legal page has its own, not a generic one', () => {
    const descriptions = LEGAL_ROUTES.map((route) => legalHead(route).description);
    expect(new Set(descriptions).size).toBe(LEGAL_ROUTES.length);
    for (const description of descriptions) expect(description).not.toMatch(/ de La Petite Boutique\.$/); // the fallback's form
  });
});

describe('canonical, Open Graph and Twitter tags', () => {
  it('the canonical URL and og:url are absolute: siteUrl and the page path', () => {
    const head = parseHead(headTags(productHead(product(), TEXTILE), SITE));
    expect(attr(head, 'link[rel="canonical"]', 'href')).toBe('https://boutique.example/produit/plaid-en-laine');
    expect(attr(head, 'meta[property="og:url"]')).toBe('https://boutique.example/produit/plaid-en-laine');
    expect(attr(parseHead(headTags(homeHead([]), SITE)), 'link[rel="canonical"]', 'href')).toBe('https://boutique.example/');
  });

  it('paths: /, /boutique, /categorie/:slug, /produit/:slug, /<legal path>; a slug encoded', () => {
    expect(homeHead([]).path).toBe('/');
    expect(shopHead().path).toBe('/boutique');
    expect(categoryHead(TEXTILE).path).toBe('/categorie/textile');
    expect(productHead(product({ slug: 'thé vert/jasmin' }), TEXTILE).path).toBe('/produit/th%C3%A9%20vert%2Fjasmin');
    expect(LEGAL_ROUTES.map((route) => legalHead(route).path)).toEqual(LEGAL_ROUTES.map((route) => `/${route.path}`));
    expect(legalHead({ path: '/mentions-legales', title: 'Mentions légales' }).path).toBe('/mentions-legales');
  });

  it('og:type product for a product, website elsewhere; fr_FR; the shop as og:site_name', () => {
    const head = parseHead(headTags(productHead(product(), TEXTILE), SITE));
    expect(attr(head, 'meta[property="og:type"]')).toBe('product');
    expect(attr(head, 'meta[property="og:locale"]')).toBe('fr_FR');
    expect(attr(head, 'meta[property="og:site_name"]')).toBe('La Petite Boutique');
    expect(attr(head, 'meta[property="og:description"]')).toBe('Un plaid doux.');
    expect(attr(head, 'meta[name="description"]')).toBe('Un plaid doux.');
    for (const page of [homeHead([]), shopHead(), categoryHead(TEXTILE), legalHead(LEGAL_ROUTES[0])]) {
      expect(attr(parseHead(headTags(page, SITE)), 'meta[property="og:type"]')).toBe('website');
    }
  });

  it('og:image is absolute, with its alt, and the card is summary_large_image', () => {
    const head = parseHead(headTags(productHead(product(), TEXTILE), SITE));
    expect(attr(head, 'meta[property="og:image"]')).toBe('https://boutique.example/images/catalogue/produits/plaid-1.svg');
    expect(attr(head, 'meta[property="og:image:alt"]')).toBe('Plaid en laine');
    expect(attr(head, 'meta[name="twitter:card"]')).toBe('summary_large_image');
  });

  it('an image already absolute (a storage URL) is kept as it is', () => {
    const url = 'https://cdn.example/storage/v1/object/public/catalogue/plaid.webp';
    const head = parseHead(headTags(productHead(product({ images: [url] }), TEXTILE), SITE));
    expect(attr(head, 'meta[property="og:image"]')).toBe(url);
    expect(jsonLdOfType(productHead(product({ images: [url] }), TEXTILE), 'Product').image).toEqual([url]);
  });

  it('no image: no og:image, and a summary card', () => {
    const head = parseHead(headTags(legalHead(LEGAL_ROUTES[0]), SITE));
    expect(head.querySelector('meta[property="og:image"]')).toBeNull();
    expect(head.querySelector('meta[property="og:image:alt"]')).toBeNull();
    expect(attr(head, 'meta[name="twitter:card"]')).toBe('summary');
  });

  it('a product whose pictures a crawler cannot fetch (local-picture:) shows the default picture', () => {
    const page = productHead(product({ images: ['local-picture:abc'] }), TEXTILE);
    expect(page.image?.url).toBe('/images/stock/produit-par-defaut.svg');
    expect(jsonLdOfType(page, 'Product').image).toEqual(['https://boutique.example/images/stock/produit-par-defaut.svg']);
  });

  it('a siteUrl given with a trailing slash gives no double slash', () => {
    const head = parseHead(headTags(shopHead(), `${SITE}/`));
    expect(attr(head, 'link[rel="canonical"]', 'href')).toBe('https://boutique.example/boutique');
  });
});

describe('HTML escaping: a catalogue text cannot break out of its tag', () => {
  const hostile = 'Bol </script><script>alert(1)</script> <!-- "grès" & \'émail\' --> <title>x</title>';
  const page = productHead(product({ name: hostile, description: hostile }), { ...TEXTILE, name: `${hostile} cat` });
  const html = headTags(page, SITE);
  const head = parseHead(html);

  it('the page holds exactly the tags meant, nothing injected', () => {
    const meta = (count: number) => Array<string>(count).fill('meta');
    // title, description, canonical, six og:, og:image and its alt, twitter:card, Product and BreadcrumbList.
    expect([...head.children].map((element) => element.tagName.toLowerCase())).toEqual([
      'title',
      'meta',
      'link',
      ...meta(6),
      ...meta(2),
      'meta',
      'script',
      'script',
    ]);
    expect(head.querySelectorAll('script')).toHaveLength(2);
    expect(html).not.toContain('<!--');
    expect(html.match(/<\/script>/g)).toHaveLength(2);
  });

  it('the ld+json scripts parse back to the very texts (JSON.parse of their content)', () => {
    const [productLd, breadcrumb] = jsonLdOf(head) as [Record<string, unknown>, { itemListElement: { name: string }[] }];
    expect(productLd.name).toBe(hostile);
    expect(productLd.description).toBe(hostile);
    expect(productLd.category).toBe(`${hostile} cat`);
    expect(breadcrumb.itemListElement.map((step) => step.name)).toEqual(['Accueil', 'Boutique', `${hostile} cat`, hostile]);
  });

  it('in the JSON, < is written \\u003c', () => {
    const scripts = html.split('<script type="application/ld+json">').slice(1);
    for (const script of scripts) expect(script.slice(0, script.indexOf('</script>'))).not.toMatch(/[<>]/);
    expect(html).toContain('\\u003c/script\\u003e');
  });

  it('attributes and text read back exactly', () => {
    expect(head.querySelector('title')?.textContent).toBe(`${hostile} · La Petite Boutique`);
    expect(attr(head, 'meta[property="og:image:alt"]')).toBe(hostile);
    expect(attr(head, 'meta[name="description"]')?.length).toBeLessThanOrEqual(160);
    expect(attr(head, 'meta[property="og:title"]')).toBe(`${hostile} · La Petite Boutique`);
  });
});

describe('JSON-LD (schema.org)', () => {
  it('a product: name, description, sku, category, absolute images; an Offer with price « xx.xx », EUR, InStock, its URL', () => {
    const ld = jsonLdOfType(productHead(product(), TEXTILE), 'Product');
    expect(ld).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Plaid en laine',
      description: 'Un plaid doux.',
      image: ['https://boutique.example/images/catalogue/produits/plaid-1.svg', 'https://boutique.example/images/catalogue/produits/plaid-2.svg'],
      sku: 'p-042',
      category: 'Textile',
      offers: {
        '@type': 'Offer',
        price: '24.90',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
        url: 'https://boutique.example/produit/plaid-en-laine',
      },
    });
  });

  it('the price is a string with two decimals, rounded to the cent', () => {
    const price = (value: number) => offerOf(productHead(product({ price: value }), TEXTILE)).price;
    expect(price(39)).toBe('39.00');
    expect(price(12.5)).toBe('12.50');
    expect(price(0.1 + 0.2)).toBe('0.30');
    expect(price(1234.567)).toBe('1234.57');
  });

  it('a product flagged out of stock is OutOfStock', () => {
    expect(offerOf(productHead(product({ inStock: false, stock: 0 }), TEXTILE)).availability).toBe('https://schema.org/OutOfStock');
  });

  it('a product with no unit left is OutOfStock, as its page says « Rupture de stock »', () => {
    expect(offerOf(productHead(product({ inStock: true, stock: 0 }), TEXTILE)).availability).toBe('https://schema.org/OutOfStock');
  });

  it('a product: its breadcrumb Accueil → Boutique → category → product, absolute URLs', () => {
    expect(breadcrumbOf(productHead(product(), TEXTILE))).toEqual([
      ['Accueil', 'https://boutique.example/'],
      ['Boutique', 'https://boutique.example/boutique'],
      ['Textile', 'https://boutique.example/categorie/textile'],
      ['Plaid en laine', 'https://boutique.example/produit/plaid-en-laine'],
    ]);
  });

  it('a product whose category is unknown: no category, and a breadcrumb without it', () => {
    const page = productHead(product(), undefined);
    expect(jsonLdOfType(page, 'Product')).not.toHaveProperty('category');
    expect(breadcrumbOf(page).map(([name]) => name)).toEqual(['Accueil', 'Boutique', 'Plaid en laine']);
  });

  it('a category: its breadcrumb Accueil → Boutique → category', () => {
    expect(breadcrumbOf(categoryHead(TEXTILE))).toEqual([
      ['Accueil', 'https://boutique.example/'],
      ['Boutique', 'https://boutique.example/boutique'],
      ['Textile', 'https://boutique.example/categorie/textile'],
    ]);
  });

  it('/boutique: its breadcrumb Accueil → Boutique', () => {
    expect(breadcrumbOf(shopHead())).toEqual([
      ['Accueil', 'https://boutique.example/'],
      ['Boutique', 'https://boutique.example/boutique'],
    ]);
  });

  it('home: the Organization with its logo, the WebSite, and the list of categories', () => {
    const home = homeHead([TEXTILE]);
    expect(jsonLdOfType(home, 'Organization')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'La Petite Boutique',
      url: 'https://boutique.example/',
      logo: 'https://boutique.example/icons/icon-512.png',
    });
    expect(jsonLdOfType(home, 'WebSite')).toMatchObject({ '@type': 'WebSite', name: 'La Petite Boutique', url: 'https://boutique.example/' });
    expect(jsonLdOfType(home, 'ItemList').itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Textile', url: 'https://boutique.example/categorie/textile' },
    ]);
  });

  it('the logo the Organization names is a file the shop serves', () => {
    expect(readFileSync('public/icons/icon-512.png').subarray(1, 4).toString()).toBe('PNG');
  });

  it('every page of the shipped catalogue gives JSON that parses back, each object with @context and @type', () => {
    for (const page of everyPage) {
      const parsed = jsonLdOf(parseHead(headTags(page, SITE)));
      expect(parsed).toHaveLength(page.jsonLd.length);
      for (const item of parsed) expect(item).toMatchObject({ '@context': 'https://schema.org', '@type': expect.any(String) as string });
    }
  });
});

describe('sitemap.xml', () => {
  const parseXml = (xml: string) => new DOMParser().parseFromString(xml, 'application/xml');

  it('a sitemaps.org urlset of absolute URLs, well-formed XML', () => {
    const xml = sitemapXml(SITE, [{ path: '/' }, { path: '/boutique' }]);
    const doc = parseXml(xml);
    expect(doc.querySelector('parsererror')).toBeNull();
    expect(doc.documentElement.localName).toBe('urlset');
    expect(doc.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect([...doc.getElementsByTagName('loc')].map((loc) => loc.textContent)).toEqual(['https://boutique.example/', 'https://boutique.example/boutique']);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });

  it('escapes & (and < > " \') in a URL', () => {
    const xml = sitemapXml(SITE, [{ path: '/boutique?promo=1&tri=remises' }]);
    expect(xml).toContain('<loc>https://boutique.example/boutique?promo=1&amp;tri=remises</loc>');
    const doc = parseXml(xml);
    expect(doc.querySelector('parsererror')).toBeNull();
    expect(doc.getElementsByTagName('loc')[0]?.textContent).toBe('https://boutique.example/boutique?promo=1&tri=remises');
  });

  it('a path with characters a URL cannot hold is percent-encoded', () => {
    const xml = sitemapXml(SITE, [{ path: '/categorie/épicerie fine' }]);
    expect(xml).toContain('<loc>https://boutique.example/categorie/%C3%A9picerie%20fine</loc>');
  });

  it('<lastmod> is the date (YYYY-MM-DD) when given, absent otherwise', () => {
    const doc = parseXml(sitemapXml(SITE, [{ path: '/produit/a', lastModified: '2025-08-20T18:45:00.000Z' }, { path: '/produit/b' }]));
    const urls = [...doc.getElementsByTagName('url')];
    expect(urls[0]?.getElementsByTagName('lastmod')[0]?.textContent).toBe('2025-08-20');
    expect(urls[1]?.getElementsByTagName('lastmod')).toHaveLength(0);
  });

  it('a lastModified that is not a date fails loudly rather than writing a wrong one', () => {
    expect(() => sitemapXml(SITE, [{ path: '/', lastModified: 'hier' }])).toThrow(RangeError);
  });

  it('every prerendered page, its path as its head names it', () => {
    const xml = sitemapXml(
      SITE,
      everyPage.map((page) => ({ path: page.path })),
    );
    expect(parseXml(xml).getElementsByTagName('url')).toHaveLength(2 + shipped.categories.length + shipped.products.length + LEGAL_ROUTES.length);
  });
});

describe('robots.txt', () => {
  const robots = robotsTxt(SITE);
  const lines = robots.split('\n');

  it('lets every crawler in', () => {
    expect(lines.slice(0, 2)).toEqual(['User-agent: *', 'Allow: /']);
  });

  it.each(['/admin', '/panier', '/commande', '/mes-commandes', '/favoris', '/notifications', '/newsletter/desinscription'])('disallows %s', (path) => {
    expect(lines).toContain(`Disallow: ${path}`);
  });

  it('disallows no prerendered page', () => {
    const disallowed = lines.filter((line) => line.startsWith('Disallow: ')).map((line) => line.slice('Disallow: '.length));
    for (const page of everyPage)
      expect(
        disallowed.filter((prefix) => page.path.startsWith(prefix)),
        page.path,
      ).toEqual([]);
  });

  it('names the sitemap by its absolute URL', () => {
    expect(lines).toContain('Sitemap: https://boutique.example/sitemap.xml');
    expect(robots.endsWith('\n')).toBe(true);
  });
});
