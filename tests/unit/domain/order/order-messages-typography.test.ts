import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '@/domain/order/checkout-form';
import { ORDER_MESSAGES } from '@/domain/order/order';
import { DELIVERY_METHOD_LABELS } from '@/domain/order/order-constants';
import { ORDER_STATUS_MESSAGES, ORDER_STATUSES } from '@/domain/order/order-status';
import { PAYMENT_MESSAGES, PAYMENT_METHOD_LABELS } from '@/domain/order/payment';
import { TEST_PAYMENT_MESSAGES } from '@/domain/order/test-cards';
import { CARD_MESSAGES } from '@/domain/order/payment-card';

const ours = [
  ...Object.values(CHECKOUT_MESSAGES).filter((m) => m !== 'Adresse email invalide'), // the spec's, byte-exact
  ...Object.values(CARD_MESSAGES),
  ...Object.values(PAYMENT_MESSAGES),
  ...Object.values(TEST_PAYMENT_MESSAGES),
  ...Object.values(DELIVERY_METHOD_LABELS),
  ...Object.values(PAYMENT_METHOD_LABELS),
  ORDER_MESSAGES.emptyCart,
  ORDER_MESSAGES.productGone('Théière en fonte'),
  ORDER_MESSAGES.productGone(undefined),
  ORDER_MESSAGES.short('Théière en fonte', 2),
  ORDER_MESSAGES.badQuantity('Théière en fonte'),
  ORDER_MESSAGES.badQuantity(undefined),
  ...ORDER_STATUSES.flatMap((s) => [ORDER_STATUS_MESSAGES.same(s), ORDER_STATUS_MESSAGES.final(s), ORDER_STATUS_MESSAGES.refused(s, 'payee')]),
];

describe('French typography of the checkout’s messages', () => {
  it.each(ours)('%j: typographic apostrophe, no-break space before ; : ! ?, narrow ones inside « »', (text) => {
    expect(text).not.toContain("'");
    expect(text).not.toMatch(/ [;:!?»]/);
    expect(text).not.toMatch(/[^\u00a0\u202f][;:!?]/);
    expect(text).not.toMatch(/«(?!\u202f)|(?<!\u202f)»/);
  });
});
