// Build-only Vite plugin: once the shell is built, writes the catalogue's pages as HTML and the
// shell's header (src/app/prerender/prerender-shop.ts decides which pages and renders them, and
// the header, with the app's own code, loaded by a Vite server in SSR mode), before the service
// worker is generated, so that it precaches them. Also makes `vite preview` serve the shell (shell.html) for every address
// that has no page of its own, as the service worker's navigation fallback does.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import type { PrerenderReport } from '../../src/app/prerender/prerender-shop';
import { SRC_ALIAS } from './src-alias';

/** The shell, for every address without a page of its own. */
export const SHELL_FILE = 'shell.html';

async function prerenderInto(config: ResolvedConfig): Promise<PrerenderReport> {
  const outDir = resolve(config.root, config.build.outDir);
  const built = readFileSync(join(outDir, 'index.html'), 'utf8');
  const server = await createServer({
    configFile: false,
    root: config.root,
    mode: config.mode,
    envDir: config.envDir,
    logLevel: 'warn',
    resolve: { alias: [SRC_ALIAS] },
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    appType: 'custom',
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const { prerenderShop } = (await server.ssrLoadModule('/src/app/prerender/prerender-shop.ts')) as typeof import('../../src/app/prerender/prerender-shop');
    const report = await prerenderShop(built);
    for (const { file, content } of report.files) {
      const path = join(outDir, file);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, content);
    }
    return report;
  } finally {
    await server.close();
  }
}

export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'shop:prerender',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      // Before vite-plugin-pwa's closeBundle, which lists the files to precache.
      order: 'pre',
      sequential: true,
      async handler() {
        if (config.command !== 'build' || config.build.ssr) return;
        const started = performance.now();
        const report = await prerenderInto(config);
        for (const { warning, text } of report.said) config.logger[warning ? 'warn' : 'info'](`prerender: ${text}`);
        config.logger.info(`prerender: ${report.files.length} files in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      },
    },
    configurePreviewServer(server) {
      const outDir = resolve(server.config.root, server.config.build.outDir);
      // Before Vite's own fallback (to index.html, which is now the home page).
      server.middlewares.use((req, _res, next) => {
        const accept = req.headers.accept ?? '';
        if ((req.method !== 'GET' && req.method !== 'HEAD') || !accept.includes('text/html') || !req.url) return next();
        const url = new URL(req.url, 'http://preview.invalid');
        const path = decodeURIComponent(url.pathname);
        const own = path === '/' || /\.[a-z0-9]+$/i.test(path) || existsSync(join(outDir, `${path}.html`));
        // An address with a query (the shop's filters) is not the page written for it: the shell
        // (src/app/main.tsx hydrates only a page written for its address, without a query).
        if (!own || url.search) req.url = `/${SHELL_FILE}`;
        next();
      });
    },
  };
}
