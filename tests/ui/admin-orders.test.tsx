import { COMPANY } from '@/domain/company';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BroadcastOrderChanges } from '@/adapters/browser/broadcast-order-changes';
import type { PlaceOrderRequest } from '@/domain/order/order';
import { ORDER_PATHS, ORDER_STATUSES, nextSteps, type PathOf } from '@/domain/order/order-status';
import { fail } from '@/domain/result';
import { statusOptionLabel } from '@/ui/format/status-label';
import { actionLabel } from '@/ui/pages/admin/orders/order-status-actions';
import { ORDER_CHANGES } from '@/ports/order-changes';
import { pathOf, renderAsAdmin, type ShopView } from './admin-helpers';

// The back office's orders (issue 13), over the fake OrderRepository: the orders list and its
// status filter, an order's page and its status changes, the dashboard's figures. The fake clock
// starts on 22 November 2026 at 11:00 in Paris.

const CLAIRE: Omit<PlaceOrderRequest, 'lines'> = {
  contact: { name: 'Claire Martin', email: 'claire@exemple.fr', phone: '+33612345678' },
  address: { street: '12 rue des Lilas', postalCode: '75011', city: 'Paris', country: 'France' },
  deliveryMethod: 'domicile',
  relayPoint: null,
  payment: { method: 'carte' },
};
const PAUL: Omit<PlaceOrderRequest, 'lines'> = {
  contact: { name: 'Paul Durand', email: 'paul@exemple.fr', phone: null },
  address: { street: '3 place du Marché', postalCode: '69002', city: 'Lyon', country: 'France' },
  deliveryMethod: 'point-relais',
  relayPoint: { id: 'DEMO-69002-01', name: 'Papeterie Bellecour', street: '14 rue de la Charité', postalCode: '69002', city: 'Lyon' },
  payment: { method: 'a-la-livraison' },
};

/**
 * Places an order through the repository, as a shopper's checkout does: its number. A card order
 * then waits for the payment provider (recordProviderOutcome), never for the back office.
 */
async function place(view: ShopView, who: Omit<PlaceOrderRequest, 'lines'>, lines: PlaceOrderRequest['lines']): Promise<string> {
  const placed = await view.orders.place({ ...who, lines });
  if (!placed.ok) throw new Error(placed.error.message);
  return placed.value.number;
}

/** Claire's card order of 2 bowls (2 × 18,90 € + 4,90 €), then Paul's of a notebook paid on delivery (12,50 € + 3,90 €), an hour later. */
async function twoOrders(view: ShopView) {
  const claire = await place(view, CLAIRE, [{ productId: 'bol-gres-bleu', quantity: 2 }]);
  // Claire paid on the provider's page, which told the backend.
  await view.orders.recordProviderOutcome(claire, { to: 'payee', payment: { reference: 'SIMU-1', last4: '4242' } });
  view.clock.advance(60 * 60 * 1000);
  const paul = await place(view, PAUL, [{ productId: 'carnet-lin', quantity: 1 }]);
  return { claire, paul };
}

const rows = () => screen.getAllByTestId('admin-order-row').map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

const announce = (view: ShopView) => view.container.resolve<BroadcastOrderChanges>(ORDER_CHANGES);

describe('admin orders list', () => {
  it('shows every order, newest first: number, date in Paris, customer, total in euros, status', async () => {
    const view = renderAsAdmin('/admin');
    await twoOrders(view);
    await view.user.click(within(await screen.findByRole('navigation', { name: 'Administration' })).getByRole('link', { name: 'Commandes' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Commandes' })).toBeTruthy();
    await screen.findByText('2 commandes');
    expect(rows()).toEqual([
      ['CMD-2026-000002', '22 novembre 2026 à 12:00', 'Paul Durandpaul@exemple.frPoint relais\u00a0: Papeterie Bellecour, Lyon', '16,40\u00a0€', 'En attente'],
      ['CMD-2026-000001', '22 novembre 2026 à 11:00', 'Claire Martinclaire@exemple.frLivraison à domicile', '42,70\u00a0€', 'Payée'],
    ]);
    expect(screen.getByRole('link', { name: 'CMD-2026-000001' }).getAttribute('href')).toBe('/admin/commandes/CMD-2026-000001');
    expect(document.title).toBe('Commandes · Administration · La Petite Boutique');
  });

  it('the status filter narrows the list and is kept in the address; a status with no order says so', async () => {
    const view = renderAsAdmin('/admin/produits');
    await twoOrders(view);
    await view.router.navigate('/admin/commandes');
    await screen.findByText('2 commandes');
    const select = screen.getByLabelText('Statut') as HTMLSelectElement;
    // Every status of every path (their French names: tests/unit/ui/status-label.test.ts).
    expect([...select.options].map((o) => o.textContent)).toEqual(['Toutes', ...ORDER_STATUSES.map(statusOptionLabel)]);
    await view.user.selectOptions(select, 'payee');
    await screen.findByText('1 commande');
    expect(rows().map(([number]) => number)).toEqual(['CMD-2026-000001']);
    expect(pathOf(view)).toBe('/admin/commandes?statut=payee');

    await view.user.selectOptions(select, 'livree');
    expect(await screen.findByText('Aucune commande « livrée ».')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();

    await view.user.selectOptions(select, '');
    await screen.findByText('2 commandes');
    expect(pathOf(view)).toBe('/admin/commandes');
  });

  it('a filtered address opens with its filter set; an unknown status shows every order', async () => {
    const view = renderAsAdmin('/admin/produits');
    await twoOrders(view);
    await view.router.navigate('/admin/commandes?statut=en-attente');
    await screen.findByText('1 commande');
    expect((screen.getByLabelText('Statut') as HTMLSelectElement).value).toBe('en-attente');
    expect(rows().map(([number]) => number)).toEqual(['CMD-2026-000002']);
    await view.router.navigate('/admin/commandes?statut=perdue');
    await screen.findByText('2 commandes');
    expect((screen.getByLabelText('Statut') as HTMLSelectElement).value).toBe('');
  });

  it('no order yet: says so', async () => {
    renderAsAdmin('/admin/commandes');
    expect(await screen.findByText('Aucune commande pour le moment.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('0\u00a0commande');
  });

  it('an order placed elsewhere appears in the open list without a reload', async () => {
    const view = renderAsAdmin('/admin/commandes');
    expect(await screen.findByText('Aucune commande pour le moment.')).toBeTruthy();
    const number = await place(view, CLAIRE, [{ productId: 'plaid-laine-moutarde', quantity: 1 }]);
    act(() => announce(view).announce({ number, kind: 'placed' }));
    await screen.findByText('1 commande');
    expect(rows().map(([n]) => n)).toEqual([number]);
  });

  it('a repository that fails says so in French', async () => {
    const view = renderAsAdmin('/admin');
    await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' });
    // The fake answers `failWith` from place() only: its list answers the same failure here.
    view.orders.listAll = async () => fail('network', 'Le serveur de la boutique ne répond pas.');
    await view.router.navigate('/admin/commandes');
    expect(await screen.findByText('Le serveur de la boutique ne répond pas.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('admin order page', () => {
  it('shows the lines with their snapshot, the totals with the VAT included, the contact, the address, delivery and payment', async () => {
    const view = renderAsAdmin('/admin');
    const { claire } = await twoOrders(view);
    // The catalogue changes afterwards: the order keeps what was ordered.
    view.catalogue.change('bol-gres-bleu', { name: 'Bol renommé', price: 99 });
    await view.router.navigate(`/admin/commandes/${claire}`);
    expect(await screen.findByRole('heading', { level: 1, name: `Commande ${claire}` })).toBeTruthy();
    expect(document.title).toBe(`Commande ${claire} · Administration · La Petite Boutique`);
    expect(screen.getByText(/^Passée le 22 novembre 2026 à 11:00\./)).toBeTruthy();
    expect(screen.getByTestId('order-status').textContent).toBe('Payée');
    const lines = screen.getAllByTestId('admin-order-line').map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(lines).toEqual([['Bol en grès bleu', '2', '18,90\u00a0€', '37,80\u00a0€']]);
    expect(screen.getByTestId('order-subtotal').textContent).toBe('37,80\u00a0€');
    expect(screen.getByTestId('order-delivery').textContent).toBe('4,90\u00a0€');
    expect(screen.getByTestId('order-total').textContent).toBe('42,70\u00a0€');
    expect(screen.getByRole('rowheader', { name: 'dont TVA 20\u00a0%\u00a0:' })).toBeTruthy();
    expect(screen.getAllByTestId('order-vat').map((row) => row.textContent)).toEqual(['dont TVA 20\u00a0%\u00a0:7,12\u00a0€']);
    const client = screen.getByRole('region', { name: 'Client' });
    expect(within(client).getByRole('link', { name: 'claire@exemple.fr' }).getAttribute('href')).toBe('mailto:claire@exemple.fr');
    expect(client.textContent).toContain('06\u00a012\u00a034\u00a056\u00a078');
    expect(screen.getByTestId('order-address').innerHTML).toBe('Claire Martin<br>12 rue des Lilas<br>75011 Paris<br>France');
    expect(screen.getByRole('region', { name: 'Livraison' }).textContent).toContain('Livraison à domicile');
    expect(screen.getByTestId('order-payment').textContent).toBe('Carte bancaire se terminant par 4242 (référence du prestataire\u00a0: SIMU-1)');
  });

  it('paid on delivery, no phone, free pickup: says so', async () => {
    const view = renderAsAdmin('/admin');
    const number = await place(view, { ...PAUL, deliveryMethod: 'retrait-boutique' }, [{ productId: 'carnet-lin', quantity: 1 }]);
    await view.router.navigate(`/admin/commandes/${number}`);
    // Collected at the shop: paid there, and no address of the shopper's to send anything to.
    expect(await screen.findByTestId('order-payment')).toHaveProperty('textContent', 'Paiement au retrait');
    expect(screen.getByTestId('order-delivery').textContent).toBe('Offerte');
    expect(screen.getByRole('region', { name: 'Client' }).textContent).toContain('Non renseigné');
    expect(screen.getByRole('region', { name: 'Livraison' }).textContent).toContain('Retrait en boutique');
    expect(screen.getByTestId('order-pickup').textContent).toContain(COMPANY.address);
    expect(screen.queryByTestId('order-address')).toBeNull();
    expect(view.orders.orders[0]?.address).toBeNull();
  });

  it('offers exactly the allowed next statuses, and moves the order along them to « livrée »', async () => {
    const view = renderAsAdmin('/admin');
    const { claire } = await twoOrders(view);
    await view.router.navigate(`/admin/commandes/${claire}`);
    const actions = await screen.findByRole('region', { name: 'Changer le statut' });
    const offered = () =>
      within(screen.getByRole('region', { name: 'Changer le statut' }))
        .queryAllByRole('button')
        .map((b) => b.textContent);
    expect(offered()).toEqual(['Marquer comme expédiée', 'Annuler la commande']);

    await view.user.click(within(actions).getByRole('button', { name: 'Marquer comme expédiée' }));
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Expédiée'));
    expect((await screen.findByTestId('toast')).textContent).toContain(`La commande ${claire} est maintenant «\u202fexpédiée\u202f».`);
    expect(offered()).toEqual(['Marquer comme livrée']);
    expect(view.orders.orders.find((o) => o.number === claire)?.status).toBe('expediee');

    await view.user.click(screen.getByRole('button', { name: 'Marquer comme livrée' }));
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Livrée'));
    expect(offered()).toEqual([]);
    expect(screen.getByText('Une commande « livrée » ne change plus de statut.')).toBeTruthy();

    // The list shows the new status.
    await view.user.click(screen.getByRole('link', { name: 'Retour aux commandes' }));
    await screen.findByText('2 commandes');
    expect(rows()[1]).toEqual(expect.arrayContaining([claire, 'Livrée']));
  });

  /** The buttons of the open order's « Changer le statut ». */
  const offered = () =>
    within(screen.getByRole('region', { name: 'Changer le statut' }))
      .queryAllByRole('button')
      .map((b) => b.textContent);
  /** Presses `name`, then waits for the order's status to read `status`. */
  async function press(view: ShopView, name: string, status: string) {
    await view.user.click(within(screen.getByRole('region', { name: 'Changer le statut' })).getByRole('button', { name }));
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe(status));
  }

  it('paid on delivery: shipped, then « livrée et payée »; never « payée » on its own (issue 42)', async () => {
    const view = renderAsAdmin('/admin');
    const { paul } = await twoOrders(view);
    await view.router.navigate(`/admin/commandes/${paul}`);
    await screen.findByRole('region', { name: 'Changer le statut' });
    expect(screen.getByTestId('order-status').textContent).toBe('En attente');
    expect(offered()).toEqual(['Marquer comme expédiée', 'Annuler la commande']);
    await press(view, 'Marquer comme expédiée', 'Expédiée');
    expect(offered()).toEqual(['Marquer comme livrée et payée']);
    await press(view, 'Marquer comme livrée et payée', 'Livrée et payée');
    expect((await screen.findByTestId('toast')).textContent).toContain(`La commande ${paul} est maintenant «\u202flivrée et payée\u202f».`);
    expect(offered()).toEqual([]);
    expect(screen.getByText('Une commande « livrée et payée » ne change plus de statut.')).toBeTruthy();
    expect(view.orders.orders.find((o) => o.number === paul)?.status).toBe('livree');
  });

  it('paid at the shop: « prête à retirer », then « retirée et payée »; never shipped; cancelled while ready, nothing to refund', async () => {
    const view = renderAsAdmin('/admin');
    const pickup = { ...PAUL, deliveryMethod: 'retrait-boutique' as const, relayPoint: null, address: null };
    const collected = await place(view, pickup, [{ productId: 'carnet-lin', quantity: 1 }]);
    const forgotten = await place(view, pickup, [{ productId: 'carnet-lin', quantity: 1 }]);
    await view.router.navigate(`/admin/commandes/${collected}`);
    await screen.findByRole('region', { name: 'Changer le statut' });
    expect(offered()).toEqual(['Marquer comme prête à retirer', 'Annuler la commande']);
    await press(view, 'Marquer comme prête à retirer', 'Prête à retirer');
    expect(offered()).toEqual(['Marquer comme retirée et payée', 'Annuler la commande']);
    await press(view, 'Marquer comme retirée et payée', 'Retirée et payée');
    expect(offered()).toEqual([]);
    expect(screen.getByText(/^Passée le/).textContent).toContain('(retirée le 22 novembre 2026 à 11:00)');
    expect(view.orders.orders.find((o) => o.number === collected)).toMatchObject({ status: 'retiree', deliveredAt: expect.any(String) });

    await view.router.navigate(`/admin/commandes/${forgotten}`);
    await screen.findByRole('button', { name: 'Marquer comme prête à retirer' });
    await press(view, 'Marquer comme prête à retirer', 'Prête à retirer');
    await view.user.click(screen.getByRole('button', { name: 'Annuler la commande' }));
    expect(screen.getByRole('dialog').textContent).toContain(
      'Rien n’a encore été payé pour cette commande (12,50\u00a0€ à régler à la remise des articles)\u00a0: il n’y a rien à rembourser.',
    );
  });

  it('by card, collected at the shop: once paid, « prête à retirer », then « retirée »', async () => {
    const view = renderAsAdmin('/admin');
    const number = await place(view, { ...CLAIRE, deliveryMethod: 'retrait-boutique', address: null }, [{ productId: 'carnet-lin', quantity: 1 }]);
    await view.orders.recordProviderOutcome(number, { to: 'payee', payment: { reference: 'SIMU-3', last4: '4242' } });
    await view.router.navigate(`/admin/commandes/${number}`);
    await screen.findByRole('region', { name: 'Changer le statut' });
    expect(offered()).toEqual(['Marquer comme prête à retirer', 'Annuler la commande']);
    await press(view, 'Marquer comme prête à retirer', 'Prête à retirer');
    expect(offered()).toEqual(['Marquer comme retirée', 'Annuler la commande']);
    await press(view, 'Marquer comme retirée', 'Retirée');
  });

  it('a card order waiting for its payment offers nothing: the payment provider confirms or gives it up', async () => {
    const view = renderAsAdmin('/admin');
    const { claire } = await twoOrders(view);
    await view.orders.changeStatus(claire, 'en-attente-paiement');
    await view.router.navigate(`/admin/commandes/${claire}`);
    const actions = await screen.findByRole('region', { name: 'Changer le statut' });
    expect(screen.getByTestId('order-status').textContent).toBe('En attente de paiement');
    expect(offered()).toEqual([]);
    expect(actions.textContent).toContain('Le prestataire de paiement confirmera le paiement par carte');
  });

  it('no path ever offers the owner « Marquer comme payée »', () => {
    const orders: PathOf[] = ORDER_PATHS.map((path) => ({
      payment: path.startsWith('carte') ? { method: 'carte' } : { method: 'a-la-livraison' },
      deliveryMethod: path.endsWith('retrait') ? 'retrait-boutique' : 'domicile',
    }));
    const labels = orders.flatMap((order) =>
      ORDER_STATUSES.flatMap((status) =>
        nextSteps({ ...order, status }).map((to) => (to === 'annulee' ? null : actionLabel({ ...order, status } as never, to))),
      ),
    );
    expect(new Set(labels)).toEqual(
      new Set([
        null,
        'Marquer comme expédiée',
        'Marquer comme livrée',
        'Marquer comme livrée et payée',
        'Marquer comme prête à retirer',
        'Marquer comme retirée',
        'Marquer comme retirée et payée',
      ]),
    );
  });

  it('cancelling asks first: « Garder la commande » changes nothing, « Annuler la commande » cancels for good', async () => {
    const view = renderAsAdmin('/admin');
    const { claire } = await twoOrders(view);
    await view.router.navigate(`/admin/commandes/${claire}`);
    const opener = await screen.findByRole('button', { name: 'Annuler la commande' });
    await view.user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Annuler cette commande\u00a0?' });
    expect(dialog.textContent).toContain(`La commande ${claire} passera à «\u202fannulée\u202f». Ce statut est définitif.`);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Garder la commande' }));
    await view.user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Annuler la commande' }));
    expect(view.orders.orders.find((o) => o.number === claire)?.status).toBe('payee');

    await view.user.click(screen.getByRole('button', { name: 'Annuler la commande' }));
    await view.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Annuler la commande' }));
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Annulée'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(view.orders.orders.find((o) => o.number === claire)?.status).toBe('annulee');
    expect(screen.getByText('Une commande « annulée » ne change plus de statut.')).toBeTruthy();
  });

  it('a change refused because another tab moved the order meanwhile is said in French, and the page shows the order as it is now', async () => {
    const view = renderAsAdmin('/admin');
    const { claire } = await twoOrders(view);
    await view.router.navigate(`/admin/commandes/${claire}`);
    await screen.findByRole('button', { name: 'Annuler la commande' });
    // Another tab ships it; this page has not heard yet.
    await view.orders.changeStatus(claire, 'expediee');
    await view.user.click(screen.getByRole('button', { name: 'Annuler la commande' }));
    await view.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Annuler la commande' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Une commande «\u202fexpédiée\u202f» ne peut pas passer à «\u202fannulée\u202f». La commande a été rechargée\u00a0: voici son statut actuel.',
    );
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Expédiée'));
    expect(
      within(screen.getByRole('region', { name: 'Changer le statut' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Marquer comme livrée']);
    expect(view.orders.orders.find((o) => o.number === claire)?.status).toBe('expediee');
  });

  it('a status changed in another tab shows on the open page without a reload', async () => {
    const view = renderAsAdmin('/admin');
    const { paul } = await twoOrders(view);
    await view.router.navigate(`/admin/commandes/${paul}`);
    await screen.findByRole('button', { name: 'Marquer comme expédiée' });
    await view.orders.changeStatus(paul, 'annulee');
    act(() => announce(view).announce({ number: paul, kind: 'status-changed' }));
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Annulée'));
    expect(screen.queryByRole('button', { name: 'Marquer comme expédiée' })).toBeNull();
  });

  it('an unknown number: « Commande introuvable », with a way back', async () => {
    const view = renderAsAdmin('/admin/commandes/CMD-2026-999999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Commande introuvable' })).toBeTruthy();
    expect(screen.getByText('Aucune commande ne porte le numéro CMD-2026-999999.')).toBeTruthy();
    expect(document.title).toBe('Commande introuvable · Administration · La Petite Boutique');
    await view.user.click(screen.getByRole('link', { name: 'Retour aux commandes' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Commandes' })).toBeTruthy();
  });
});

describe('admin dashboard: orders', () => {
  it('counts orders by status, each a link to the filtered list, and what was paid today in Paris: not what is still to be paid (issue 42)', async () => {
    const view = renderAsAdmin('/admin/produits');
    // Yesterday (22 November in Paris): counted by status, not in today's revenue.
    const yesterday = await place(view, CLAIRE, [{ productId: 'plaid-laine-moutarde', quantity: 1 }]);
    view.clock.advance(24 * 60 * 60 * 1000);
    const { claire, paul } = await twoOrders(view);
    const cancelled = await place(view, PAUL, [{ productId: 'bol-gres-bleu', quantity: 1 }]);
    await view.orders.changeStatus(cancelled, 'annulee');
    await view.orders.changeStatus(yesterday, 'expediee');
    expect([claire, paul]).toHaveLength(2);

    await view.router.navigate('/admin');
    const waiting = await screen.findByRole('link', { name: '1 commande en attente' });
    expect(waiting.getAttribute('href')).toBe('/admin/commandes?statut=en-attente');
    expect(screen.getByRole('link', { name: '1 commande payée' }).getAttribute('href')).toBe('/admin/commandes?statut=payee');
    expect(screen.getByRole('link', { name: '1 commande expédiée' }).getAttribute('href')).toBe('/admin/commandes?statut=expediee');
    expect(screen.getByRole('link', { name: '0 commande livrée' }).getAttribute('href')).toBe('/admin/commandes?statut=livree');
    expect(screen.getByRole('link', { name: '1 commande annulée' }).getAttribute('href')).toBe('/admin/commandes?statut=annulee');
    // Today: Claire's 42,70 € paid by card; Paul's 16,40 € is paid on delivery, not yet; the
    // cancelled one and yesterday's left out.
    expect(screen.getByTestId('dashboard-revenue').textContent).toBe('42,70\u00a0€');
    expect(screen.getByRole('link', { name: '42,70\u00a0€ encaissé aujourd’hui' })).toBeTruthy();
    expect(screen.getByTestId('dashboard-revenue-orders').textContent).toBe(
      '1\u00a0commande payée aujourd’hui (par carte à la commande, à la livraison ou au retrait une fois remise)\u00a0; une commande pas encore payée ne compte pas',
    );
    // Paul's order delivered (and paid to the carrier) today: cashed today.
    await view.orders.changeStatus(paul, 'expediee');
    await view.orders.changeStatus(paul, 'livree');
    act(() => announce(view).announce({ number: paul, kind: 'status-changed' }));
    await waitFor(() => expect(screen.getByTestId('dashboard-revenue').textContent).toBe('59,10\u00a0€'));
    expect(screen.getByTestId('dashboard-revenue-orders').textContent).toMatch(/^2\u00a0commandes payées aujourd’hui/);

    await view.user.click(screen.getByRole('link', { name: '1 commande expédiée' }));
    await screen.findByText('1 commande');
    expect(rows().map(([number]) => number)).toEqual([yesterday]);
  });

  it('plural labels, and an order placed meanwhile counted without a reload', async () => {
    const view = renderAsAdmin('/admin/produits');
    await twoOrders(view);
    await view.router.navigate('/admin');
    await screen.findByRole('link', { name: '1 commande payée' });
    const number = await place(view, CLAIRE, [{ productId: 'carnet-lin', quantity: 2 }]);
    await view.orders.recordProviderOutcome(number, { to: 'payee', payment: { reference: 'SIMU-2', last4: '4242' } });
    act(() => announce(view).announce({ number, kind: 'placed' }));
    expect(await screen.findByRole('link', { name: '2 commandes payées' })).toBeTruthy();
    // 42,70 + 2 × 12,50 + 4,90 by card; Paul's 16,40 to be paid on delivery is not counted.
    expect(screen.getByTestId('dashboard-revenue').textContent).toBe('72,60\u00a0€');
  });
});
