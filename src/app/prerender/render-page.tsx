// One page of the shop rendered to HTML ahead of time, with the catalogue's answers it shows,
// for the client to hydrate (src/app/main.tsx). The pages are the app's own, unchanged: their
// queries are found by rendering, answered, and the page rendered again until it asks nothing
// more (a product page asks for its related products once it has the product).
import { dehydrate, QueryClient, type DehydratedState, type Query } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import type { DependencyContainer } from 'tsyringe';
import { AppProviders } from '@/ui/app';
import { Toaster } from '../on-demand';
import { loadModulesOf, routes } from '../routes';

export interface RenderedPage {
  /** What #root holds. */
  readonly html: string;
  /** The catalogue's answers the page shows, for the client's query cache. */
  readonly state: DehydratedState;
}

/** Enough for a page that asks, then asks what the answer names, then once more. */
const MAX_PASSES = 5;
/** React's markers of a boundary left to the client (a page or a module still loading). */
const LEFT_TO_CLIENT = /<!--\$[!?]-->/;

function enabled(query: Query): boolean {
  const option = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof option === 'function' ? option(query) : option !== false;
}

/** Fetches what the last render asked for and has no answer yet; resolves to how many there were. */
async function answerQueries(client: QueryClient): Promise<number> {
  const waiting = client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' && enabled(query));
  await Promise.all(waiting.map((query) => query.fetch()));
  return waiting.length;
}

/**
 * The answers without the time they were read: the same catalogue gives the same page, build
 * after build (an installed shop downloads an update only when something changed), and the
 * client finds them stale at once, so it asks the catalogue again as soon as it has taken over.
 */
function timeless(state: DehydratedState): DehydratedState {
  return { ...state, queries: state.queries.map((query) => ({ ...query, dehydratedAt: 0, state: { ...query.state, dataUpdatedAt: 0 } })) };
}

/** `path` rendered with `container`'s adapters; rejects when the page still waits after MAX_PASSES or a query fails. */
export async function renderPage(path: string, container: DependencyContainer): Promise<RenderedPage> {
  await loadModulesOf(path);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path}: the router answered a redirect (${context.status})`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // Never stale by itself: the pass that follows a fetch must see its answer.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const render = () =>
    renderToString(
      <StrictMode>
        <AppProviders container={container} toaster={Toaster} queryClient={client}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StrictMode>,
    );
  for (let pass = 1; pass <= MAX_PASSES; pass++) {
    const html = render();
    const asked = await answerQueries(client);
    if (asked === 0 && !LEFT_TO_CLIENT.test(html)) {
      const failed = client
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.status === 'error');
      if (failed.length) throw new Error(`${path}: ${failed.map((q) => `${JSON.stringify(q.queryKey)} failed: ${String(q.state.error)}`).join('; ')}`);
      return { html, state: timeless(dehydrate(client)) };
    }
  }
  throw new Error(`${path}: still waiting for data or code after ${MAX_PASSES} renders`);
}
