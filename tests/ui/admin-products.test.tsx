import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pathOf, renderAsAdmin } from './admin-helpers';

const rows = () => screen.getAllByTestId('admin-product-row').map((row) => within(row).getByRole('link').textContent);

describe('admin dashboard', () => {
  it('counts products, out of stock, low stock and active subscribers, each a link to its list', async () => {
    const view = renderAsAdmin('/admin');
    const products = await screen.findByRole('link', { name: '4 produits' });
    expect(products.getAttribute('href')).toBe('/admin/produits');
    expect((await screen.findByRole('link', { name: '1 produit épuisé' })).getAttribute('href')).toBe('/admin/produits?stock=epuise');
    expect((await screen.findByRole('link', { name: '1 produit en stock faible' })).getAttribute('href')).toBe('/admin/produits?stock=faible');
    expect((await screen.findByRole('link', { name: '0 abonné actif' })).getAttribute('href')).toBe('/admin/newsletter');
    expect(document.title).toBe('Tableau de bord · Administration · La Petite Boutique');

    await view.user.click(screen.getByRole('link', { name: '1 produit en stock faible' }));
    await screen.findByRole('heading', { level: 1, name: 'Produits' });
    await screen.findByText('1 produit');
    expect(rows()).toEqual(['Carnet en lin']);
  });

  it('counts the active subscribers the newsletter holds', async () => {
    const view = renderAsAdmin('/admin');
    await screen.findByRole('link', { name: '4 produits' });
    // Two subscribe from the storefront's footer, one of them leaves.
    await view.user.click(screen.getByRole('link', { name: 'Voir la boutique' }));
    const footer = screen.getByRole('contentinfo');
    for (const email of ['a@exemple.fr', 'b@exemple.fr']) {
      await view.user.clear(within(footer).getByLabelText('Adresse email'));
      await view.user.type(within(footer).getByLabelText('Adresse email'), email);
      await view.user.click(within(footer).getByRole('button', { name: 'S’inscrire' }));
      await screen.findByText('Inscription réussie ! Un email de confirmation vous a été envoyé.');
      await view.user.click(screen.getByRole('button', { name: /fermer/i }));
      // The next subscription's toast must not be mistaken for this one while it closes.
      await waitFor(() => expect(screen.queryByText('Inscription réussie ! Un email de confirmation vous a été envoyé.')).toBeNull());
    }
    await view.router.navigate('/admin');
    expect(await screen.findByRole('link', { name: '2 abonnés actifs' })).toBeTruthy();
  });
});

describe('admin products list', () => {
  it('shows every product in a table: name, category, price in euros, stock and status', async () => {
    renderAsAdmin('/admin/produits');
    const table = await screen.findByRole('table');
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(cells).toEqual([
      ['Bol en grès bleu', 'Cuisine', '18,90\u00a0€', '10', 'En stock'],
      ['Bougie parfumée figuier', 'Maison', '22,00\u00a0€', '0', 'Épuisé'],
      ['Carnet en lin', 'Papeterie', '12,50\u00a0€', '3', 'Stock faible'],
      ['Plaid en laine moutarde', 'Maison', '59,00\u00a0€', '10', 'En stock'],
    ]);
    expect(within(table).getByRole('link', { name: 'Carnet en lin' }).getAttribute('href')).toBe('/admin/produits/carnet-lin');
    expect(screen.getByRole('link', { name: 'Nouveau produit' }).getAttribute('href')).toBe('/admin/produits/nouveau');
  });

  it('search, category and stock filters narrow the table and are kept in the address', async () => {
    const view = renderAsAdmin('/admin/produits');
    await screen.findByRole('table');
    await view.user.selectOptions(screen.getByLabelText('Catégorie'), 'maison');
    await screen.findByText('2 produits');
    expect(rows()).toEqual(['Bougie parfumée figuier', 'Plaid en laine moutarde']);
    await view.user.selectOptions(screen.getByLabelText('Stock'), 'epuise');
    await screen.findByText('1 produit');
    expect(rows()).toEqual(['Bougie parfumée figuier']);
    expect(pathOf(view)).toBe('/admin/produits?categorie=maison&stock=epuise');

    await view.user.selectOptions(screen.getByLabelText('Stock'), 'en-stock');
    await screen.findByText('1 produit');
    expect(rows()).toEqual(['Plaid en laine moutarde']);

    await view.user.selectOptions(screen.getByLabelText('Catégorie'), '');
    await view.user.selectOptions(screen.getByLabelText('Stock'), '');
    await view.user.type(screen.getByLabelText('Rechercher'), 'gres');
    await screen.findByText('1 produit');
    expect(rows()).toEqual(['Bol en grès bleu']);
    expect(pathOf(view)).toBe('/admin/produits?q=gres');
  });

  it('a filtered address opens with its filters set; nothing found says so', async () => {
    renderAsAdmin('/admin/produits?categorie=papeterie&stock=epuise');
    expect(await screen.findByText('Aucun produit ne correspond à ces filtres.')).toBeTruthy();
    expect((screen.getByLabelText('Catégorie') as HTMLSelectElement).value).toBe('papeterie');
    expect((screen.getByLabelText('Stock') as HTMLSelectElement).value).toBe('epuise');
  });
});

describe('admin products list: pages', () => {
  it('pages through the catalogue 20 products at a time, the page in the address', async () => {
    const view = renderAsAdmin('/admin');
    await screen.findByRole('link', { name: '4 produits' });
    const [first] = view.catalogue.products;
    view.catalogue.products = Array.from({ length: 45 }, (_, i) => ({
      ...first!,
      id: `produit-${i + 1}`,
      slug: `produit-${i + 1}`,
      name: `Produit ${String(i + 1).padStart(2, '0')}`,
    }));
    await view.router.navigate('/admin/produits');
    await screen.findByText('45 produits');
    expect(screen.getAllByTestId('admin-product-row')).toHaveLength(20);
    const pages = screen.getByRole('navigation', { name: 'Pagination' });
    expect(pages.textContent).toContain('Page 1 sur 3');
    await view.user.click(within(pages).getByRole('link', { name: 'Page suivante' }));
    await screen.findByText('Page 2 sur 3');
    expect(pathOf(view)).toBe('/admin/produits?page=2');
    await view.user.click(within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('link', { name: 'Page suivante' }));
    await screen.findByText('Page 3 sur 3');
    expect(screen.getAllByTestId('admin-product-row')).toHaveLength(5);
  });
});
