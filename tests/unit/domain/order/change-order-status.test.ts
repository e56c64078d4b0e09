import { describe, expect, it } from 'vitest';
import { changeOrderStatus } from '@/domain/order/change-order-status';
import type { OrderableProduct } from '@/domain/order/order';
import { ORDER_STATUSES, type OrderStatus } from '@/domain/order/order-status';
import { FakeClock } from '../../../fakes/fake-clock';
import { FakeOrderRepository } from '../../../fakes/fake-order-repository';

const THEIERE: OrderableProduct = { id: 'theiere-fonte', name: 'Théière en fonte', price: 24.9, images: [], inStock: true, stock: 5, vatRate: 2000 };

async function setup() {
  const orders = new FakeOrderRepository(new FakeClock('2026-11-23T10:00:00Z'), new Map([[THEIERE.id, THEIERE]]));
  const placed = await orders.place({
    contact: { name: 'Claire Martin', email: 'claire@exemple.fr', phone: null },
    address: { street: '12 rue des Lilas', postalCode: '75011', city: 'Paris', country: 'France' },
    deliveryMethod: 'point-relais',
    relayPoint: { id: 'DEMO-69002-01', name: 'Papeterie Bellecour', street: '14 rue de la Charité', postalCode: '69002', city: 'Lyon' },
    lines: [{ productId: THEIERE.id, quantity: 1 }],
    payment: { method: 'a-la-livraison' },
  });
  if (!placed.ok) throw new Error(placed.error.message);
  const number = placed.value.number;
  const change = (to: OrderStatus) => changeOrderStatus({ orders }, { number, to });
  const stored = () => orders.orders.find((o) => o.number === number)!;
  return { orders, number, change, stored, placed: placed.value };
}

const refused = (message: string) => ({ ok: false, error: { code: 'invalid-status-change', message } });

describe('changeOrderStatus: only along ORDER_TRANSITIONS', () => {
  it('en attente → payée → expédiée → livrée, keeping everything else of the order', async () => {
    const { change, placed } = await setup();
    expect(await change('payee')).toEqual({ ok: true, value: { ...placed, status: 'payee' } });
    expect(await change('expediee')).toMatchObject({ ok: true, value: { status: 'expediee' } });
    expect(await change('livree')).toMatchObject({ ok: true, value: { status: 'livree' } });
  });

  it('en attente and payée may be cancelled; expédiée may not', async () => {
    const waiting = await setup();
    expect(await waiting.change('annulee')).toMatchObject({ ok: true, value: { status: 'annulee' } });
    const paid = await setup();
    await paid.change('payee');
    expect(await paid.change('annulee')).toMatchObject({ ok: true, value: { status: 'annulee' } });
    const shipped = await setup();
    await shipped.change('payee');
    await shipped.change('expediee');
    expect(await shipped.change('annulee')).toEqual(refused('Une commande «\u202fexpédiée\u202f» ne peut pas passer à «\u202fannulée\u202f».'));
    expect(shipped.stored().status).toBe('expediee');
  });

  it('refuses a step skipped or taken backwards, with the French reason, and saves nothing', async () => {
    const { change, stored } = await setup();
    expect(await change('expediee')).toEqual(refused('Une commande «\u202fen attente\u202f» ne peut pas passer à «\u202fexpédiée\u202f».'));
    await change('payee');
    expect(await change('en-attente')).toEqual(refused('Une commande «\u202fpayée\u202f» ne peut pas passer à «\u202fen attente\u202f».'));
    expect(await change('livree')).toEqual(refused('Une commande «\u202fpayée\u202f» ne peut pas passer à «\u202flivrée\u202f».'));
    expect(stored().status).toBe('payee');
  });

  it('livrée and annulée are final; the same status is « déjà »', async () => {
    const delivered = await setup();
    for (const to of ['payee', 'expediee', 'livree'] as const) await delivered.change(to);
    for (const to of ORDER_STATUSES.filter((s) => s !== 'livree')) {
      expect(await delivered.change(to)).toEqual(refused('Une commande «\u202flivrée\u202f» ne change plus de statut.'));
    }
    expect(await delivered.change('livree')).toEqual(refused('La commande est déjà «\u202flivrée\u202f».'));
    const cancelled = await setup();
    await cancelled.change('annulee');
    expect(await cancelled.change('payee')).toEqual(refused('Une commande «\u202fannulée\u202f» ne change plus de statut.'));
  });

  it('checks the order as it is now, not as the page showed it: another tab shipped it meanwhile', async () => {
    const { orders, number, change } = await setup();
    await change('payee');
    await orders.changeStatus(number, 'expediee');
    expect(await change('annulee')).toEqual(refused('Une commande «\u202fexpédiée\u202f» ne peut pas passer à «\u202fannulée\u202f».'));
  });

  it('an unknown number, or a repository that cannot answer, is answered as it is', async () => {
    const { orders } = await setup();
    expect(await changeOrderStatus({ orders }, { number: 'CMD-2026-999999', to: 'payee' })).toMatchObject({ ok: false, error: { code: 'not-found' } });
    orders.failWith = 'network';
    expect(await changeOrderStatus({ orders }, { number: 'CMD-2026-000001', to: 'payee' })).toMatchObject({ ok: false, error: { code: 'network' } });
  });
});
