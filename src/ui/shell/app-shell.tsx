import { COMPANY } from '@/domain/company';
import { Suspense, type ComponentType } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { useCatalogueChanges } from '../catalogue/use-catalogue-changes';
import { NewsletterForm } from '../components/newsletter-form';
import type { PwaBannersProps } from '../pwa/pwa-banners';
import { PwaOverlays } from '../pwa/pwa-overlays';
import { AdminLink, Header } from './header';
import { LegalLinks, type FooterLink } from './legal-links';
import { OfflineIndicator } from './offline-indicator';
import { ScrollPosition } from './scroll-position';
import { Loading } from '../components/loading';
import { paths } from '@/domain/site-paths';

/** The frame of every page; the app gives it the legal pages to link and the PWA banners to show. */
export function AppShell({ legalPages, pwaBanners }: { legalPages: readonly FooterLink[]; pwaBanners: ComponentType<PwaBannersProps> }) {
  // Every page follows the back office's changes: a new price, a product gone, without a reload.
  useCatalogueChanges();
  return (
    <div className="app">
      <Header />
      <OfflineIndicator />
      <main id="contenu" className="main" tabIndex={-1}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="site-footer">
        <NewsletterForm />
        <LegalLinks pages={legalPages} />
        <p className="legal">© 2026 {COMPANY.tradeName} · Prix TTC en euros</p>
        <p className="legal">
          <NavLink to={paths.myOrders}>Mes commandes</NavLink> · <NavLink to={paths.notifications}>Notifications</NavLink> · <AdminLink />
        </p>
      </footer>
      <PwaOverlays banners={pwaBanners} />
      <ScrollPosition />
    </div>
  );
}
