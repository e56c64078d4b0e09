import { useState, type ComponentType } from 'react';
import { matchRoutes, useMatches, type RouteObject } from 'react-router-dom';
import { AppShell } from '@/ui/shell/app-shell';
import { RouteError } from '@/ui/shell/route-error';
import { PwaBanners, routeModule, shippedRouteModule, type OnDemandModule } from './on-demand';
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
  // Chosen once for the route's life, so the page is never drawn anew by a switch: the module
  // itself when it is already there (a prerendered page is hydrated, or rendered at build, in
  // one go, as its HTML shows it), else React.lazy, which shows the loading state meanwhile.
  const [Drawn] = useState<ComponentType>(() => module.loaded()?.default ?? module.Component);
  return <Drawn />;
}

function toRoute(entry: RouteEntry): RouteObject {
  let element;
  let handle: RouteHandle | undefined;
  if (entry.module && entry.eager) {
    const Page = shippedRouteModule(entry.module);
    element = <Page />;
  } else if (entry.module) {
    const module = routeModule(entry.module);
    // Keyed by its module: two routes side by side (a step and the confirmation) never share a page.
    element = <OnDemandRoute key={entry.module} module={module} />;
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
    // A page that cannot be drawn (its code unreachable, or failing) says so inside the shell;
    // the shell itself failing, in its place: never React Router's English page, never a blank one.
    errorElement: <RouteError standalone />,
    children: ROUTE_TABLE.map((entry) => ({ ...toRoute(entry), errorElement: <RouteError /> })),
  },
];

/**
 * Downloads every module the address draws with (its layouts and its page). A page written
 * ahead of time is hydrated, and rendered at build, once they are all there: React then finds
 * them as the HTML shows them.
 */
export function loadModulesOf(pathname: string): Promise<unknown> {
  const matches = matchRoutes(routes, pathname) ?? [];
  return Promise.all(matches.map((match) => (match.route.handle as RouteHandle | undefined)?.load?.()));
}
