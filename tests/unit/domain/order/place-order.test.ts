import { describe, expect, it } from 'vitest';
import { MemorySharedCommits } from '../../../fakes/memory-shared-commits';
import { CartService } from '@/domain/cart/cart-service';
import { placeOrder, type CheckoutSubmission } from '@/domain/order/place-order';
import { orderLinesFromCart } from '@/domain/order/checkout-draft';
import type { OrderableProduct } from '@/domain/order/order';
import type { Product } from '@/domain/product';
import { FailingKeyValueStore } from '../../../fakes/failing-key-value-store';
import { FakeClock } from '../../../fakes/fake-clock';
import { FakeOrderRepository } from '../../../fakes/fake-order-repository';
import { FakePaymentGateway } from '../../../fakes/fake-payment-gateway';
import { RecordingLogger } from '../../../fakes/recording-logger';
import { CrossTabSharedStates } from '@/adapters/cross-tab/cross-tab-shared-states';
import { addToCart } from '@/domain/cart/add-to-cart';

type ShopProduct = OrderableProduct & Product;
const THEIERE: ShopProduct = {
  id: 'theiere-fonte',
  name: 'Théière en fonte',
  price: 24.9,
  images: [],
  category: 'cuisine',
  inStock: true,
  stock: 2,
  vatRate: 2000,
};
const BOL: ShopProduct = { id: 'bol-gres', name: 'Bol en grès bleu', price: 12.35, images: [], category: 'cuisine', inStock: true, stock: 10, vatRate: 2000 };
const DETAILS: CheckoutSubmission['details'] = {
  contact: { name: 'Claire Martin', email: 'claire@exemple.fr', phone: null },
  address: { street: '12 rue des Lilas', postalCode: '75011', city: 'Paris', country: 'France' },
  deliveryMethod: 'point-relais',
  relayPoint: { id: 'DEMO-69002-01', name: 'Papeterie Bellecour', street: '14 rue de la Charité', postalCode: '69002', city: 'Lyon' },
};

async function setup() {
  const store = new FailingKeyValueStore();
  const cart = new CartService(new CrossTabSharedStates(store, new MemorySharedCommits(), new RecordingLogger()));
  await addToCart({ cart }, THEIERE, 1);
  await addToCart({ cart }, BOL, 2);
  const payments = new FakePaymentGateway();
  const orders = new FakeOrderRepository(new FakeClock('2026-11-23T10:00:00Z'), new Map([THEIERE, BOL].map((p) => [p.id, p])));
  const checkout = { submit: (c: CartService, s: CheckoutSubmission) => placeOrder({ payments, orders, cart: c }, s) };
  const submission = (change: Partial<CheckoutSubmission> = {}): CheckoutSubmission => ({
    details: DETAILS,
    lines: orderLinesFromCart(cart.getSnapshot()),
    paymentMethod: 'carte',
    amountCents: 5350,
    ...change,
  });
  const cartLines = () => cart.getSnapshot().map((item) => [item.id, item.quantity]);
  return { store, cart, payments, orders, checkout, submission, cartLines };
}

describe('checkout: place the order, empty the cart, then start the card payment', () => {
  it('a card order is placed first, waiting for its payment, its stock reserved, then the provider’s page is started for it', async () => {
    const { cart, payments, orders, checkout, submission, cartLines } = await setup();
    const result = await checkout.submit(cart, submission());
    expect(result).toMatchObject({
      ok: true,
      value: {
        order: { number: 'CMD-2026-000001', status: 'en-attente-paiement', payment: { method: 'carte', reference: null, last4: null } },
        payment: { ok: true, value: { url: 'https://paiement.exemple/1' } },
      },
    });
    expect(orders.orders.map((o) => [o.number, o.status])).toEqual([['CMD-2026-000001', 'en-attente-paiement']]);
    expect(orders.products.get('theiere-fonte')?.stock).toBe(1);
    expect(orders.products.get('bol-gres')?.stock).toBe(8);
    expect(cartLines()).toEqual([]);
    expect(payments.sessions).toEqual(['CMD-2026-000001']);
  });

  it('the provider unreachable: the order and its reserved stock are kept, the payment’s failure is said, the shopper may start it again', async () => {
    const { cart, payments, orders, checkout, submission, cartLines } = await setup();
    payments.unreachable = true;
    const result = await checkout.submit(cart, submission());
    expect(result).toMatchObject({
      ok: true,
      value: { order: { number: 'CMD-2026-000001', status: 'en-attente-paiement' }, payment: { ok: false, error: { code: 'network' } } },
    });
    expect(orders.orders.map((o) => o.status)).toEqual(['en-attente-paiement']);
    expect(orders.products.get('theiere-fonte')?.stock).toBe(1);
    expect(cartLines()).toEqual([]);
  });

  it('paid on delivery: the order waits for the owner, and no payment starts', async () => {
    const { cart, payments, checkout, submission } = await setup();
    expect(await checkout.submit(cart, submission({ paymentMethod: 'a-la-livraison' }))).toMatchObject({
      ok: true,
      value: { order: { status: 'en-attente', payment: { method: 'a-la-livraison' } }, payment: null },
    });
    expect(payments.sessions).toEqual([]);
  });

  it('an empty cart is refused: no order, no payment', async () => {
    const { cart, payments, orders, checkout, submission } = await setup();
    expect(await checkout.submit(cart, submission({ lines: [] }))).toEqual({ ok: false, error: { code: 'empty-cart', message: 'Votre panier est vide.' } });
    expect(payments.sessions).toEqual([]);
    expect(orders.orders).toEqual([]);
  });

  it('a product sold out meanwhile: no order, no payment started, the cart as it was', async () => {
    const { cart, payments, orders, checkout, submission, cartLines } = await setup();
    orders.products.set('theiere-fonte', { ...THEIERE, stock: 0, inStock: false });
    expect(await checkout.submit(cart, submission())).toEqual({
      ok: false,
      error: { code: 'out-of-stock', message: '«\u202fThéière en fonte\u202f» est épuisé.' },
    });
    expect(orders.orders).toEqual([]);
    expect(payments.sessions).toEqual([]);
    expect(cartLines()).toEqual([
      ['theiere-fonte', 1],
      ['bol-gres', 2],
    ]);
  });

  it('offline: the backend’s failure as it is, nothing changed', async () => {
    const { cart, orders, checkout, submission, cartLines } = await setup();
    orders.failWith = 'network';
    expect(await checkout.submit(cart, submission())).toEqual({
      ok: false,
      error: { code: 'network', message: 'backend: network' },
    });
    expect(cartLines()).toHaveLength(2);
  });

  it('only the ordered products leave the cart (a line added meanwhile in another tab stays)', async () => {
    const { cart, checkout, submission, cartLines } = await setup();
    const sent = submission({ lines: [{ productId: 'theiere-fonte', quantity: 1 }], amountCents: 2880 });
    expect((await checkout.submit(cart, sent)).ok).toBe(true);
    expect(cartLines()).toEqual([['bol-gres', 2]]);
  });

  it('an emptied cart that cannot be saved still confirms the order, with the storage’s message', async () => {
    const { store, cart, orders, checkout, submission } = await setup();
    store.failWrites = true;
    const result = await checkout.submit(cart, submission());
    expect(result).toMatchObject({
      ok: true,
      value: { order: { number: 'CMD-2026-000001' } },
      message:
        'Votre panier n’a pas pu être enregistré sur cet appareil (stockage plein ou indisponible). Il reste disponible tant que cette page est ouverte.',
    });
    expect(orders.orders).toHaveLength(1);
  });

  it('an order the device could not note is confirmed with « notez son numéro », and with the cart’s message if both failed', async () => {
    const { store, cart, orders, checkout, submission } = await setup();
    orders.forgetful = true;
    expect(await checkout.submit(cart, submission())).toMatchObject({
      ok: true,
      value: { order: expect.objectContaining({ number: 'CMD-2026-000001' }) },
      message: 'Votre commande CMD-2026-000001 est enregistrée, mais cet appareil n’a pas pu la garder en mémoire\u00a0: notez son numéro.',
    });
    await addToCart({ cart }, BOL, 1);
    store.failWrites = true;
    const both = await checkout.submit(cart, submission({ lines: [{ productId: BOL.id, quantity: 1, name: BOL.name }], amountCents: 1625 }));
    expect(both.ok && both.message).toBe(
      'Votre commande CMD-2026-000002 est enregistrée, mais cet appareil n’a pas pu la garder en mémoire\u00a0: notez son numéro. ' +
        'Votre panier n’a pas pu être enregistré sur cet appareil (stockage plein ou indisponible). Il reste disponible tant que cette page est ouverte.',
    );
  });

  it('a price changed since the review: no order, no payment, the cart as it was, the new total to check', async () => {
    const { cart, payments, orders, checkout, submission, cartLines } = await setup();
    orders.products.set(THEIERE.id, { ...THEIERE, price: 25.9 });
    expect(await checkout.submit(cart, submission())).toEqual({
      ok: false,
      error: {
        code: 'price-changed',
        message: 'Le prix d’un article a changé depuis votre récapitulatif\u00a0: vérifiez le nouveau total avant de commander.',
      },
    });
    expect(orders.orders).toEqual([]);
    expect(payments.sessions).toEqual([]);
    expect(orders.products.get(THEIERE.id)?.stock).toBe(2);
    expect(cartLines()).toEqual([
      ['theiere-fonte', 1],
      ['bol-gres', 2],
    ]);
  });
});
