// The pages and overlays the shop loads on demand: React.lazy over loadOnce (src/app/lazy-port.ts,
// the one loading mechanism) and a dynamic import, each module its own chunk. src/ui renders what
// it is given.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadOnce } from './lazy-port';
import { recoveringFromDeploy } from './stale-code';

type Drawing = { default: ComponentType };

/**
 * Every module of the route table (src/app/route-table.ts) loaded on demand, by its path from
 * the root ('/src/ui/pages/…'). The patterns name pages and layouts only: a file matched here
 * becomes a chunk of its own even if nothing asks for it, so keep them to the table's modules
 * (a module of the table missing here fails onDemand() at start).
 */
const ROUTE_MODULES = import.meta.glob<Drawing>([
  '/src/ui/pages/**/*-page.tsx',
  '/src/ui/pages/admin/admin-{layout,guard,not-found}.tsx',
  // Shipped with the shell (below), and the frame the legal pages share.
  '!/src/ui/pages/home/home-page.tsx',
  '!/src/ui/pages/legal/legal-page.tsx',
]);

/** The table's modules that ship with the shell: the most common first page's first paint waits for one file, not two. */
export const SHIPPED_ROUTE_MODULES = import.meta.glob<Drawing>('/src/ui/pages/home/home-page.tsx', { eager: true });

export interface OnDemandModule {
  /** Starts the download (once); what React.lazy waits for too. */
  readonly load: () => Promise<Drawing>;
  readonly Component: LazyExoticComponent<ComponentType>;
  /** The module once downloaded: drawn at once, where React.lazy would still suspend for a moment. */
  readonly loaded: () => Drawing | undefined;
}

const modules = new Map<string, OnDemandModule>();

/** The module of the table at `path` (from the root, 'src/ui/…'): one lazy component for every route that shows it. */
export function onDemand(path: string): OnDemandModule {
  const known = modules.get(path);
  if (known) return known;
  const importer = ROUTE_MODULES[`/${path}`];
  if (!importer) throw new Error(`No on-demand module ${path}: add it to ROUTE_MODULES in src/app/on-demand.ts`);
  // loadOnce: one download for the head start and React.lazy, and no unhandled rejection when a
  // head start fails (React.lazy reports it, when the page renders).
  let drawing: Drawing | undefined;
  // recoveringFromDeploy: a chunk gone after a deploy reloads the tab into the new version.
  const load = loadOnce(recoveringFromDeploy(() => importer().then((loaded) => (drawing = loaded))));
  const module = { load, Component: lazy(load), loaded: () => drawing };
  modules.set(path, module);
  return module;
}

/** The toaster, downloaded with the first toast: a first visit without one never needs it. */
export const Toaster = lazy(recoveringFromDeploy(() => import('@/ui/toast/toaster')));

/** The install and update banners, downloaded the first time one has something to show. */
export const PwaBanners = lazy(recoveringFromDeploy(() => import('@/ui/pwa/pwa-banners')));
