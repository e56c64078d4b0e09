import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { useCatalogueChanges } from '../catalogue/use-catalogue-changes';
import { NewsletterForm } from '../components/newsletter-form';
import { PwaOverlays } from '../pwa/pwa-overlays';
import { AdminLink, Header } from './header';
import { LegalLinks } from './legal-links';
import { OfflineIndicator } from './offline-indicator';
import { ScrollPosition } from './scroll-position';

export function AppShell() {
  // Every page follows the back office's changes: a new price, a product gone, without a reload.
  useCatalogueChanges();
  return (
    <div className="app">
      <Header />
      <OfflineIndicator />
      <main id="contenu" className="main" tabIndex={-1}>
        <Suspense fallback={<p className="loading" role="status">Chargement…</p>}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="site-footer">
        <NewsletterForm />
        <LegalLinks />
        <p className="legal">© 2026 La Petite Boutique · Prix TTC en euros</p>
        <p className="legal"><NavLink to="/mes-commandes">Mes commandes</NavLink> · <AdminLink /></p>
      </footer>
      <PwaOverlays />
      <ScrollPosition />
    </div>
  );
}
