// What each prerendered page adds to its <head> (issue 22), and the sitemap and robots.txt that
// go with them. Pure functions over catalogue data: no DOM, no Node, no React, so the build
// runs them anywhere and the tests read their output as a browser would.
//
// The builders know paths only; `headTags(head, siteUrl)` is the one place that knows the site's
// address, and makes every URL absolute there (canonical, og:url, og:image and the JSON-LD's).

import { DELIVERY_OFFER } from '@/domain/order/delivery-offer';
import { DELIVERY_METHOD_LABELS } from '@/domain/order/order-constants';
import type { CatalogueProduct, Category } from '@/domain/catalogue/catalogue-product';
import { COMPANY, WITHDRAWAL_PERIOD_DAYS } from '@/domain/company';
import { DEFAULT_PRODUCT_IMAGE } from '@/domain/constants';
import { picturesOf } from '@/domain/product';
import { formatCents } from '@/domain/price-format';
import { escapeHtml } from '@/domain/mail-document';
import type { LEGAL_ROUTES } from '@/app/route-table';
import { paths } from '@/domain/site-paths';

export interface PageHead {
  /** The whole document title, exactly as useDocumentTitle sets it once the page has hydrated. */
  title: string;
  /** French, at most 160 characters. */
  description: string;
  /** The page's path on the site, encoded, from '/'. */
  path: string;
  /** `url` is a site path ('/images/…') or an absolute http(s) URL. */
  image: { url: string; alt: string } | null;
  type: 'website' | 'product';
  /** schema.org objects; their `url`, `logo`, `image` and `item` values may be site paths, made absolute by headTags. */
  jsonLd: readonly object[];
}

const SHOP_NAME = COMPANY.tradeName;
/** index.html's own description: the home page's, before and after the app starts. */
const SHOP_DESCRIPTION = COMPANY.description;
const LOGO = { url: '/icons/icon-512.png', alt: SHOP_NAME } as const;
/** Longer, a search engine cuts it itself, anywhere. */
const MAX_DESCRIPTION = 160;

const HOME = { name: 'Accueil', path: paths.home } as const;
const SHOP = { name: 'Boutique', path: paths.shop } as const;

/** The title useDocumentTitle sets for the title a page passes it (null: the home page). */
const documentTitle = (title: string | null) => (title ? `${title} · ${SHOP_NAME}` : SHOP_NAME);

type LegalPath = (typeof LEGAL_ROUTES)[number]['path'];
const LEGAL_DESCRIPTIONS: Record<LegalPath, string> = {
  'mentions-legales': `Mentions légales de ${SHOP_NAME}\u00a0: éditeur du site, hébergeur, propriété intellectuelle, données personnelles et comment nous contacter.`,
  'conditions-generales-de-vente': `Conditions générales de vente de ${SHOP_NAME}\u00a0: prix, commande et paiement, livraison, droit de rétractation, garanties et médiation.`,
  'politique-de-confidentialite': `Politique de confidentialité de ${SHOP_NAME}\u00a0: ce que la boutique garde dans votre navigateur, l’usage de votre adresse pour la newsletter, vos droits.`,
  accessibilite: `Accessibilité de ${SHOP_NAME}\u00a0: ce que la boutique respecte (WCAG\u00a02.1 AA, vérifié par des tests), ce qui manque encore, et comment signaler un problème.`,
  // From the settings checkout uses, as the page itself is.
  'livraison-et-retours': `${DELIVERY_OFFER.methods.map((method) => DELIVERY_METHOD_LABELS[method]).join(', ')}\u00a0: ${DELIVERY_OFFER.zones.map((zone) => zone.name).join(', ')}\u00a0; livraison offerte dès ${formatCents(DELIVERY_OFFER.freeFromCents)}. Retours sous ${WITHDRAWAL_PERIOD_DAYS}\u00a0jours.`,
};

export function homeHead(categories: readonly Category[]): PageHead {
  const jsonLd: object[] = [
    { '@context': 'https://schema.org', '@type': 'Organization', name: SHOP_NAME, url: HOME.path, logo: LOGO.url },
    { '@context': 'https://schema.org', '@type': 'WebSite', name: SHOP_NAME, url: HOME.path, inLanguage: 'fr-FR' },
  ];
  if (categories.length > 0) {
    jsonLd.push({
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: 'Nos catégories',
      itemListElement: categories.map((category, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: category.name,
        url: paths.category(category.slug),
      })),
    });
  }
  return { title: documentTitle(null), description: SHOP_DESCRIPTION, path: HOME.path, image: LOGO, type: 'website', jsonLd };
}

export function shopHead(): PageHead {
  return {
    title: documentTitle(SHOP.name),
    description: `Tous les objets de ${SHOP_NAME}\u00a0: céramique, textile, papeterie et épicerie fine pour la maison, à trier par prix, nouveauté ou promotion.`,
    path: SHOP.path,
    image: LOGO,
    type: 'website',
    jsonLd: [breadcrumb([HOME, SHOP])],
  };
}

export function categoryHead(category: Category): PageHead {
  const path = paths.category(category.slug);
  const own = frenchText(category.description);
  return {
    title: documentTitle(category.name),
    description: shortened(
      own || `Les produits de la catégorie «\u202f${category.name}\u202f» de ${SHOP_NAME}, choisis avec soin et expédiés depuis la France.`,
    ),
    path,
    image: isWebAddress(category.image) ? { url: category.image, alt: category.name } : null,
    type: 'website',
    jsonLd: [breadcrumb([HOME, SHOP, { name: category.name, path }])],
  };
}

export function productHead(product: CatalogueProduct, category: Category | undefined): PageHead {
  const path = paths.product(product.slug);
  const text = frenchText(product.description);
  const fallback = category
    ? `${product.name}, à découvrir dans la catégorie «\u202f${category.name}\u202f» de ${SHOP_NAME}.`
    : `${product.name}, à découvrir chez ${SHOP_NAME}.`;
  const description = shortened(text || fallback);
  // What a crawler can fetch: `local-picture:` addresses (the owner's pictures, kept in one browser) are not.
  const [first = DEFAULT_PRODUCT_IMAGE, ...others] = picturesOf(product).filter(isWebAddress);
  const images = [first, ...others];
  // As the product page says « Rupture de stock »: flagged out of stock, or no unit left.
  const available = product.inStock && product.stock > 0;
  const steps = [HOME, SHOP, ...(category ? [{ name: category.name, path: paths.category(category.slug) }] : []), { name: product.name, path }];
  return {
    title: documentTitle(product.name),
    description,
    path,
    image: { url: first, alt: product.name },
    type: 'product',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.name,
        description: text || description,
        image: images,
        sku: product.id,
        ...(category && { category: category.name }),
        offers: {
          '@type': 'Offer',
          price: (Math.round(product.price * 100) / 100).toFixed(2),
          priceCurrency: 'EUR',
          availability: available ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
          itemCondition: 'https://schema.org/NewCondition',
          url: path,
        },
      },
      breadcrumb(steps),
    ],
  };
}

/** One of LEGAL_ROUTES (its path with or without the leading '/'). */
export function legalHead(page: { path: string; title: string }): PageHead {
  const bare = page.path.replace(/^\/+/, '');
  const known = Object.hasOwn(LEGAL_DESCRIPTIONS, bare) ? LEGAL_DESCRIPTIONS[bare as LegalPath] : undefined;
  return {
    title: documentTitle(page.title),
    description: shortened(known ?? `${page.title} de ${SHOP_NAME}.`),
    path: `/${bare}`,
    image: null,
    type: 'website',
    jsonLd: [],
  };
}

/** The tags to add to the page's <head>, one a line (the template's own <title> and description go). */
export function headTags(head: PageHead, siteUrl: string): string {
  const meta = (attribute: 'name' | 'property', key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const url = absoluteUrl(siteUrl, head.path);
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
    meta('property', 'og:site_name', SHOP_NAME),
    meta('property', 'og:locale', 'fr_FR'),
  ];
  if (head.image) tags.push(meta('property', 'og:image', absoluteUrl(siteUrl, head.image.url)), meta('property', 'og:image:alt', head.image.alt));
  tags.push(meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'));
  for (const object of head.jsonLd) tags.push(`<script type="application/ld+json">${scriptSafeJson(withAbsoluteUrls(object, siteUrl, false))}</script>`);
  return tags.join('\n');
}

/** A sitemaps.org urlset; `lastModified` is an ISO date or timestamp, written as its date. */
export function sitemapXml(siteUrl: string, entries: readonly { path: string; lastModified?: string }[]): string {
  const urls = entries.map(({ path, lastModified }) => {
    const lastmod = lastModified === undefined ? '' : `\n    <lastmod>${isoDate(lastModified)}</lastmod>`;
    return `  <url>\n    <loc>${escapeHtml(absoluteUrl(siteUrl, path))}</loc>${lastmod}\n  </url>\n`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('')}</urlset>\n`;
}

/** Pages that are the shopper's own (kept in their browser) or the owner's: nothing to index. */
const PRIVATE_PATHS = [paths.admin, paths.cart, paths.checkout(), paths.myOrders, paths.favorites, paths.notifications, paths.unsubscribe] as const;

export function robotsTxt(siteUrl: string): string {
  const disallowed = PRIVATE_PATHS.map((path) => `Disallow: ${path}\n`).join('');
  return `User-agent: *\nAllow: /\n${disallowed}\nSitemap: ${withoutTrailingSlash(siteUrl)}/sitemap.xml\n`;
}

function breadcrumb(steps: readonly { name: string; path: string }[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: steps.map((step, index) => ({ '@type': 'ListItem', position: index + 1, name: step.name, item: step.path })),
  };
}

/** JSON whose text can sit in a <script>: no `<` (so no `</script>` nor `<!--`), no `>` nor `&`. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const URL_KEYS = new Set(['url', 'logo', 'image', 'item']);

function withAbsoluteUrls(value: unknown, siteUrl: string, isUrl: boolean): unknown {
  if (typeof value === 'string') return isUrl ? absoluteUrl(siteUrl, value) : value;
  if (Array.isArray(value)) return value.map((item: unknown) => withAbsoluteUrls(item, siteUrl, isUrl));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withAbsoluteUrls(item, siteUrl, URL_KEYS.has(key))]));
  }
  return value;
}

const isWebAddress = (url: string) => /^(https?:)?\/\//i.test(url) || (url.startsWith('/') && !url.startsWith('//'));

/** An http(s) URL as it is; a site path on siteUrl, with what a URL may not hold percent-encoded (an existing %XX kept). */
function absoluteUrl(siteUrl: string, url: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  if (url.startsWith('//')) return `https:${url}`;
  const path = url.startsWith('/') ? url : `/${url}`;
  return withoutTrailingSlash(siteUrl) + path.replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@/?#%]/gu, (c) => encodeURIComponent(c));
}

/** siteUrl is meant without one; 'https://boutique.example/' would otherwise give '//' in every URL. */
const withoutTrailingSlash = (siteUrl: string) => siteUrl.replace(/\/+$/, '');

function isoDate(value: string): string {
  const written = /^\d{4}-\d{2}-\d{2}/.exec(value);
  if (written) return written[0];
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new RangeError(`sitemapXml: "${value}" is not a date`);
  return new Date(time).toISOString().slice(0, 10);
}

/**
 * Free text as French typography wants it: spaces gathered, a no-break space before : ; ! ?,
 * narrow no-break spaces inside « », a typographic apostrophe. What the owner typed right stays.
 */
function frenchText(text: string): string {
  return text
    .replace(/[ \t\r\n\f\v]+/g, ' ')
    .trim()
    .replace(/ ([:;!?])/g, '\u00a0$1')
    .replace(/«[ \u00a0\u202f]*/g, '«\u202f')
    .replace(/[ \u00a0\u202f]*»/g, '\u202f»')
    .replace(/(\p{L})'(\p{L})/gu, '$1’$2');
}

/**
 * At most MAX_DESCRIPTION characters: the whole sentences that fit, else the first one cut
 * after a word (never at a no-break space) and closed by « … ».
 */
function shortened(text: string): string {
  if (text.length <= MAX_DESCRIPTION) return text;
  let kept = '';
  for (const sentence of text.split(/(?<=[.!?…])[ ]+/)) {
    const longer = kept ? `${kept} ${sentence}` : sentence;
    if (longer.length > MAX_DESCRIPTION) break;
    kept = longer;
  }
  if (kept) return kept;
  const room = text.slice(0, MAX_DESCRIPTION - 1);
  const space = room.lastIndexOf(' ');
  // Whole words only, unless one word fills the room (then never half a surrogate pair).
  const words = text[room.length] === ' ' ? room : space > 0 ? room.slice(0, space) : room.replace(/[\uD800-\uDBFF]$/, '');
  return `${words.replace(/[\s,;:.«(\u2014\u2013-]+$/u, '')}…`;
}
