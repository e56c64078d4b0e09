// The bare stack of the shop, used for real so that every library is in the bundle: a
// tsyringe container resolves the text, TanStack Query serves it, react-router-dom renders the
// one route. The heading and the paragraph are painted by the first render (the LCP element).
import 'reflect-metadata';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { container } from 'tsyringe';

interface FloorText {
  readonly title: string;
  readonly paragraph: string;
}

const FLOOR_TEXT = Symbol('FloorText');
container.register<FloorText>(FLOOR_TEXT, {
  useValue: {
    title: 'Page témoin',
    paragraph:
      'Cette page charge React, react-router-dom, TanStack Query et tsyringe, comme la boutique, ' +
      'et n’affiche rien d’autre que ce titre et ce paragraphe. Elle sert de plancher : la ' +
      'vitesse de chaque page de la boutique est mesurée par rapport à la sienne, dans la même ' +
      'série de mesures, sur la même machine.',
  },
});

function FloorPage() {
  const text = container.resolve<FloorText>(FLOOR_TEXT);
  const { data } = useQuery({ queryKey: ['floor-text'], queryFn: () => text, initialData: text, staleTime: Infinity });
  return (
    <main>
      <h1>{data.title}</h1>
      <p>{data.paragraph}</p>
    </main>
  );
}

const router = createBrowserRouter([{ path: '/', element: <FloorPage /> }]);
const queryClient = new QueryClient();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from bench/floor/index.html');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
