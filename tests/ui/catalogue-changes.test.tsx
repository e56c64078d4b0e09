import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderShop } from './render-shop';

const quantity = () => (screen.getByRole('spinbutton') as HTMLInputElement).value;

describe('an open storefront follows the back office’s changes', () => {
  it('a product page shows the new price and stock as soon as the change is announced, keeping what the shopper chose', async () => {
    const { user, catalogue, catalogueChanges } = renderShop('/produit/bol-gres-bleu');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bol en grès bleu' })).toBeTruthy();
    expect(screen.getByText(/^18,90\s€$/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ajouter un «\u202fBol en grès bleu\u202f»' }));
    expect(quantity()).toBe('2');

    catalogue.change('bol-gres-bleu', { price: 16.5, stock: 4 });
    // Nothing says the catalogue changed yet: the page keeps what it read.
    expect(screen.getByText(/^18,90\s€$/)).toBeTruthy();
    catalogueChanges.announce({ productId: 'bol-gres-bleu', kind: 'saved' });

    expect(await screen.findByText(/^16,50\s€$/)).toBeTruthy();
    expect(screen.queryByText(/^18,90\s€$/)).toBeNull();
    expect(screen.getByText('Plus que 4 en stock')).toBeTruthy();
    // The same page, not a new one: the quantity chosen is still there.
    expect(quantity()).toBe('2');
  });

  it('a product deleted while its page is open gives way to « Produit introuvable »', async () => {
    const { catalogue, catalogueChanges } = renderShop('/produit/carnet-lin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Carnet en lin' })).toBeTruthy();
    catalogue.remove('carnet-lin');
    catalogueChanges.announce({ productId: 'carnet-lin', kind: 'deleted' });
    expect(await screen.findByRole('heading', { name: 'Produit introuvable' })).toBeTruthy();
  });

  it('the shop page drops a deleted product from its grid and its count', async () => {
    const { catalogue, catalogueChanges } = renderShop('/boutique');
    expect(await screen.findByText('4 produits')).toBeTruthy();
    catalogue.remove('plaid-laine-moutarde');
    catalogueChanges.announce({ productId: 'plaid-laine-moutarde', kind: 'deleted' });
    expect(await screen.findByText('3 produits')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Plaid en laine moutarde' })).toBeNull());
  });
});
