// Orders as the domain makes them (createOrder), one per delivery method, for the tests of the
// order mails: the domain's composer, the Nu Html Checker, the local repository, and the edge
// function's composer held to the domain's.
import { createOrder, type Order, type OrderableProduct, type PlaceOrderRequest } from '@/domain/order/order';

export const SITE = 'https://boutique.example/';

const TEAPOT: OrderableProduct = { id: 'theiere', name: 'Théière en fonte Kyoto', price: 54.9, images: [], inStock: true, stock: 9, vatRate: 2000 };
const TEA: OrderableProduct = { id: 'the', name: 'Thé vert <Sencha> & « bio »', price: 8.75, images: [], inStock: true, stock: 9, vatRate: 550 };
const BOWL: OrderableProduct = { id: 'bol', name: 'Bol en grès bleu nuit', price: 12.5, images: [], inStock: true, stock: 9, vatRate: 2000 };

const PRODUCTS = new Map([TEAPOT, TEA, BOWL].map((product) => [product.id, product]));

const CONTACT = { name: 'Camille Martin', email: 'camille@exemple.fr', phone: '+33612345678' };
const ADDRESS = { street: '3 rue des Lilas', postalCode: '69003', city: 'Lyon', country: 'France' as const };

const REQUESTS: Record<'home' | 'relay' | 'pickup', PlaceOrderRequest> = {
  home: {
    contact: CONTACT,
    address: ADDRESS,
    deliveryMethod: 'domicile',
    relayPoint: null,
    lines: [
      { productId: 'theiere', quantity: 1 },
      { productId: 'the', quantity: 2 },
    ],
    payment: { method: 'carte' },
  },
  relay: {
    contact: { ...CONTACT, phone: null },
    address: ADDRESS,
    deliveryMethod: 'point-relais',
    relayPoint: { id: 'R-69003-1', name: 'Tabac des Lilas', street: '8 rue des Lilas', postalCode: '69003', city: 'Lyon' },
    lines: [{ productId: 'bol', quantity: 2 }],
    payment: { method: 'a-la-livraison' },
  },
  pickup: {
    contact: CONTACT,
    address: null,
    deliveryMethod: 'retrait-boutique',
    relayPoint: null,
    lines: [{ productId: 'bol', quantity: 1 }],
    payment: { method: 'a-la-livraison' },
  },
};

/** The order of `kind`, number CMD-2026-000042, placed on 23 November 2026 at 15:05 in Paris. */
export function mailOrder(kind: keyof typeof REQUESTS): Order {
  const made = createOrder(REQUESTS[kind], PRODUCTS, { number: 'CMD-2026-000042', placedAt: '2026-11-23T14:05:00.000Z' });
  if (!made.ok) throw new Error(made.error.message);
  // The card order as the provider confirmed it: paid, with the card's last 4 digits and the payment's reference.
  return made.value.payment.method === 'carte'
    ? { ...made.value, status: 'payee', payment: { method: 'carte', last4: '4242', reference: 'PAY-000123' } }
    : made.value;
}

/** The same order once the buyer withdrew from one bowl or teapot (its second line if any), and the withdrawal refunded. */
export function withdrawnOrder(kind: keyof typeof REQUESTS, status: Order['status'] = 'livree'): Order {
  const order = mailOrder(kind);
  return {
    ...order,
    status,
    withdrawals: [
      {
        number: 1,
        receivedAt: '2026-11-26T17:05:00.000Z',
        lines: [{ line: 0, quantity: 1 }],
        beforeShipping: false,
        status: 'remboursee',
        returnedAt: '2026-11-27T09:00:00.000Z',
        refundedAt: '2026-11-27T10:00:00.000Z',
      },
    ],
  };
}

export const ORDER_KINDS = ['home', 'relay', 'pickup'] as const;
