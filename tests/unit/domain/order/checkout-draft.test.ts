import { describe, expect, it } from 'vitest';
import { EMPTY_CHECKOUT_DRAFT, orderLinesFromCart, readCheckoutDraft } from '@/domain/order/checkout-draft';
import { STORAGE_KEYS } from '@/domain/storage-keys';
import { RecordingLogger } from '../../../fakes/recording-logger';

const logger = new RecordingLogger();

const FORM = {
  email: 'claire@exemple.fr',
  phone: '06 12 34 56 78',
  name: 'Claire Martin',
  street: '12 rue des Lilas',
  postalCode: '7501',
  city: 'Paris',
  country: 'France',
  deliveryMethod: 'point-relais',
  relayPoint: { id: 'DEMO-75011-01', name: 'Tabac de la Roquette', street: '48 rue de la Roquette', postalCode: '75011', city: 'Paris' },
};

describe('the checkout draft kept across a reload', () => {
  it('is stored under checkout_draft', () => {
    expect(STORAGE_KEYS.checkoutDraft).toBe('checkout_draft');
  });

  it('nothing stored yet: an empty form, France as the country, no payment method', () => {
    expect(readCheckoutDraft(null, logger)).toEqual({
      form: { email: '', phone: '', name: '', street: '', postalCode: '', city: '', country: 'France', deliveryMethod: '', relayPoint: null },
      paymentMethod: '',
    });
  });

  it('what was typed comes back as typed, mistakes included (the form shows them again)', () => {
    expect(readCheckoutDraft(JSON.stringify({ form: FORM, paymentMethod: 'carte' }), logger)).toEqual({ form: FORM, paymentMethod: 'carte' });
  });

  it('a relay point that is not one comes back as none chosen', () => {
    expect(readCheckoutDraft(JSON.stringify({ form: { ...FORM, relayPoint: 'DEMO' }, paymentMethod: '' }), logger).form.relayPoint).toBeNull();
  });

  it('a card number stored by mistake is never read back', () => {
    const stored = JSON.stringify({ form: FORM, paymentMethod: 'carte', card: { number: '4242424242424242' }, cardNumber: '4242' });
    expect(JSON.stringify(readCheckoutDraft(stored, logger))).not.toContain('4242');
  });

  it('a field that is not text comes back empty, the others kept', () => {
    expect(readCheckoutDraft(JSON.stringify({ form: { ...FORM, city: 42 }, paymentMethod: 'virement' }), logger)).toEqual({
      form: { ...FORM, city: '' },
      paymentMethod: '',
    });
  });

  it.each(['{not json', '"texte"', 'null', '[]'])('unreadable %j is the empty draft', (stored) => {
    expect(readCheckoutDraft(stored, logger)).toEqual(EMPTY_CHECKOUT_DRAFT);
  });
});

it('the cart’s lines become order lines without their prices', () => {
  const cart = [
    { id: 'theiere-fonte', name: 'Théière en fonte', price: 24.9, quantity: 2 },
    { id: 'bol-gres', name: 'Bol en grès bleu', price: 12.35, quantity: 1 },
  ];
  expect(orderLinesFromCart(cart)).toEqual([
    { productId: 'theiere-fonte', quantity: 2, name: 'Théière en fonte' },
    { productId: 'bol-gres', quantity: 1, name: 'Bol en grès bleu' },
  ]);
});
