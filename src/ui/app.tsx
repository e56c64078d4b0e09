import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import type { DependencyContainer } from 'tsyringe';
import { ContainerProvider } from './di/container-context';
import { ToastStoreProvider } from './toast/toast-context';
import { ToastArea } from './toast/toast-area';

/** The shop's query cache, as every page expects it. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    // offlineFirst: offline, a query still runs once (the service worker may well answer
    // it from its cache); only retries wait for the network. The default ('online') would
    // leave every page « Recherche… » for good as soon as navigator.onLine is false.
    defaultOptions: { queries: { staleTime: 60_000, networkMode: 'offlineFirst' }, mutations: { networkMode: 'offlineFirst' } },
  });
}

/** Every page sits inside the container, the query client and the toast area (spec §2). */
export function AppProviders({
  container,
  toaster,
  children,
  queryClient: given,
}: {
  container: DependencyContainer;
  /** What shows the toasts (src/app decides how it arrives). */
  toaster: ComponentType;
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <ContainerProvider container={container}>
      <QueryClientProvider client={queryClient}>
        <ToastStoreProvider>
          {children}
          <ToastArea toaster={toaster} />
        </ToastStoreProvider>
      </QueryClientProvider>
    </ContainerProvider>
  );
}

/** The shop: `routes` are the app's route table (src/app), every page inside the shell. */
export function App({
  container,
  routes,
  toaster,
  queryClient,
  onStarted,
}: {
  container: DependencyContainer;
  routes: RouteObject[];
  toaster: ComponentType;
  queryClient?: QueryClient;
  /** Once the shop has taken over the page (rendered it, or hydrated the HTML it was given). */
  onStarted?: () => void;
}) {
  const [router] = useState(() => createBrowserRouter(routes));
  useEffect(() => onStarted?.(), [onStarted]);
  return (
    <StrictMode>
      <AppProviders container={container} toaster={toaster} queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}
