// The React components the shop loads on demand (the pages, the toaster, the PWA banners): one
// wrapper, `onDemandComponent`, over loadOnce (src/app/lazy-port.ts, the one loading mechanism).
// src/ui renders what it is given.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import HomePage from '@/ui/pages/home/home-page';
import { loadOnce } from './lazy-port';
import { recoveringFromDeploy } from './stale-code';

export interface OnDemandModule<P = object> {
  /** Starts the download (once); what React.lazy waits for too. */
  readonly load: () => Promise<{ default: ComponentType<P> }>;
  readonly Component: LazyExoticComponent<ComponentType<P>>;
  /** The module once downloaded: drawn at once, where React.lazy would still suspend for a moment. */
  readonly loaded: () => { default: ComponentType<P> } | undefined;
}

/**
 * A component whose module is downloaded the first time it is drawn or `load` is asked: one
 * download for a head start and React.lazy, no unhandled rejection when a head start fails
 * (React.lazy reports it, when the component renders), and a module gone after a deploy reloads
 * the tab into the new version (recoveringFromDeploy).
 */
function onDemandComponent<P>(importer: () => Promise<{ default: ComponentType<P> }>): OnDemandModule<P> {
  let drawing: { default: ComponentType<P> } | undefined;
  const load = loadOnce(recoveringFromDeploy(() => importer().then((loaded) => (drawing = loaded))));
  return { load, Component: lazy(load), loaded: () => drawing };
}

type Drawing = { default: ComponentType };

/**
 * Every module of the route table (src/app/route-table.ts) loaded on demand, by its path from
 * the root ('/src/ui/pages/…'). The patterns name pages and layouts only: a file matched here
 * becomes a chunk of its own even if nothing asks for it, so keep them to the table's modules
 * (a module of the table missing here fails routeModule() at start).
 */
const ROUTE_MODULES = import.meta.glob<Drawing>([
  '/src/ui/pages/**/*-page.tsx',
  '/src/ui/pages/admin/admin-{layout,guard,not-found}.tsx',
  // Shipped with the shell (below), and the frame the legal pages share.
  '!/src/ui/pages/home/home-page.tsx',
  '!/src/ui/pages/legal/legal-page.tsx',
]);

/** The table's modules that ship with the shell: the most common first page's first paint waits for one file, not two. */
const SHIPPED_ROUTE_MODULES: Readonly<Record<string, ComponentType>> = { 'src/ui/pages/home/home-page.tsx': HomePage };

/** A module of the route table marked `eager`: the component itself, shipped with the shell. */
export function shippedRouteModule(path: string): ComponentType {
  const module = SHIPPED_ROUTE_MODULES[path];
  if (!module) throw new Error(`${path} is not shipped with the shell: add it to SHIPPED_ROUTE_MODULES in src/app/on-demand.ts`);
  return module;
}

const modules = new Map<string, OnDemandModule>();

/** The module of the table at `path` (from the root, 'src/ui/…'): one lazy component for every route that shows it. */
export function routeModule(path: string): OnDemandModule {
  const known = modules.get(path);
  if (known) return known;
  const importer = ROUTE_MODULES[`/${path}`];
  if (!importer) throw new Error(`No on-demand module ${path}: add it to ROUTE_MODULES in src/app/on-demand.ts`);
  const module = onDemandComponent(importer);
  modules.set(path, module);
  return module;
}

/** The toaster, downloaded with the first toast: a first visit without one never needs it. */
export const Toaster = onDemandComponent(() => import('@/ui/toast/toaster')).Component;

/** The install and update banners, downloaded the first time one has something to show. */
export const PwaBanners = onDemandComponent(() => import('@/ui/pwa/pwa-banners')).Component;
