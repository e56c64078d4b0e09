import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import pkg from './package.json' with { type: 'json' };
import { checkShopConfig } from './scripts/vite/check-config';
import { firstPaintHints } from './scripts/vite/first-paint-hints';
import { prerender, SHELL_FILE } from './scripts/vite/prerender';
import { SRC_ALIAS } from './scripts/vite/src-alias';

// Which build this is, shown in <meta name="build-id"> so a deployed page (and the update
// end-to-end test) can tell one version from the next. SHOP_BUILD_ID is set by a deploy;
// without it, the package version. Never a date: two builds of the same code stay identical,
// so a rebuild never makes every installed shop download an "update".
const BUILD_ID = process.env.SHOP_BUILD_ID?.trim() || `v${pkg.version}`;
if (!/^[\w.+-]{1,64}$/.test(BUILD_ID)) {
  throw new Error(`SHOP_BUILD_ID="${BUILD_ID}": use letters, digits and . _ + - (at most 64).`);
}

function buildIdMeta(): Plugin {
  return {
    name: 'shop:build-id',
    transformIndexHtml: () => [{ tag: 'meta', attrs: { name: 'build-id', content: BUILD_ID }, injectTo: 'head' }],
  };
}

const BRAND = '#1f4e5f'; // --brand in src/ui/styles/app.css
const THIRTY_DAYS_S = 30 * 24 * 60 * 60;

export default defineConfig({
  resolve: { alias: [SRC_ALIAS] },
  plugins: [
    checkShopConfig(),
    react(),
    buildIdMeta(),
    firstPaintHints(),
    prerender(),
    VitePWA({
      // The shopper decides when a new version takes over (the update banner): the waiting
      // worker activates only when the page posts it { type: 'SKIP_WAITING' } (the generated
      // sw.js listens for exactly that message, since skipWaiting is false below).
      registerType: 'prompt',
      // Registered by src/adapters/browser/service-worker-update.ts with the browser's own
      // navigator.serviceWorker (no virtual:pwa-register, no workbox-window in the page), so a
      // registration failure goes to the Logger like every other error.
      injectRegister: false,
      strategies: 'generateSW',
      filename: 'sw.js',
      scope: '/',
      includeAssets: ['apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'La Petite Boutique',
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
      workbox: {
        // The app shell, every route's lazy chunk, the styles, the demo catalogue
        // (assets/demo-catalogue-*.json, fetched at start) and the small images of the shell:
        // every page opens offline once the worker is installed.
        // (The manifest and its icons are added by the plugin itself: includeManifestIcons.)
        globPatterns: ['**/*.{html,js,css,json,svg}'],
        // The 231 catalogue pictures (about 1 MB) are cached as the shopper meets them (below;
        // those of a first page, shown before the worker existed, are handed to it by the page:
        // src/adapters/browser/pictures-seen-before-control.ts, same path).
        globIgnores: ['images/catalogue/**'],
        // The shell, for every address without a page of its own (the prerendered pages are
        // precached and each served for its own address, /produit/x from produit/x.html).
        navigateFallback: `/${SHELL_FILE}`,
        // A navigation to a file the shop serves must reach that file, not the app.
        navigateFallbackDenylist: [/^\/(assets|images|icons)\//, /^\/[^/?]+\.[a-z0-9]+(\?.*)?$/i],
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/images/catalogue/'),
            handler: 'StaleWhileRevalidate',
            options: {
              cacheName: 'images-catalogue',
              expiration: { maxEntries: 300, maxAgeSeconds: THIRTY_DAYS_S, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [200] },
              // Offline, a picture never met before shows the default product picture
              // (precached) rather than a broken image.
              precacheFallback: { fallbackURL: '/images/stock/produit-par-defaut.svg' },
            },
          },
        ],
        cleanupOutdatedCaches: true,
        // The first visit is controlled at once (no reload needed before the pictures it shows
        // are cached); an update still waits for the shopper's click (registerType 'prompt').
        clientsClaim: true,
        skipWaiting: false,
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
