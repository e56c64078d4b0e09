import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import pkg from './package.json' with { type: 'json' };
import { checkShopConfig } from './scripts/vite/check-config';
import { firstPaintHints } from './scripts/vite/first-paint-hints';
import { prerender } from './scripts/vite/prerender';
import { securityHeadersPlugin } from './scripts/vite/security-headers';
import { SRC_ALIAS } from './scripts/vite/src-alias';
import { COMPANY } from './src/domain/company';

// Which build this is, shown in <meta name="build-id"> so a deployed page (and the update
// end-to-end test) can tell one version from the next. SHOP_BUILD_ID is set by a deploy;
// without it, the package version. Never a date: two builds of the same code stay identical,
// so a rebuild never makes every installed shop download an "update".
const BUILD_ID = process.env.SHOP_BUILD_ID?.trim() || `v${pkg.version}`;
if (!/^[\w.+-]{1,64}$/.test(BUILD_ID)) {
  throw new Error(`SHOP_BUILD_ID="${BUILD_ID}": use letters, digits and . _ + - (at most 64).`);
}

/** The build id's meta; the trade name and the shop's description where index.html says %TRADE_NAME% and %SHOP_DESCRIPTION%. */
function buildIdMeta(): Plugin {
  return {
    name: 'shop:build-id',
    transformIndexHtml: (html) => ({
      html: html.replaceAll('%SHOP_DESCRIPTION%', COMPANY.description).replaceAll('%TRADE_NAME%', COMPANY.tradeName),
      tags: [{ tag: 'meta', attrs: { name: 'build-id', content: BUILD_ID }, injectTo: 'head' }],
    }),
  };
}

const BRAND = '#1f4e5f'; // --brand in src/ui/styles/app.css

export default defineConfig({
  resolve: { alias: [SRC_ALIAS] },
  plugins: [
    checkShopConfig(),
    react(),
    buildIdMeta(),
    firstPaintHints(),
    prerender(),
    // dist/_headers, and the same headers from `vite preview` (docs/security.md).
    securityHeadersPlugin(),
    VitePWA({
      // The shopper decides when a new version takes over (the update banner): the waiting
      // worker activates only when the page posts it { type: 'SKIP_WAITING' } (src/sw/sw.ts).
      registerType: 'prompt',
      // Registered by src/adapters/browser/service-worker-update.ts with the browser's own
      // navigator.serviceWorker (no virtual:pwa-register, no workbox-window in the page), so a
      // registration failure goes to the Logger like every other error.
      injectRegister: false,
      strategies: 'injectManifest',
      filename: 'sw.ts',
      scope: '/',
      includeAssets: ['apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: COMPANY.tradeName,
        short_name: 'Boutique',
        description: 'La Petite Boutique : céramique, textile et papeterie pour la maison, choisis avec soin et expédiés depuis la France.',
        lang: 'fr',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: BRAND,
        background_color: '#ffffff',
        categories: ['shopping'],
        // Drawn from assets/icon.svg by scripts/generate/icons.mjs (npm run icons).
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      // The worker is the shop's own (src/sw/sw.ts: the routes below, and the notifications);
      // the plugin builds it and writes into it the list of files to precache.
      srcDir: 'src/sw',
      injectManifest: {
        // The app shell, every route's lazy chunk, the styles, the demo catalogue
        // (assets/demo-catalogue-*.json, fetched at start) and the small images of the shell:
        // every page opens offline once the worker is installed. The prerendered pages are among
        // them, each served for its own address (/produit/x from produit/x.html).
        // (The manifest and its icons are added by the plugin itself: includeManifestIcons.)
        globPatterns: ['**/*.{html,js,css,json,svg}'],
        // The 231 catalogue pictures (about 1 MB) are cached as the shopper meets them (src/sw/sw.ts).
        globIgnores: ['images/catalogue/**'],
      },
    }),
  ],
  build: {
    target: 'es2022',
    // No preload list shipped with every first visit for the pages' chunks: the page a visit
    // opens on has its chunks named by the built HTML (scripts/vite/first-paint-hints.ts), and the
    // service worker, installed on that first visit, serves every chunk of a later page at once.
    modulePreload: false,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically is three chunks: React (src/app/stack-react.ts
        // starts it), the rest of the stack (src/app/stack.ts), then the shop's own modules. The
        // built page runs them one after the other (scripts/vite/first-paint-hints.ts), so that
        // starting up is three tasks of the main thread, not one long one. Without these groups,
        // a lazy page importing a module of the shell made Rolldown move that module (and what it
        // imports) out of the entry into a small shared chunk, one more file on every first visit;
        // the source was being bent to avoid such imports. Lazy pages and adapters stay split.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              tags: ['$initial'],
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]|[\\/]src[\\/]app[\\/]stack-react\.ts$/,
              priority: 4,
            },
            { name: 'stack', tags: ['$initial'], test: /[\\/]node_modules[\\/]|[\\/]src[\\/]app[\\/]stack\.ts$/, priority: 3 },
            { name: 'index', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  preview: {
    port: 4173,
    strictPort: true,
  },
});
