import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { LegalPath } from '../../shell/legal-links';

// Each legal page is its own chunk, loaded when shown; this one small chunk is the only thing
// the main chunk knows of them, so the four routes cost the first visit a single lazy import.
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
