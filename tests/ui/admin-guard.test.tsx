import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_AUTH_GATEWAY } from '@/ports/admin-auth-gateway';
import { safeReturnPath } from '@/ui/pages/admin/admin-return-path';
import { pathOf, renderAsAdmin, signInThroughForm } from './admin-helpers';
import { FakeAdminAuthGateway, TEST_ADMIN } from '../fakes/fake-admin-auth-gateway';
import { renderShop } from './render-shop';

/** A backend that keeps the session but answers `currentSession` only when the test says so. */
class SlowToRestore extends FakeAdminAuthGateway {
  private release: () => void = () => undefined;
  private readonly answered = new Promise<void>((resolve) => (this.release = resolve));

  override async currentSession() {
    await this.answered;
    return super.currentSession();
  }

  answer(): void {
    this.release();
  }
}

const signInHeading = () => screen.findByRole('heading', { level: 1, name: 'Connexion administrateur' });

describe('admin routes: the guard', () => {
  it.each([
    ['/admin', '/admin/connexion'],
    ['/admin/produits', '/admin/connexion?retour=%2Fadmin%2Fproduits'],
    ['/admin/produits/nouveau', '/admin/connexion?retour=%2Fadmin%2Fproduits%2Fnouveau'],
    ['/admin/produits/bol-gres-bleu', '/admin/connexion?retour=%2Fadmin%2Fproduits%2Fbol-gres-bleu'],
    ['/admin/newsletter', '/admin/connexion?retour=%2Fadmin%2Fnewsletter'],
    ['/admin/nulle-part', '/admin/connexion?retour=%2Fadmin%2Fnulle-part'],
  ])('without a session, %s leads to the sign-in, remembering the page', async (path, signIn) => {
    const view = renderShop(path);
    await signInHeading();
    expect(pathOf(view)).toBe(signIn);
    expect(screen.queryByRole('navigation', { name: 'Administration' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Se déconnecter' })).toBeNull();
  });

  it('after signing in, the admin lands on the page asked for, filters included', async () => {
    const view = renderShop('/admin/produits?stock=epuise');
    await signInHeading();
    await signInThroughForm(view);
    expect(await screen.findByRole('heading', { level: 1, name: 'Produits' })).toBeTruthy();
    expect(pathOf(view)).toBe('/admin/produits?stock=epuise');
    expect(await screen.findByText('Bougie parfumée figuier')).toBeTruthy();
  });

  it('a return address outside the back office is ignored: the dashboard opens', async () => {
    const view = renderShop('/admin/connexion?retour=https%3A%2F%2Fexemple.com%2Fadmin');
    await signInThroughForm(view);
    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeTruthy();
    expect(pathOf(view)).toBe('/admin');
  });

  it.each(['https://exemple.com/admin', '//exemple.com/admin', '/panier', '/administrateur', '/admin/connexion', '/\\exemple.com', 'admin'])(
    'safeReturnPath(%s) answers the dashboard',
    (asked) => {
      expect(safeReturnPath(asked, 'http://localhost')).toBe('/admin');
    },
  );

  it('a reload with a stored session opens the page asked for without passing through the sign-in', async () => {
    const view = renderAsAdmin('/admin/produits');
    expect(await screen.findByRole('heading', { level: 1, name: 'Produits' })).toBeTruthy();
    // Never redirected: the address is still the one the page was loaded at.
    expect(view.router.state.historyAction).toBe('POP');
    expect(pathOf(view)).toBe('/admin/produits');
  });

  it('while a backend has not yet said whether a session is open, neither the sign-in nor the page shows', async () => {
    const gateway = new SlowToRestore({ session: { email: TEST_ADMIN.email } });
    const view = renderShop('/admin/produits', undefined, (c) => c.register(ADMIN_AUTH_GATEWAY, { useValue: gateway }));
    await act(async () => {
      await Promise.all([
        import('@/ui/pages/admin/admin-layout'),
        import('@/ui/pages/admin/admin-guard'),
        import('@/ui/pages/admin/products/admin-products-page'),
      ]);
    });
    expect(screen.getByRole('status').textContent).toBe('Chargement…');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(pathOf(view)).toBe('/admin/produits');

    await act(async () => gateway.answer());
    expect(await screen.findByRole('heading', { level: 1, name: 'Produits' })).toBeTruthy();
    expect(view.router.state.historyAction).toBe('POP');
  });

  it('a signed-in admin who opens the sign-in goes on to the dashboard', async () => {
    const view = renderAsAdmin('/admin/connexion');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeTruthy();
    expect(pathOf(view)).toBe('/admin');
  });

  it('every admin page shows the back office’s navigation, and they link to each other', async () => {
    const view = renderAsAdmin('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Administration' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Tableau de bord', '/admin'],
      ['Commandes', '/admin/commandes'],
      ['Produits', '/admin/produits'],
      ['Newsletter', '/admin/newsletter'],
      ['Voir la boutique', '/'],
    ]);
    await view.user.click(within(nav).getByRole('link', { name: 'Produits' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Produits' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Produits' }).getAttribute('aria-current')).toBe('page');
  });

  it('« Se déconnecter » on an admin page ends the session and shows the sign-in, and the page is closed to the visitor', async () => {
    const view = renderAsAdmin('/admin/produits/bol-gres-bleu');
    expect(await screen.findByRole('heading', { level: 1, name: 'Modifier «\u202fBol en grès bleu\u202f»' })).toBeTruthy();
    await view.user.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    await signInHeading();
    expect(pathOf(view)).toBe('/admin/connexion');
    expect([view.store.get('temp_admin_auth'), view.store.get('temp_admin_email')]).toEqual([null, null]);

    await view.router.navigate('/admin/produits/bol-gres-bleu');
    await signInHeading();
    expect(screen.queryByLabelText('Nom')).toBeNull();
  });

  it('admin pages, the sign-in included, ask search engines not to index them, and have French titles', async () => {
    const view = renderShop('/admin/produits');
    await signInHeading();
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(document.title).toBe('Connexion administrateur · La Petite Boutique');
    await signInThroughForm(view);
    await screen.findByRole('heading', { level: 1, name: 'Produits' });
    expect(document.title).toBe('Produits · Administration · La Petite Boutique');
    expect(document.head.querySelectorAll('meta[name="robots"]')).toHaveLength(1);

    await view.user.click(screen.getByRole('link', { name: 'Voir la boutique' }));
    await screen.findByRole('heading', { level: 1, name: 'Des objets simples pour la maison' });
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
  });
});
