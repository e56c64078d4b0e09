import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { LegalPath } from '../../shell/legal-links';

// Each legal page is loaded when shown; the route table knows only this module, one lazy element
// for the four routes.
const PAGES: Record<LegalPath, LazyExoticComponent<ComponentType>> = {
  'mentions-legales': lazy(() => import('./mentions-legales-page')),
  'conditions-generales-de-vente': lazy(() => import('./conditions-generales-page')),
  'politique-de-confidentialite': lazy(() => import('./politique-confidentialite-page')),
  'livraison-et-retours': lazy(() => import('./livraison-retours-page')),
};

/** The element of the four legal routes (src/ui/app.tsx): the page named by its path. */
export default function LegalRoute({ page }: { page: LegalPath }) {
  const Page = PAGES[page];
  return <Page />;
}
