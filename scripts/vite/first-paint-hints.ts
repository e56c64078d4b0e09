// Build-only Vite plugin: shortens the chain of requests before a page can show its products.
//
// Without it, a first visit to /boutique waits for: the HTML, then the stylesheet (render-
// blocking), then the main chunk, whose code only then asks for the page's lazy chunk and the
// demo catalogue, and only after rendering for the first product picture. Measured with
// Lighthouse (mobile, simulated slow 4G) that chain, not the amount of code, made most of the
// LCP. So the built index.html:
//  - carries the stylesheet inline (about 11 KB raw): the header paints with the HTML itself;
//  - starts, from a few lines of inline script, the download of the current route's chunk (and
//    the chunks it imports) and of the demo catalogue, in parallel with the main chunk.
import type { IndexHtmlTransformContext, Plugin } from 'vite';

type OutputBundle = NonNullable<IndexHtmlTransformContext['bundle']>;
type OutputChunk = Extract<OutputBundle[string], { type: 'chunk' }>;

/**
 * Route of src/ui/app.tsx → the page module it loads lazily. Keep in step with app.tsx: a
 * module listed here and missing from the build fails the build; a route missing here only
 * loses its head start.
 */
const LAZY_ROUTES: ReadonlyArray<{ readonly path: string; readonly prefix?: true; readonly module: string }> = [
  { path: '/boutique', module: 'src/ui/pages/shop/shop-page.tsx' },
  { path: '/categorie/', prefix: true, module: 'src/ui/pages/shop/shop-page.tsx' },
  { path: '/produit/', prefix: true, module: 'src/ui/pages/product/product-page.tsx' },
  { path: '/panier', module: 'src/ui/pages/cart/cart-page.tsx' },
  { path: '/favoris', module: 'src/ui/pages/favorites/favorites-page.tsx' },
  { path: '/admin', module: 'src/ui/pages/admin/admin-page.tsx' },
  { path: '/newsletter/desinscription', module: 'src/ui/pages/unsubscribe-page.tsx' },
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

function routeHintsScript(routes: ReadonlyArray<readonly [string, boolean, string[]]>, catalogue: string | undefined): string {
  // Plain ES5 so that it runs anywhere; crossOrigin '' matches the module script's crossorigin.
  return `(function(){var d=document,p=location.pathname,r=${JSON.stringify(routes)};
function a(rel,href,as){var l=d.createElement('link');l.rel=rel;l.href=href;if(as)l.as=as;l.crossOrigin='';d.head.appendChild(l)}
${catalogue ? `a('preload',${JSON.stringify(catalogue)},'fetch');` : ''}
for(var i=0;i<r.length;i++){var x=r[i];if(x[1]?p.indexOf(x[0])===0:p===x[0]||p===x[0]+'/'){for(var j=0;j<x[2].length;j++)a('modulepreload',x[2][j]);break}}})();`;
}

export function firstPaintHints(): Plugin {
  // A Supabase build reads its catalogue from the database: the demo file is not fetched early.
  let demoCatalogueShown = true;
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
            [route.path, route.prefix === true, filesOf(bundle, chunkOf(bundle, route.module), loadedByHtml).map((f) => `/${f}`)] as const,
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
          return `<style>${css.replaceAll('</style', '<\\/style')}</style>`;
        });
        const script = `<script>${routeHintsScript(routes, catalogue ? `/${catalogue.fileName}` : undefined)}</script>`;
        return out.replace('</title>', `</title>\n    ${script}`);
      },
    },
  };
}
