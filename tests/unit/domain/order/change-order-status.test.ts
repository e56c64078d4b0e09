import { describe, expect, it } from 'vitest';
import { changeOrderStatus } from '@/domain/order/change-order-status';
import type { OrderableProduct, PlaceOrderRequest } from '@/domain/order/order';
import type { DeliveryMethod } from '@/domain/order/order-constants';
import { initialStatusOf, ORDER_STATUS_MESSAGES, ORDER_STATUSES, type OrderStatus } from '@/domain/order/order-status';
import type { OrderPayment } from '@/domain/order/payment';
import { FakeClock } from '../../../fakes/fake-clock';
import { FakeOrderRepository } from '../../../fakes/fake-order-repository';

const THEIERE: OrderableProduct = { id: 'theiere-fonte', name: 'Théière en fonte', price: 24.9, images: [], inStock: true, stock: 5, vatRate: 2000 };
const CARD: OrderPayment = { method: 'carte', last4: '4242', reference: 'SIMU-1' };
const ON_DELIVERY: OrderPayment = { method: 'a-la-livraison' };
const RELAY = { id: 'DEMO-69002-01', name: 'Papeterie Bellecour', street: '14 rue de la Charité', postalCode: '69002', city: 'Lyon' };

/** An order paid by `payment`, delivered by `deliveryMethod`, at its path's first status; `change` is the back office's. */
async function setup(payment: OrderPayment = ON_DELIVERY, deliveryMethod: DeliveryMethod = 'point-relais') {
  const clock = new FakeClock('2026-11-23T10:00:00Z');
  const orders = new FakeOrderRepository(clock, new Map([[THEIERE.id, THEIERE]]));
  const pickup = deliveryMethod === 'retrait-boutique';
  const request: PlaceOrderRequest = {
    contact: { name: 'Claire Martin', email: 'claire@exemple.fr', phone: null },
    address: pickup ? null : { street: '12 rue des Lilas', postalCode: '75011', city: 'Paris', country: 'France' },
    deliveryMethod,
    relayPoint: deliveryMethod === 'point-relais' ? RELAY : null,
    lines: [{ productId: THEIERE.id, quantity: 1 }],
    payment,
  };
  const placed = await orders.place(request);
  if (!placed.ok) throw new Error(placed.error.message);
  const number = placed.value.number;
  // A card order waits for the payment provider, whatever the device said of it.
  await orders.changeStatus(number, initialStatusOf(payment.method));
  const change = (to: OrderStatus) => changeOrderStatus({ orders }, { number, to });
  /** The provider's step, as its stand-in saves it (the back office never takes it). */
  const providerSays = (to: OrderStatus) => orders.changeStatus(number, to);
  const stored = () => orders.orders.find((o) => o.number === number)!;
  return { orders, number, change, providerSays, stored, clock, placed: { ...placed.value, status: initialStatusOf(payment.method) } };
}

const refused = (message: string) => ({ ok: false, error: { code: 'invalid-status-change', message } });

describe('changeOrderStatus: each way to pay and to deliver has its own path (ORDER_STEPS)', () => {
  it('paid on delivery: en attente → expédiée → livrée (and paid), keeping everything else of the order; never « payée » before', async () => {
    const { change, placed, stored } = await setup(ON_DELIVERY, 'point-relais');
    expect(await change('payee')).toEqual(refused('Une commande «\u202fen attente\u202f» ne peut pas passer à «\u202fpayée\u202f».'));
    expect(await change('expediee')).toEqual({ ok: true, value: { ...placed, status: 'expediee' } });
    expect(await change('payee')).toEqual(refused('Une commande «\u202fexpédiée\u202f» ne peut pas passer à «\u202fpayée\u202f».'));
    expect(await change('livree')).toMatchObject({ ok: true, value: { status: 'livree', deliveredAt: '2026-11-23T10:00:00.000Z' } });
    expect(stored().status).toBe('livree');
  });

  it('paid at the shop: en attente → prête → retirée (and paid), the moment kept; never shipped', async () => {
    const { change, stored, clock } = await setup(ON_DELIVERY, 'retrait-boutique');
    expect(await change('expediee')).toEqual(refused('Une commande «\u202fen attente\u202f» ne peut pas passer à «\u202fexpédiée\u202f».'));
    expect(await change('prete')).toMatchObject({ ok: true, value: { status: 'prete', deliveredAt: null } });
    expect(await change('expediee')).toEqual(refused('Une commande «\u202fprête à retirer\u202f» ne peut pas passer à «\u202fexpédiée\u202f».'));
    clock.advance(3_600_000);
    expect(await change('retiree')).toMatchObject({ ok: true, value: { status: 'retiree', deliveredAt: '2026-11-23T11:00:00.000Z' } });
    expect(stored().status).toBe('retiree');
  });

  it('by card: the owner never confirms nor gives up the payment; once the provider confirmed it, shipped then delivered', async () => {
    const { change, providerSays, stored } = await setup(CARD, 'domicile');
    expect(await change('payee')).toEqual(refused(ORDER_STATUS_MESSAGES.provider));
    expect(await change('annulee')).toEqual(refused(ORDER_STATUS_MESSAGES.provider));
    expect(await change('expediee')).toEqual(refused('Une commande «\u202fen attente de paiement\u202f» ne peut pas passer à «\u202fexpédiée\u202f».'));
    expect(stored().status).toBe('en-attente-paiement');
    await providerSays('payee');
    expect(await change('prete')).toEqual(refused('Une commande «\u202fpayée\u202f» ne peut pas passer à «\u202fprête à retirer\u202f».'));
    expect(await change('expediee')).toMatchObject({ ok: true, value: { status: 'expediee' } });
    expect(await change('livree')).toMatchObject({ ok: true, value: { status: 'livree' } });
  });

  it('by card, collected at the shop: payée → prête → retirée; never shipped', async () => {
    const { change, providerSays } = await setup(CARD, 'retrait-boutique');
    await providerSays('payee');
    expect(await change('expediee')).toEqual(refused('Une commande «\u202fpayée\u202f» ne peut pas passer à «\u202fexpédiée\u202f».'));
    expect(await change('prete')).toMatchObject({ ok: true, value: { status: 'prete' } });
    expect(await change('retiree')).toMatchObject({ ok: true, value: { status: 'retiree' } });
  });

  it('anything that has not left the shop may be cancelled by the owner (a card order once paid); expédiée may not', async () => {
    for (const [payment, delivery, before] of [
      [ON_DELIVERY, 'domicile', []],
      [ON_DELIVERY, 'retrait-boutique', []],
      [ON_DELIVERY, 'retrait-boutique', ['prete']],
      [CARD, 'domicile', ['payee']],
      [CARD, 'retrait-boutique', ['payee', 'prete']],
    ] as const) {
      const { change, providerSays } = await setup(payment, delivery);
      for (const status of before) await (status === 'payee' ? providerSays(status) : change(status));
      expect(await change('annulee')).toMatchObject({ ok: true, value: { status: 'annulee' } });
    }
    const shipped = await setup(ON_DELIVERY, 'domicile');
    await shipped.change('expediee');
    expect(await shipped.change('annulee')).toEqual(refused('Une commande «\u202fexpédiée\u202f» ne peut pas passer à «\u202fannulée\u202f».'));
    expect(shipped.stored().status).toBe('expediee');
  });

  it('refuses a step skipped or taken backwards, with the French reason, and saves nothing', async () => {
    const { change, stored } = await setup();
    expect(await change('livree')).toEqual(refused('Une commande «\u202fen attente\u202f» ne peut pas passer à «\u202flivrée\u202f».'));
    await change('expediee');
    expect(await change('en-attente')).toEqual(refused('Une commande «\u202fexpédiée\u202f» ne peut pas passer à «\u202fen attente\u202f».'));
    expect(stored().status).toBe('expediee');
  });

  it('livrée, retirée and annulée are final; the same status is « déjà »', async () => {
    const delivered = await setup();
    for (const to of ['expediee', 'livree'] as const) await delivered.change(to);
    for (const to of ORDER_STATUSES.filter((s) => s !== 'livree')) {
      expect(await delivered.change(to)).toEqual(refused('Une commande «\u202flivrée\u202f» ne change plus de statut.'));
    }
    expect(await delivered.change('livree')).toEqual(refused('La commande est déjà «\u202flivrée\u202f».'));
    const collected = await setup(ON_DELIVERY, 'retrait-boutique');
    for (const to of ['prete', 'retiree'] as const) await collected.change(to);
    expect(await collected.change('annulee')).toEqual(refused('Une commande «\u202fretirée\u202f» ne change plus de statut.'));
    const cancelled = await setup();
    await cancelled.change('annulee');
    expect(await cancelled.change('expediee')).toEqual(refused('Une commande «\u202fannulée\u202f» ne change plus de statut.'));
  });

  it('checks the order as it is now, not as the page showed it: another tab shipped it meanwhile', async () => {
    const { orders, number, change } = await setup();
    await orders.changeStatus(number, 'expediee');
    expect(await change('annulee')).toEqual(refused('Une commande «\u202fexpédiée\u202f» ne peut pas passer à «\u202fannulée\u202f».'));
  });

  it('an unknown number, or a repository that cannot answer, is answered as it is', async () => {
    const { orders } = await setup();
    expect(await changeOrderStatus({ orders }, { number: 'CMD-2026-999999', to: 'expediee' })).toMatchObject({ ok: false, error: { code: 'not-found' } });
    orders.failWith = 'network';
    expect(await changeOrderStatus({ orders }, { number: 'CMD-2026-000001', to: 'expediee' })).toMatchObject({ ok: false, error: { code: 'network' } });
  });
});
