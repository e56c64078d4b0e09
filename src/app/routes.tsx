import type { ComponentType } from 'react';
import { useMatches, type RouteObject } from 'react-router-dom';
import { AppShell } from '@/ui/shell/app-shell';
import { onDemand, PwaBanners, SHIPPED_ROUTE_MODULES, type OnDemandModule } from './on-demand';
import { LEGAL_ROUTES, ROUTE_TABLE, type RouteEntry } from './route-table';

/** What a route of the table carries for the router: its module's download, when on demand. */
interface RouteHandle {
  readonly load?: OnDemandModule['load'];
}

/**
 * The element of a route whose module loads on demand. Every such module the address needs (the
 * admin layout, the guard, the page) starts downloading as soon as the outermost one renders,
 * rather than each once its layout has arrived.
 */
function OnDemandRoute({ module }: { module: OnDemandModule }) {
  for (const match of useMatches()) void (match.handle as RouteHandle | undefined)?.load?.();
  return <module.Component />;
}

function shipped(path: string): ComponentType {
  const module = SHIPPED_ROUTE_MODULES[`/${path}`];
  if (!module) throw new Error(`${path} is not shipped with the shell: add it to SHIPPED_ROUTE_MODULES in src/app/on-demand.ts`);
  return module.default;
}

function toRoute(entry: RouteEntry): RouteObject {
  let element;
  let handle: RouteHandle | undefined;
  if (entry.module && entry.eager) {
    const Page = shipped(entry.module);
    element = <Page />;
  } else if (entry.module) {
    const module = onDemand(entry.module);
    element = <OnDemandRoute module={module} />;
    handle = { load: module.load };
  }
  if (entry.index) return { index: true, element, handle };
  return { path: entry.path, element, handle, children: entry.children?.map(toRoute) };
}

const LEGAL_PAGES = LEGAL_ROUTES.map(({ path, title }) => ({ to: `/${path}`, title }));

/** The router's routes, from the route table: every page inside the shell. */
export const routes: RouteObject[] = [
  {
    element: <AppShell legalPages={LEGAL_PAGES} pwaBanners={PwaBanners} />,
    children: ROUTE_TABLE.map(toRoute),
  },
];
