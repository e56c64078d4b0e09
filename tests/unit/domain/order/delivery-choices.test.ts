import { describe, expect, it } from 'vitest';
import { readCheckoutForm, type CheckoutFormInput } from '@/domain/order/checkout-form';
import { createOrder, ORDER_MESSAGES, type OrderableProduct, type PlaceOrderRequest } from '@/domain/order/order';
import { exceedsUnitsPerOrder, MAX_UNITS_PER_ORDER, TOO_MANY_UNITS } from '@/domain/order/order-constants';
import { paymentMethodLabel } from '@/domain/order/payment';
import { isDeliveredPostalCode, zoneOf } from '@/domain/order/postal-code';
import { RELAY_POINT_MESSAGES } from '@/domain/order/relay-point';

const FORM: CheckoutFormInput = {
  email: 'claire@exemple.fr',
  phone: '',
  name: 'Claire Martin',
  street: '12 rue des Lilas',
  postalCode: '75011',
  city: 'Paris',
  country: 'France',
  deliveryMethod: 'domicile',
  relayPoint: null,
};
const POINT = { id: 'DEMO-75011-01', name: 'Tabac de la Roquette', street: '48 rue de la Roquette', postalCode: '75011', city: 'Paris' };
const NO_ADDRESS = { street: '', postalCode: '', city: '', country: '' };

describe('a pickup at the shop asks no address and keeps none', () => {
  it('the form needs the name, the email and the method only', () => {
    const read = readCheckoutForm({ ...FORM, ...NO_ADDRESS, deliveryMethod: 'retrait-boutique' });
    expect(read).toEqual({
      ok: true,
      value: {
        contact: { name: 'Claire Martin', email: 'claire@exemple.fr', phone: null },
        address: null,
        deliveryMethod: 'retrait-boutique',
        relayPoint: null,
      },
    });
  });

  it('is open to a shopper living overseas: the code typed before choosing it is neither checked nor kept', () => {
    const read = readCheckoutForm({ ...FORM, postalCode: '97400', city: 'Saint-Denis', deliveryMethod: 'retrait-boutique' });
    expect(read.ok && read.value.address).toBeNull();
  });

  it('an address typed before choosing the pickup is not kept', () => {
    const read = readCheckoutForm({ ...FORM, deliveryMethod: 'retrait-boutique' });
    expect(read.ok && read.value.address).toBeNull();
  });

  it('home delivery still needs every field of the address', () => {
    const read = readCheckoutForm({ ...FORM, ...NO_ADDRESS });
    expect(read.ok ? {} : Object.keys(read.errors)).toEqual(['street', 'postalCode', 'city']);
  });

  it('its payment on delivery is a payment at the pickup, and is called so', () => {
    expect(paymentMethodLabel('a-la-livraison', 'retrait-boutique')).toBe('Paiement au retrait');
    expect(paymentMethodLabel('a-la-livraison', 'domicile')).toBe('Paiement à la livraison');
    expect(paymentMethodLabel('carte', 'retrait-boutique')).toBe('Carte bancaire');
  });
});

describe('a relay order keeps the point chosen, and only a relay order has one', () => {
  it('« Point relais » without a point is refused', () => {
    const read = readCheckoutForm({ ...FORM, deliveryMethod: 'point-relais' });
    expect(read.ok ? {} : read.errors).toEqual({ relayPoint: RELAY_POINT_MESSAGES.required });
  });

  it('the point chosen is kept (who and where)', () => {
    const read = readCheckoutForm({ ...FORM, deliveryMethod: 'point-relais', relayPoint: { ...POINT, openingHours: ['Lundi'] } as typeof POINT });
    expect(read.ok && read.value.relayPoint).toEqual(POINT);
  });

  it('a point that is not one (a blank name, a postal code of no zone) is refused', () => {
    expect(readCheckoutForm({ ...FORM, deliveryMethod: 'point-relais', relayPoint: { ...POINT, name: ' ' } }).ok).toBe(false);
    expect(readCheckoutForm({ ...FORM, deliveryMethod: 'point-relais', relayPoint: { ...POINT, postalCode: '99000' } }).ok).toBe(false);
  });

  it('a point overseas is refused, as an address there is (issue 42, item 5)', () => {
    const overseas = { ...POINT, postalCode: '97400', city: 'Saint-Denis' };
    expect(readCheckoutForm({ ...FORM, deliveryMethod: 'point-relais', relayPoint: overseas })).toEqual({
      ok: false,
      errors: { relayPoint: RELAY_POINT_MESSAGES.invalid },
    });
  });

  it('home delivery keeps no relay point, whatever was chosen before', () => {
    const read = readCheckoutForm({ ...FORM, relayPoint: POINT });
    expect(read.ok && read.value.relayPoint).toBeNull();
  });
});

describe('the zones delivered are those of the postal codes checkout accepts', () => {
  it.each([
    ['75011', 'France métropolitaine'],
    ['20000', 'Corse'],
    ['98000', 'Monaco'],
  ])('%s is in %s', (code, zone) => expect(zoneOf(code)?.name).toBe(zone));

  it.each(['00000', '96000', '97400', '97800', '97900', '98800', '99999'])('%s is in none', (code) => expect(isDeliveredPostalCode(code)).toBe(false));
});

const BOL: OrderableProduct = { id: 'bol', name: 'Bol', price: 12.5, images: [], inStock: true, stock: 200, vatRate: 2000 };
const TASSE: OrderableProduct = { id: 'tasse', name: 'Tasse', price: 8, images: [], inStock: true, stock: 200, vatRate: 2000 };
const request = (change: Partial<PlaceOrderRequest>): PlaceOrderRequest => {
  const read = readCheckoutForm(FORM);
  if (!read.ok) throw new Error('FORM is valid');
  return { ...read.value, lines: [{ productId: 'bol', quantity: 2 }], payment: { method: 'a-la-livraison' }, ...change };
};
const PLACEMENT = { number: 'CMD-2026-000001', placedAt: '2026-11-26T10:00:00.000Z' };
const catalogue = new Map([
  [BOL.id, BOL],
  [TASSE.id, TASSE],
]);

describe('an order is placed only at the total the shopper saw', () => {
  it('the total seen (25,00 € and 4,90 € of delivery) places it', () => {
    expect(createOrder(request({ expectedTotalCents: 2990 }), catalogue, PLACEMENT)).toMatchObject({ ok: true, value: { totals: { totalCents: 2990 } } });
  });

  it('a price changed since the review refuses it, with a French message', () => {
    const cheaper = new Map([[BOL.id, { ...BOL, price: 12 }]]);
    expect(createOrder(request({ expectedTotalCents: 2990 }), cheaper, PLACEMENT)).toEqual({
      ok: false,
      error: { code: 'price-changed', message: ORDER_MESSAGES.priceChanged },
    });
  });
});

describe(`an order holds at most MAX_UNITS_PER_ORDER (${MAX_UNITS_PER_ORDER}) units`, () => {
  it('is 100 units', () => expect(MAX_UNITS_PER_ORDER).toBe(100));

  it('exactly the cap is allowed, one more is not, all products together', () => {
    expect(exceedsUnitsPerOrder([{ quantity: 20 }, { quantity: MAX_UNITS_PER_ORDER - 20 }])).toBe(false);
    expect(exceedsUnitsPerOrder([{ quantity: 20 }, { quantity: MAX_UNITS_PER_ORDER - 19 }])).toBe(true);
  });

  it('its message names the cap and who to ask', () => {
    expect(TOO_MANY_UNITS).toBe('Une commande compte au plus 100 articles. Pour une commande plus importante, contactez-nous.');
  });
});
