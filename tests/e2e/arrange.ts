import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import * as v from 'valibot';
import { catalogueProductSchema } from '@/adapters/demo-catalogue/demo-catalogue-schema';
import { toCartItem } from '@/domain/cart/cart';
import type { CatalogueProduct } from '@/domain/catalogue/catalogue-product';
import { type CheckoutDraft } from '@/domain/order/checkout-draft';
import { readCheckoutForm, SHIPPING_COUNTRY } from '@/domain/order/checkout-form';
import type { DeliveryMethod } from '@/domain/order/order-constants';
import { createOrder, stockTaken, type Order, type OrderableProduct } from '@/domain/order/order';
import { orderNumberAt } from '@/domain/order/order-number';
import { lastFourDigits } from '@/domain/order/payment-card';
import { openDatabase } from '@/adapters/indexeddb/open-database';
import { LOCAL_SHOP_DATABASE } from '@/domain/indexeddb-schemas';
import { ADMIN_AUTH_VALUE, STORAGE_KEYS } from '@/domain/storage-keys';
import { ACCEPTED_CARD, SHOPPER } from './checkout-journey';
import { DEMO_PRODUCTS, vatRateOf, type DemoProduct } from './demo-data';
import { DEMO_ADMIN } from './helpers';

// The state a test needs but is not about, written where the shop reads it at start-up: the
// spec's admin session entries (temp_admin_auth, temp_admin_email) and cart (`cart`), the
// checkout's entries (`checkout_draft`), and the orders the local OrderRepository keeps
// (IndexedDB `boutique-catalogue`: the order, its sequence, the stock it took; localStorage
// `placed_orders`: this device's references). Cart lines and orders are made by the domain's own
// toCartItem and createOrder, from the demo catalogue, as the shop makes them. Each flow keeps
// one journey through the UI (checkout.spec.ts, admin-orders.spec.ts, admin.spec.ts).

/**
 * An order to arrange: its products, paid by the accepted test card unless told. A card order is
 * « payée » (the payment provider confirmed it), one paid on delivery or at the shop « en attente ».
 */
export interface ArrangedOrder {
  lines: readonly { product: Pick<DemoProduct, 'id'>; quantity: number }[];
  payment?: 'carte' | 'a-la-livraison';
  deliveryMethod?: DeliveryMethod;
  /** Delivered that many days ago (« livrée », its delivery date kept): the withdrawal period runs from it. */
  deliveredDaysAgo?: number;
}

export interface Arrangement {
  /** Signed in to the back office as the demo owner. */
  owner?: boolean;
  orders?: readonly ArrangedOrder[];
  /** The cart's lines, in this order. */
  cart?: readonly { product: Pick<DemoProduct, 'id'>; quantity: number }[];
  /** What the checkout's steps hold as typed (never a card: the shop keeps none). */
  checkoutDraft?: CheckoutDraft;
}

/** Every step up to the payment filled in with SHOPPER's details, home delivery, cash on delivery. */
export const FILLED_CHECKOUT_DRAFT: CheckoutDraft = {
  form: {
    email: SHOPPER.email,
    phone: SHOPPER.phone,
    name: SHOPPER.name,
    street: SHOPPER.street,
    postalCode: SHOPPER.postalCode,
    city: SHOPPER.city,
    country: SHIPPING_COUNTRY,
    deliveryMethod: 'domicile',
    relayPoint: null,
  },
  paymentMethod: 'a-la-livraison',
};

/** Where the browser is taken to write the shop's storage: the shop's origin, with none of its code. */
const ARRANGE_PATH = '/__arrange__';

/** The relay point an arranged « Point relais » order was sent to (one of the demo points). */
export const ARRANGED_RELAY_POINT = { id: 'DEMO-75011-01', name: 'Tabac de la Roquette', street: '48 rue de la Roquette', postalCode: '75011', city: 'Paris' };

function catalogueProduct(id: string): CatalogueProduct {
  const entry = (DEMO_PRODUCTS as readonly unknown[]).find((p) => (p as { id: string }).id === id);
  if (!entry) throw new Error(`no demo product ${id}`);
  const parsed = v.parse(catalogueProductSchema, entry);
  return { ...parsed, vatRate: vatRateOf(parsed) as CatalogueProduct['vatRate'] };
}

interface OrderRecords {
  orders: (Order & { secret: string })[];
  products: CatalogueProduct[];
  lastSequence: number;
}

/** The orders as the local repository would have saved them, one after the other, from an untouched catalogue. */
function orderRecords(wanted: readonly ArrangedOrder[], now: number): OrderRecords {
  const stock = new Map<string, CatalogueProduct>();
  const current = (id: string) => stock.get(id) ?? catalogueProduct(id);
  const orders = wanted.map((order, index) => {
    const products = new Map<string, OrderableProduct>(order.lines.map(({ product }) => [product.id, current(product.id)]));
    // SHOPPER's details as the checkout's form reads them.
    const deliveryMethod = order.deliveryMethod ?? 'domicile';
    const relayPoint = deliveryMethod === 'point-relais' ? ARRANGED_RELAY_POINT : null;
    const details = readCheckoutForm({ ...FILLED_CHECKOUT_DRAFT.form, deliveryMethod, relayPoint });
    if (!details.ok) throw new Error(`arranged checkout details refused: ${JSON.stringify(details.errors)}`);
    const created = createOrder(
      {
        ...details.value,
        lines: order.lines.map(({ product, quantity }) => ({ productId: product.id, quantity })),
        payment: { method: order.payment ?? 'carte' },
      },
      products,
      { number: orderNumberAt(now, index + 1), placedAt: new Date(now + index).toISOString() },
    );
    if (!created.ok) throw new Error(`arranged order refused by the domain: ${created.error.message}`);
    for (const [id, quantity] of stockTaken(created.value)) {
      const product = current(id);
      const left = product.stock - quantity;
      stock.set(id, { ...product, stock: left, inStock: left > 0 });
    }
    // A card order arranged is one the provider has confirmed: « payée », with its reference and last 4 digits.
    const paid =
      created.value.payment.method === 'carte'
        ? { status: 'payee' as const, payment: { method: 'carte' as const, last4: lastFourDigits(ACCEPTED_CARD), reference: `SIMU-${randomUUID()}` } }
        : {};
    const delivered =
      order.deliveredDaysAgo === undefined ? {} : { status: 'livree' as const, deliveredAt: new Date(now - order.deliveredDaysAgo * 86_400_000).toISOString() };
    return { ...created.value, ...paid, ...delivered, secret: randomUUID() };
  });
  return { orders, products: [...stock.values()], lastSequence: orders.length };
}

/**
 * Creates the local shop database in the page (a page of the shop's origin) as the shop creates
 * it: the shop's own schema (LOCAL_SHOP_DATABASE) opened by the shop's own function, run in the
 * page (openDatabase uses nothing but its arguments). Data is then written with
 * `indexedDB.open(name)`, at the version it has.
 */
export async function createShopDatabase(page: Page): Promise<void> {
  await page.evaluate(`(${openDatabase.toString()})(${JSON.stringify(LOCAL_SHOP_DATABASE)}).then((database) => database.close())`);
}

/**
 * Writes `what` into a fresh browser profile before the test opens the shop: call it first.
 * Answers the orders arranged, in the order given.
 */
export async function arrange(page: Page, what: Arrangement): Promise<readonly Order[]> {
  const records = orderRecords(what.orders ?? [], Date.now());
  const local: Record<string, string> = {};
  if (what.owner) {
    local[STORAGE_KEYS.adminAuth] = ADMIN_AUTH_VALUE;
    local[STORAGE_KEYS.adminEmail] = DEMO_ADMIN.email;
  }
  if (what.cart) {
    local[STORAGE_KEYS.cart] = JSON.stringify(what.cart.map(({ product, quantity }) => toCartItem(catalogueProduct(product.id), quantity)));
  }
  if (what.checkoutDraft) local[STORAGE_KEYS.checkoutDraft] = JSON.stringify(what.checkoutDraft);
  if (records.orders.length > 0) {
    local[STORAGE_KEYS.placedOrders] = JSON.stringify(records.orders.map(({ number, secret }) => ({ number, secret })));
    local[STORAGE_KEYS.catalogueChanged] = '1';
  }

  await page.route(ARRANGE_PATH, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>arrange</title>' }));
  await page.goto(ARRANGE_PATH);
  await page.evaluate((local) => {
    for (const [key, value] of Object.entries(local)) localStorage.setItem(key, value);
  }, local);
  if (records.orders.length > 0) {
    await createShopDatabase(page);
    await page.evaluate(
      async ({ records, database }) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(database);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        await new Promise<void>((resolve, reject) => {
          const transaction = db.transaction(['products', 'orders', 'counters'], 'readwrite');
          for (const product of records.products) transaction.objectStore('products').put(product);
          for (const order of records.orders) transaction.objectStore('orders').put(order);
          transaction.objectStore('counters').put(records.lastSequence, 'orders');
          transaction.oncomplete = () => resolve();
          transaction.onerror = () => reject(transaction.error);
        });
        db.close();
      },
      { records, database: LOCAL_SHOP_DATABASE.name },
    );
  }
  await page.unroute(ARRANGE_PATH);
  return records.orders.map(({ secret: _secret, ...order }) => order);
}
