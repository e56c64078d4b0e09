import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PlaceOrderRequest } from '@/domain/order/order';
import { FAKE_PRODUCTS } from '../fakes/fake-catalogue';
import { renderAsAdmin } from './admin-helpers';
import { renderShop } from './render-shop';

// Issue 42, point 3: a partial withdrawal leaves the rest withdrawable. The withdrawal page lists
// what was already withdrawn and offers only what remains of each line; the back office handles
// each withdrawal on its own.

const BOL = FAKE_PRODUCTS.find((p) => p.id === 'bol-gres-bleu')!;
const CARNET = FAKE_PRODUCTS.find((p) => p.id === 'carnet-lin')!;

const CLAIRE: PlaceOrderRequest = {
  contact: { name: 'Claire Martin', email: 'claire@exemple.fr', phone: '+33612345678' },
  address: { street: '12 rue des Lilas', postalCode: '75011', city: 'Paris', country: 'France' },
  deliveryMethod: 'domicile',
  relayPoint: null,
  payment: { method: 'a-la-livraison' },
  lines: [
    { productId: BOL.id, quantity: 3 },
    { productId: CARNET.id, quantity: 1 },
  ],
};

describe('withdrawing the rest of an order', () => {
  it('the withdrawal page shows the withdrawal received, then offers only what remains: two bowls of three, the notebook', async () => {
    const view = renderShop('/');
    const placed = await view.orders.place(CLAIRE);
    if (!placed.ok) throw new Error(placed.error.message);
    const number = placed.value.number;
    await view.orders.changeStatus(number, 'livree');
    await view.orders.withdraw(number, [{ line: 0, quantity: 1 }]);
    await act(() => view.router.navigate(`/commande/retractation/${number}`));

    expect(await screen.findByRole('heading', { name: 'Rétractation déjà reçue' })).toBeTruthy();
    expect(within(screen.getByTestId('withdrawal-received')).getByRole('listitem').textContent).toBe('1 × Bol en grès bleu');
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes.map((box) => box.closest('label')!.textContent)).toEqual(['Bol en grès bleu × 2 (37,80\u00a0€)', 'Carnet en lin × 1 (12,50\u00a0€)']);
    await view.user.click(boxes[0]!);
    const quantity = screen.getByLabelText('Quantité dont vous vous rétractez') as HTMLSelectElement;
    expect([...quantity.options].map((option) => option.value)).toEqual(['1', '2']);
    expect(quantity.value).toBe('2');
  });

  it('the back office: each withdrawal its own status and button; recording one return moves that one only, the focus on its status', async () => {
    const view = renderAsAdmin('/');
    const placed = await view.orders.place(CLAIRE);
    if (!placed.ok) throw new Error(placed.error.message);
    const number = placed.value.number;
    await view.orders.changeStatus(number, 'livree');
    await view.orders.withdraw(number, [{ line: 0, quantity: 1 }]);
    await view.orders.withdraw(number, [{ line: 1, quantity: 1 }]);
    await act(() => view.router.navigate(`/admin/commandes/${number}`));

    const first = await screen.findByRole('article', { name: 'Rétractation n°\u00a01' });
    const second = screen.getByRole('article', { name: 'Rétractation n°\u00a02' });
    expect(within(second).getByRole('listitem').textContent).toBe('1 × Carnet en lin');
    await view.user.click(within(first).getByRole('button', { name: 'Enregistrer le retour des articles' }));
    await waitFor(() => expect(within(first).getByTestId('withdrawal-status').textContent).toBe('Articles retournés'));
    expect(within(second).getByTestId('withdrawal-status').textContent).toBe('Rétractation reçue');
    expect(within(second).getByRole('button', { name: 'Enregistrer le retour des articles' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(first).getByTestId('withdrawal-status').closest('p')));
  });

  it('withdrawn before shipping: « Mes commandes » and the owner’s cancellation say what the order still comes to, not the total as placed', async () => {
    const view = renderAsAdmin('/');
    const placed = await view.orders.place(CLAIRE);
    if (!placed.ok) throw new Error(placed.error.message);
    const number = placed.value.number;
    // 3 × 18,90 + 12,50 = 69,20 €, delivered free; the notebook withdrawn before shipping: 56,70 €.
    await view.orders.withdraw(number, [{ line: 1, quantity: 1 }]);
    await act(() => view.router.navigate('/mes-commandes'));
    expect((await screen.findByTestId('order-total')).textContent).toBe('56,70\u00a0€');
    await act(() => view.router.navigate(`/admin/commandes/${number}`));
    await view.user.click(await screen.findByRole('button', { name: 'Annuler la commande' }));
    // Paid on delivery, not yet handed over: nothing paid, 56,70 € still to pay.
    expect(screen.getByRole('dialog').textContent).toContain('Rien n’a encore été payé pour cette commande (56,70\u00a0€ à régler à la remise des articles)');
  });
});
