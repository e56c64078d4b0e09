import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemoryKeyValueStore, MemoryStorageArea } from '@/adapters/memory/memory-key-value-store';
import type { PlaceOrderRequest } from '@/domain/order/order';
import { FAKE_PRODUCTS } from '../fakes/fake-catalogue';
import { renderAsAdmin } from './admin-helpers';
import { renderShop } from './render-shop';

// Issue 42, point 9: an action that takes away the control that had the focus (or disables it
// while it works) sends the focus somewhere a keyboard or screen-reader user expects, never back
// to the top of the page.

const BOL = FAKE_PRODUCTS.find((p) => p.id === 'bol-gres-bleu')!;
const CARNET = FAKE_PRODUCTS.find((p) => p.id === 'carnet-lin')!;
const focused = () => document.activeElement;

function seeded(key: string, value: unknown) {
  const area = new MemoryStorageArea();
  new MemoryKeyValueStore(area).set(key, JSON.stringify(value));
  return area;
}
const cartLine = (p: (typeof FAKE_PRODUCTS)[number]) => ({
  id: p.id,
  name: p.name,
  price: p.price,
  originalPrice: p.price,
  image: '/x.svg',
  category: p.category,
  quantity: 1,
  inStock: true,
});
const favorite = (p: (typeof FAKE_PRODUCTS)[number]) => ({ id: p.id, name: p.name, price: p.price, category: p.category });

const CLAIRE: PlaceOrderRequest = {
  contact: { name: 'Claire Martin', email: 'claire@exemple.fr', phone: '+33612345678' },
  address: { street: '12 rue des Lilas', postalCode: '75011', city: 'Paris', country: 'France' },
  deliveryMethod: 'domicile',
  relayPoint: null,
  payment: { method: 'carte' },
  lines: [{ productId: BOL.id, quantity: 2 }],
};

describe('the focus after an action', () => {
  it('a cart line removed: the next line’s « Retirer », then, the cart empty, the page’s title', async () => {
    const { user } = renderShop('/panier', seeded('cart', [cartLine(BOL), cartLine(CARNET)]));
    await screen.findByRole('link', { name: CARNET.name });
    await user.click(screen.getByRole('button', { name: new RegExp(`^Retirer ?«.${BOL.name}.» du panier$`) }));
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(1));
    expect(focused()).toBe(screen.getByRole('button', { name: new RegExp(`^Retirer ?«.${CARNET.name}.» du panier$`) }));
    await user.click(screen.getByRole('button', { name: new RegExp(`^Retirer ?«.${CARNET.name}.» du panier$`) }));
    await screen.findByText('Votre panier est vide.');
    expect(focused()).toBe(screen.getByRole('heading', { level: 1, name: 'Votre panier' }));
  });

  it('a cart line brought to 0 with « − »: the next line’s quantity field', async () => {
    const { user } = renderShop('/panier', seeded('cart', [cartLine(BOL), cartLine(CARNET)]));
    await screen.findByRole('link', { name: CARNET.name });
    await user.click(screen.getByRole('button', { name: `Retirer un «\u202f${BOL.name}\u202f»` }));
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(1));
    expect(focused()).toBe(screen.getByLabelText(`Quantité de « ${CARNET.name} »`));
  });

  it('a favorite removed: the next favorite’s « Retirer », then the page’s title', async () => {
    const { user } = renderShop('/favoris', seeded('favorites', [favorite(BOL), favorite(CARNET)]));
    await screen.findByRole('link', { name: CARNET.name });
    await user.click(screen.getByRole('button', { name: new RegExp(`^Retirer ?«.${BOL.name}.» des favoris$`) }));
    await waitFor(() => expect(screen.getAllByTestId('favorite-line')).toHaveLength(1));
    expect(focused()).toBe(screen.getByRole('button', { name: new RegExp(`^Retirer ?«.${CARNET.name}.» des favoris$`) }));
    await user.click(screen.getByRole('button', { name: new RegExp(`^Retirer ?«.${CARNET.name}.» des favoris$`) }));
    await screen.findByText(/^Aucun favori pour le moment/);
    expect(focused()).toBe(screen.getByRole('heading', { level: 1, name: 'Vos favoris' }));
  });

  it('« Me prévenir du retour en stock »: the confirmation that replaces it', async () => {
    const { user } = renderShop('/produit/bougie-figuier');
    await user.click(await screen.findByRole('button', { name: /^Me prévenir du retour en stock/ }));
    const said = await screen.findByText('C’est noté\u00a0: vous serez prévenu de son retour en stock.', { normalizer: (text) => text });
    expect(focused()).toBe(said);
  });

  it('a back-office status button: the section’s title, above the next status’s buttons', async () => {
    const view = renderAsAdmin('/admin');
    const placed = await view.orders.place(CLAIRE);
    if (!placed.ok) throw new Error(placed.error.message);
    await view.orders.recordProviderOutcome(placed.value.number, { to: 'payee', payment: { reference: 'SIMU-1', last4: '4242' } });
    await act(() => view.router.navigate(`/admin/commandes/${placed.value.number}`));
    await view.user.click(await screen.findByRole('button', { name: 'Marquer comme expédiée' }));
    await screen.findByRole('button', { name: 'Marquer comme livrée' });
    expect(focused()).toBe(screen.getByRole('heading', { level: 2, name: 'Changer le statut' }));
  });

  it('a wrong admin password: the emptied password field, described by the message', async () => {
    const { user, clock } = renderShop('/admin');
    await user.type(await screen.findByLabelText('Adresse email', { selector: '#admin-email' }), 'admin@exemple.fr');
    await user.type(screen.getByLabelText('Mot de passe'), 'mauvais');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await act(() => clock.advanceAsync(500));
    const alert = await screen.findByRole('alert');
    const field = screen.getByLabelText('Mot de passe') as HTMLInputElement;
    await waitFor(() => expect(focused()).toBe(field));
    expect(field.value).toBe('');
    expect(field.getAttribute('aria-describedby')).toBe(alert.id);
  });

  it('the withdrawal confirmed with nothing ticked: the checkout’s error summary, focused', async () => {
    const view = renderShop('/');
    const placed = await view.orders.place(CLAIRE);
    if (!placed.ok) throw new Error(placed.error.message);
    await act(() => view.router.navigate(`/commande/retractation/${placed.value.number}`));
    await view.user.click(await screen.findByRole('button', { name: 'Confirmer la rétractation' }));
    const summary = await screen.findByRole('alert');
    expect(summary.className).toBe('error-summary');
    expect(within(summary).getByRole('heading', { level: 2 }).textContent).toBe('Choisissez au moins un article dont vous vous rétractez.');
    expect(focused()).toBe(summary);
  });
});
