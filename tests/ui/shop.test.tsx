import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '@/ports/catalogue';
import type { DependencyContainer } from 'tsyringe';
import { FAKE_PRODUCTS, type FakeCatalogue } from '../fakes/fake-catalogue';
import { renderShop } from './render-shop';

const names = () => screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent);
/** The cards follow the count in a deferred render (ProductGrid): wait until they match. */
const expectNames = (expected: string[]) => waitFor(() => expect(names()).toEqual(expected));

describe('shop pages', () => {
  it('filters come from the address: a shared filtered link shows the same products', async () => {
    renderShop('/boutique?categorie=maison&tri=prix-decroissant');
    expect(await screen.findByText('2 produits')).toBeTruthy();
    await expectNames(['Plaid en laine moutarde', 'Bougie parfumée figuier']);
    expect((screen.getByLabelText('Catégorie') as HTMLSelectElement).value).toBe('maison');
  });

  it('typing in the search box narrows the grid and writes the search into the address', async () => {
    const { user, router } = renderShop('/boutique');
    await screen.findByText('4 produits');
    await user.type(screen.getByLabelText('Rechercher un produit'), 'carnet');
    expect(await screen.findByText('1 produit')).toBeTruthy();
    await expectNames(['Carnet en lin']);
    expect(router.state.location.search).toBe('?q=carnet');
  });

  it('counts the products exactly up to 1 000 and says « plus de 1 000 produits » past it, with a next page', async () => {
    const many = (n: number, category: string) =>
      Array.from({ length: n }, (_, i) => ({ ...FAKE_PRODUCTS[0]!, id: `${category}-${i}`, slug: `${category}-${i}`, name: `Objet ${i}`, category }));
    const fill = (container: DependencyContainer) => {
      container.resolve<FakeCatalogue>(CATALOGUE).products = [...many(1000, 'maison'), ...many(1, 'papeterie')];
    };
    const shop = renderShop('/boutique', undefined, fill);
    // Byte for byte: narrow no-break spaces between thousands, a no-break space before the word.
    // A thousand products' worth of data: given the time a loaded machine takes to filter them.
    const count = (text: string) => waitFor(() => expect(document.querySelector('.results-count')?.textContent).toBe(text), { timeout: 10_000 });
    await count('plus de 1\u202f000\u00a0produits');
    expect(screen.getByRole('link', { name: 'Page 42' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Page suivante' })).toBeTruthy();
    shop.unmount();
    const maison = renderShop('/boutique?categorie=maison', undefined, fill);
    await count('1\u202f000\u00a0produits');
    maison.unmount();
    renderShop('/boutique?categorie=papeterie', undefined, fill);
    await count('1\u00a0produit');
  });

  it('malformed filters in the address are ignored instead of breaking the page', async () => {
    renderShop('/boutique?prix_min=abc&tri=nimporte&page=-3');
    expect(await screen.findByText('4 produits')).toBeTruthy();
  });

  it('a product page shows the struck original price, the discount and adds the chosen quantity', async () => {
    const { user, store } = renderShop('/produit/bol-gres-bleu');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bol en grès bleu' })).toBeTruthy();
    expect(screen.getByText('−21 %')).toBeTruthy();
    expect(screen.getByRole('deletion').textContent).toMatch(/24,00\s€/);
    await user.click(screen.getByRole('button', { name: 'Ajouter un «\u202fBol en grès bleu\u202f»' }));
    await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }));
    expect(JSON.parse(store.get('cart') ?? '[]')).toMatchObject([{ id: 'bol-gres-bleu', quantity: 2 }]);
    expect(await screen.findByText('2 × « Bol en grès bleu » ajoutés au panier')).toBeTruthy();
  });

  it('with plenty in stock, the quantity stops at the 20 units one order may carry, and the page says so (issue 23)', async () => {
    const { user, store } = renderShop('/produit/bol-gres-bleu', undefined, (container) => {
      const catalogue = container.resolve<FakeCatalogue>(CATALOGUE);
      catalogue.products = catalogue.products.map((p) => (p.id === 'bol-gres-bleu' ? { ...p, stock: 500 } : p));
    });
    const field = await screen.findByLabelText('Quantité de « Bol en grès bleu »');
    await user.clear(field);
    await user.type(field, '25');
    await user.tab();
    await waitFor(() => expect((field as HTMLInputElement).value).toBe('20'));
    expect(screen.getByText('20 exemplaires au plus par commande.').getAttribute('role')).toBe('status');
    await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }));
    await waitFor(() => expect(JSON.parse(store.get('cart') ?? '[]')).toMatchObject([{ id: 'bol-gres-bleu', quantity: 20 }]));
  });

  it('an unknown product slug shows the French « Produit introuvable » page', async () => {
    renderShop('/produit/nexiste-pas');
    expect(await screen.findByRole('heading', { name: 'Produit introuvable' })).toBeTruthy();
  });

  it('an unknown category shows « Catégorie introuvable »', async () => {
    renderShop('/categorie/nexiste-pas');
    expect(await screen.findByRole('heading', { name: 'Catégorie introuvable' })).toBeTruthy();
  });

  it('an unreachable catalogue says so in French and offers to retry', async () => {
    const view = renderShop('/boutique');
    view.catalogue.failing = true;
    await view.router.navigate('/boutique?q=plaid');
    expect((await screen.findByRole('alert')).textContent).toContain('Le catalogue n’a pas pu être chargé.');
  });

  it('the favorites page moves a favorite into the cart', async () => {
    const { user, store } = renderShop('/boutique');
    const card = await screen.findByRole('article', { name: 'Carnet en lin' });
    await user.click(within(card).getByRole('button', { name: 'Ajouter «\u202fCarnet en lin\u202f» aux favoris' }));
    await user.click(screen.getByRole('link', { name: /^Favoris/ }));
    await user.click(await screen.findByRole('button', { name: /^Déplacer «.Carnet en lin.» dans le panier$/ }));
    expect(await screen.findByText('Aucun favori pour le moment.', { exact: false })).toBeTruthy();
    expect(JSON.parse(store.get('cart') ?? '[]')).toMatchObject([{ id: 'carnet-lin', quantity: 1 }]);
    expect(JSON.parse(store.get('favorites') ?? '[]')).toEqual([]);
  });
});
