// Build-only Vite plugin: shortens the chain of requests before a page can show its products.
//
// Without it, a first visit to /boutique waits for: the HTML, then the stylesheet (render-
// blocking), then the main chunk, whose code only then asks for the page's lazy chunk and the
// demo catalogue, and only after rendering for the first product picture. Measured with
// Lighthouse (mobile, simulated slow 4G) that chain, not the amount of code, made most of the
// LCP. So the built index.html:
//  - carries the stylesheet inline (about 11 KB raw): the header paints with the HTML itself;
//  - starts, from a few lines of inline script, the download of the demo catalogue at once, and
//    of the current route's chunk (and the chunks it imports) as soon as the page has painted,
//    before the main chunk runs;
//  - downloads the main chunk from the start (a modulepreload) but runs it only once the page
//    as the HTML describes it has been painted (the first contentful paint reported). A module
//    script that has already arrived when parsing ends otherwise runs before
//    the first paint whenever Chromium is a little late to paint, and then the header waits for
//    React's start-up: measured, the first paint came at either 0.6 s or 1.9 s from one run to
//    the next. A hidden tab (no frames) starts the chunk at once;
//  - asks for every script of the HTML at low priority (fetchpriority="low"): none is needed to
//    paint, and at Chromium's default (High) Lighthouse's simulation counts a script that had
//    arrived before the first paint as blocking it, so on localhost, where scripts arrive in
//    milliseconds, the simulated first paint included their download over slow 4G or not
//    depending on which came first. Nothing competes with them at that moment anyway: the
//    pictures are asked for by the code they wait for.
import type { IndexHtmlTransformContext, Plugin } from 'vite';

type OutputBundle = NonNullable<IndexHtmlTransformContext['bundle']>;
type OutputChunk = Extract<OutputBundle[string], { type: 'chunk' }>;

/**
 * Route of src/ui/app.tsx → the page module it loads lazily. Keep in step with app.tsx: a
 * module listed here and missing from the build fails the build; a route missing here only
 * loses its head start.
 */
const LEGAL_ROUTE = 'src/ui/pages/legal/legal-route.tsx';
const ADMIN_ROUTES = 'src/ui/pages/admin/admin-routes.tsx';
const ORDERS_ROUTE = 'src/ui/pages/orders/orders-route.tsx';

// `module`: the page's chunk; a list when the route's element loads the page in turn (the legal
// pages: legal-route.tsx, then the page's own chunk), so both start after the first paint.
const LAZY_ROUTES: ReadonlyArray<{ readonly path: string; readonly prefix?: true; readonly module: string | readonly string[] }> = [
  { path: '/boutique', module: 'src/ui/pages/shop/shop-page.tsx' },
  { path: '/categorie/', prefix: true, module: 'src/ui/pages/shop/shop-page.tsx' },
  { path: '/produit/', prefix: true, module: 'src/ui/pages/product/product-page.tsx' },
  { path: '/panier', module: 'src/ui/pages/cart/cart-page.tsx' },
  { path: '/favoris', module: 'src/ui/pages/favorites/favorites-page.tsx' },
  // The shopper's orders: their routes' element, then the page.
  { path: '/commande/confirmation/', prefix: true, module: [ORDERS_ROUTE, 'src/ui/pages/orders/order-confirmation-page.tsx'] },
  { path: '/commande', module: [ORDERS_ROUTE, 'src/ui/pages/checkout/checkout-page.tsx'] },
  { path: '/commande/', prefix: true, module: [ORDERS_ROUTE, 'src/ui/pages/checkout/checkout-page.tsx'] },
  { path: '/mes-commandes', module: [ORDERS_ROUTE, 'src/ui/pages/orders/my-orders-page.tsx'] },
  // The back office: its routes' element, then the page (without a session, /admin leads to the sign-in).
  { path: '/admin/connexion', module: [ADMIN_ROUTES, 'src/ui/pages/admin/admin-sign-in-page.tsx'] },
  { path: '/admin/produits/', prefix: true, module: [ADMIN_ROUTES, 'src/ui/pages/admin/products/admin-product-page.tsx'] },
  { path: '/admin/produits', module: [ADMIN_ROUTES, 'src/ui/pages/admin/products/admin-products-page.tsx'] },
  { path: '/admin', module: [ADMIN_ROUTES, 'src/ui/pages/admin/admin-dashboard-page.tsx'] },
  { path: '/admin/', prefix: true, module: ADMIN_ROUTES },
  { path: '/newsletter/desinscription', module: 'src/ui/pages/unsubscribe-page.tsx' },
  { path: '/mentions-legales', module: [LEGAL_ROUTE, 'src/ui/pages/legal/mentions-legales-page.tsx'] },
  { path: '/conditions-generales-de-vente', module: [LEGAL_ROUTE, 'src/ui/pages/legal/conditions-generales-page.tsx'] },
  { path: '/politique-de-confidentialite', module: [LEGAL_ROUTE, 'src/ui/pages/legal/politique-confidentialite-page.tsx'] },
  { path: '/livraison-et-retours', module: [LEGAL_ROUTE, 'src/ui/pages/legal/livraison-retours-page.tsx'] },
];

/** The data file fetched at start by src/adapters/demo-catalogue (imported with ?url). */
const DEMO_CATALOGUE_ASSET = /^demo-catalogue(\.json)?$/;

function chunkOf(bundle: OutputBundle, module: string): OutputChunk {
  const chunk = Object.values(bundle).find(
    (file): file is OutputChunk => file.type === 'chunk' && (file.facadeModuleId ?? '').replaceAll('\\', '/').endsWith(`/${module}`),
  );
  if (!chunk) throw new Error(`first-paint-hints: no chunk for ${module}; update LAZY_ROUTES in ${import.meta.url}`);
  return chunk;
}

/** The chunk and every chunk it imports statically, except those index.html loads anyway. */
function filesOf(bundle: OutputBundle, chunk: OutputChunk, loadedByHtml: ReadonlySet<string>): string[] {
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file) || loadedByHtml.has(file)) return;
    files.add(file);
    const next = bundle[file];
    if (next?.type === 'chunk') next.imports.forEach(visit);
  };
  visit(chunk.fileName);
  return [...files];
}

/**
 * The page's start-up, in one inline script (plain ES5, so that it runs anywhere; crossOrigin
 * '' matches the module scripts' crossorigin):
 *  - at once: the demo catalogue's download (a fetch preload);
 *  - once the first contentful paint has been reported: the current route's chunks
 *    (modulepreload), then the main chunk itself. A frame alone is not enough: the GPU process
 *    may present it 80 ms later, after React has already replaced the page. Chromium asks for
 *    a modulepreload added by a script at High priority whatever its fetchpriority, and
 *    Lighthouse counts a High script that arrived before the first paint as blocking it: the
 *    route's chunks are therefore asked for only once the page has painted, which still starts
 *    them before the main chunk has run a line. A hidden tab (no paint until shown) or a
 *    browser without paint timing starts everything at once.
 */
function startUpScript(main: string, routes: ReadonlyArray<readonly [string, boolean, string[]]>, catalogue: string | undefined): string {
  return `(function(){var d=document,w=window,p=location.pathname,r=${JSON.stringify(routes)},done=0;
function a(rel,href,as){var l=d.createElement('link');l.rel=rel;l.href=href;if(as)l.as=as;l.crossOrigin='';d.head.appendChild(l)}
${catalogue ? `a('preload',${JSON.stringify(catalogue)},'fetch');` : ''}
function s(){if(done)return;done=1;
for(var i=0;i<r.length;i++){var x=r[i];if(x[1]?p.indexOf(x[0])===0:p===x[0]||p===x[0]+'/'){for(var j=0;j<x[2].length;j++)a('modulepreload',x[2][j]);break}}
var e=d.createElement('script');e.type='module';e.crossOrigin='';e.src=${JSON.stringify(main)};d.head.appendChild(e)}
function g(){var P=w.PerformanceObserver;if(d.visibilityState!=='visible'||!P||(P.supportedEntryTypes||[]).indexOf('paint')<0)return s();
var o=new P(function(l){var x=l.getEntries();for(var i=0;i<x.length;i++)if(x[i].name==='first-contentful-paint'){o.disconnect();s()}});o.observe({type:'paint',buffered:true})}
if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',g);else g()})();`;
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/index-[\w-]+\.js)"><\/script>/;

export function firstPaintHints(): Plugin {
  // A Supabase build reads its catalogue from the database: the demo file is not fetched early.
  let demoCatalogueShown = true;
  // The stylesheet(s) made inline, and the entry chunk: see generateBundle.
  const inlinedCss: string[] = [];
  let entryFile = '';
  return {
    name: 'shop:first-paint-hints',
    apply: 'build',
    configResolved(config) {
      // The paths below (in index.html and in the hints) are written from the site root.
      if (config.base !== '/') throw new Error(`first-paint-hints expects base '/', not '${config.base}'`);
      demoCatalogueShown = config.env.VITE_BACKEND !== 'supabase';
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const loadedByHtml = new Set<string>();
        for (const match of html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)) loadedByHtml.add(match[1]!);

        const routes = LAZY_ROUTES.map(
          (route) =>
            [
              route.path,
              route.prefix === true,
              [...new Set([route.module].flat().flatMap((module) => filesOf(bundle, chunkOf(bundle, module), loadedByHtml)))].map((f) => `/${f}`),
            ] as const,
        );
        const catalogue = demoCatalogueShown
          ? Object.values(bundle).find((file) => file.type === 'asset' && file.names.some((name) => DEMO_CATALOGUE_ASSET.test(name)))
          : undefined;

        // The one stylesheet of the entry, inline; its file is then not emitted (nothing else
        // links to it: the lazy pages import no CSS), so the service worker does not precache it.
        const out = html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, file: string) => {
          const asset = bundle[file];
          if (asset?.type !== 'asset') return tag;
          const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          delete bundle[file];
          inlinedCss.push(file);
          return `<style>${css.replaceAll('</style', '<\\/style')}</style>`;
        });
        const entry = ENTRY_SCRIPT.exec(out);
        if (!entry) throw new Error('first-paint-hints: no entry <script type="module"> in index.html');
        entryFile = entry[1]!.slice(1);
        const script = `<script>${startUpScript(entry[1]!, routes, catalogue ? `/${catalogue.fileName}` : undefined)}</script>`;
        // The main chunk downloads from the start; the start-up script runs it after the paint.
        return out
          .replace(entry[0], `<link rel="modulepreload" crossorigin href="${entry[1]}">`)
          .replace('</title>', `</title>\n    ${script}`)
          .replaceAll('<link rel="modulepreload" crossorigin href=', '<link rel="modulepreload" crossorigin fetchpriority="low" href=');
      },
    },
    // A chunk loaded by another lazy chunk (each legal page, by legal-route.tsx) lists the
    // entry's stylesheet among what to preload (Vite adds CSS whatever
    // modulePreload.resolveDependencies says, after the HTML is written): its file is gone, and
    // offline the import fails with « Unable to preload CSS ». The entry chunk takes its place
    // in those lists: the preload helper skips it, index.html already links it.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          for (const css of inlinedCss) chunk.code = chunk.code.replaceAll(JSON.stringify(css), JSON.stringify(entryFile));
        }
      },
    },
  };
}
