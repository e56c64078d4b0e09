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
import { PRERENDERED_MARK } from '../../src/app/prerender/page-document';
import { ROUTE_TABLE, type RouteEntry } from '../../src/app/route-table';

/** A prerendered page's code starts once its pictures are in (the load event), or after this long at most. */
const PRERENDERED_START_AT_MOST_MS = 2500;
/**
 * Once they are in, it waits for the browser to report its largest picture painted (a
 * largest-contentful-paint entry for it: painted and presented, which can come frames after the
 * load event), or this long at most: a page whose largest paint is its text gets no entry for
 * the picture.
 */
const LARGEST_PICTURE_REPORTED_AT_MOST_MS = 300;

type OutputBundle = NonNullable<IndexHtmlTransformContext['bundle']>;
type OutputChunk = Extract<OutputBundle[string], { type: 'chunk' }>;

/** A route of the table: its pattern (as a regular expression's source) and the modules it loads on demand, outermost first. */
export interface RouteHint {
  readonly pattern: string;
  readonly modules: readonly string[];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The route table as the start-up script matches it: every page's route, with the modules its
 * address loads on demand (the layouts around it, then the page; none for the home page), most specific
 * first as react-router ranks them (a static segment before a parameter, a splat last), so the
 * first pattern that matches is the router's choice. Paths with an optional segment are tried
 * with and without it, as the router does.
 */
export function routeHints(table: readonly RouteEntry[]): RouteHint[] {
  const hints: { hint: RouteHint; score: number; order: number }[] = [];
  const visit = (entries: readonly RouteEntry[], segments: readonly string[], layouts: readonly string[]) => {
    for (const entry of entries) {
      const own = entry.path?.split('/').filter(Boolean) ?? [];
      const path = [...segments, ...own];
      const modules = entry.module && !entry.eager ? [...layouts, entry.module] : layouts;
      if (entry.children) {
        visit(entry.children, path, modules);
        continue;
      }
      // A route shipped with the shell stays in the list, with nothing to start: the address is
      // its own, not the next pattern's that would match it (the 404's splat matches '/').
      for (const variant of withoutOptionals(path)) {
        hints.push({ hint: { pattern: patternOf(variant), modules }, score: scoreOf(variant, entry.index === true), order: hints.length });
      }
    }
  };
  visit(table, [], []);
  return hints.sort((a, b) => b.score - a.score || a.order - b.order).map(({ hint }) => hint);
}

/** Each optional segment (`:etape?`) present and absent. */
function withoutOptionals(segments: readonly string[]): string[][] {
  const index = segments.findIndex((segment) => segment.endsWith('?'));
  if (index < 0) return [[...segments]];
  const before = segments.slice(0, index);
  const after = withoutOptionals(segments.slice(index + 1));
  const required = segments[index]!.slice(0, -1);
  return [...after.map((rest) => [...before, required, ...rest]), ...after.map((rest) => [...before, ...rest])];
}

/** The path's regular expression, as the router matches a pathname: case-insensitive, a trailing slash allowed. */
function patternOf(segments: readonly string[]): string {
  let pattern = '^';
  for (const segment of segments) {
    if (segment === '*') pattern += '(?:/.*)?';
    else if (segment.startsWith(':')) pattern += '/[^/]+';
    else pattern += `/${escape(segment)}`;
  }
  return `${pattern}/?$`;
}

/** react-router's ranking (computeScore in its flattenRoutes): static 10, parameter 3, splat −2, index +2. */
function scoreOf(segments: readonly string[], index: boolean): number {
  let score = segments.length + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === '*') score -= 2 + 1;
    else if (segment.startsWith(':')) score += 3;
    else score += 10;
  }
  return score;
}

/** The data file fetched at start by src/adapters/demo-catalogue (imported with ?url). */
const DEMO_CATALOGUE_ASSET = /^demo-catalogue(\.json)?$/;

function chunkOf(bundle: OutputBundle, module: string): OutputChunk {
  const chunk = Object.values(bundle).find(
    (file): file is OutputChunk => file.type === 'chunk' && (file.facadeModuleId ?? '').replaceAll('\\', '/').endsWith(`/${module}`),
  );
  if (!chunk) throw new Error(`first-paint-hints: no chunk for ${module}; is it loaded on demand (src/app/on-demand.ts)?`);
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
 * '' matches the module scripts' crossorigin; the Content-Security-Policy allows it by its hash,
 * scripts/vite/security-headers.ts):
 *  - at once: the demo catalogue's download (a fetch preload);
 *  - once the first contentful paint has been reported: the current route's chunks
 *    (modulepreload), then the main chunk itself. A frame alone is not enough: the GPU process
 *    may present it 80 ms later, after React has already replaced the page. Chromium asks for
 *    a modulepreload added by a script at High priority whatever its fetchpriority, and
 *    Lighthouse counts a High script that arrived before the first paint as blocking it: the
 *    route's chunks are therefore asked for only once the page has painted, which still starts
 *    them before the main chunk has run a line. A hidden tab (no paint until shown) or a
 *    browser without paint timing starts everything at once;
 *  - on a prerendered page (src/app/prerender; <html> carries PRERENDERED_MARK), which shows
 *    everything without the code and whose HTML names no script to download, the code and the
 *    catalogue start once the page's pictures have arrived and been painted (the load event,
 *    then the largest-contentful-paint entry of its fetchpriority="high" picture, or
 *    LARGEST_PICTURE_REPORTED_AT_MOST_MS after the load event), or PRERENDERED_START_AT_MOST_MS at most: nothing competes with its largest
 *    picture, and it is painted before the code takes the main thread, not after. What the shopper does meanwhile is held and done
 *    once the code has taken over (src/app/prerender/early-interactions.ts).
 */
function startUpScript(main: readonly string[], routes: ReadonlyArray<readonly [string, string[]]>, catalogue: string | undefined): string {
  return `(function(){var d=document,w=window,p=location.pathname,r=${JSON.stringify(routes)},m=${JSON.stringify(main)},c=${JSON.stringify(catalogue ?? '')},done=0,pr=d.documentElement.hasAttribute(${JSON.stringify(PRERENDERED_MARK)});
function a(x){var l=d.createElement('link');l.rel=x[0];l.href=x[1];if(x[2])l.as=x[2];l.crossOrigin='';d.head.appendChild(l)}
if(!pr&&c)a(['preload',c,'fetch']);
function s(){if(done)return;done=1;var q=[];if(pr&&c)q.push(['preload',c,'fetch']);
for(var i=0;i<r.length;i++){var x=r[i];if(new RegExp(x[0],'i').test(p)){for(var j=0;j<x[1].length;j++)q.push(['modulepreload',x[1][j]]);break}}
for(var k=0;k<m.length;k++)q.push(['modulepreload',m[k]]);
(function next(){var x=q.shift();if(!x)return run(0);a(x);w.setTimeout(next,0)})()}
function run(k){var e=d.createElement('script');e.type='module';e.crossOrigin='';e.src=m[k];if(k+1<m.length)e.onload=e.onerror=function(){run(k+1)};d.head.appendChild(e)}
function g(){if(pr){if(d.visibilityState!=='visible')return s();
var t=0,f=function(){if(t)return;t=1;var i=d.querySelector('img[fetchpriority="high"]'),P=w.PerformanceObserver,go=function(){w.setTimeout(s,0)};if(!i||!P||(P.supportedEntryTypes||[]).indexOf('largest-contentful-paint')<0)return w.requestAnimationFrame(go);var o=new P(function(l){var x=l.getEntries();for(var k=0;k<x.length;k++)if(x[k].element===i){o.disconnect();go()}});o.observe({type:'largest-contentful-paint',buffered:true});w.setTimeout(function(){o.disconnect();go()},${LARGEST_PICTURE_REPORTED_AT_MOST_MS})};if(d.readyState==='complete')f();else{w.addEventListener('load',f);w.setTimeout(f,${PRERENDERED_START_AT_MOST_MS})}return}
var P=w.PerformanceObserver;if(d.visibilityState!=='visible'||!P||(P.supportedEntryTypes||[]).indexOf('paint')<0)return s();
var o=new P(function(l){var x=l.getEntries();for(var i=0;i<x.length;i++)if(x[i].name==='first-contentful-paint'){o.disconnect();s()}});o.observe({type:'paint',buffered:true})}
if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',g);else g()})();`;
}

/**
 * The entry chunk and the chunks it imports, each after those it imports: run one by one, each
 * script once the one before has run, React's start-up, the rest of the stack's (the router,
 * TanStack Query, tsyringe: the \`react\` and \`stack\` groups of vite.config.ts) and the shop's
 * own modules take the main thread in separate tasks rather than one long one.
 */
function runOrder(bundle: OutputBundle, entryFile: string): string[] {
  const order: string[] = [];
  const visit = (file: string) => {
    const chunk = bundle[file];
    if (order.includes(`/${file}`) || chunk?.type !== 'chunk') return;
    chunk.imports.forEach(visit);
    order.push(`/${file}`);
  };
  visit(entryFile);
  return order;
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

        const routes = routeHints(ROUTE_TABLE).map(
          (route) =>
            [
              route.pattern,
              [...new Set(route.modules.flatMap((module) => filesOf(bundle, chunkOf(bundle, module), loadedByHtml)))].map((f) => `/${f}`),
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
        const script = `<script>${startUpScript(runOrder(bundle, entryFile), routes, catalogue ? `/${catalogue.fileName}` : undefined)}</script>`;
        // The main chunk downloads from the start; the start-up script runs it after the paint.
        return out
          .replace(entry[0], `<link rel="modulepreload" crossorigin href="${entry[1]}">`)
          .replace('</title>', `</title>\n    ${script}`)
          .replaceAll('<link rel="modulepreload" crossorigin href=', '<link rel="modulepreload" crossorigin fetchpriority="low" href=');
      },
    },
    // A chunk loaded by another lazy chunk (once, each legal page, by its route's chunk) lists the
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
