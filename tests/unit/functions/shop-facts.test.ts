import { describe, expect, it } from 'vitest';
import { COMPANY, REFUND_PERIOD_DAYS, returnAddress, WITHDRAWAL_PERIOD_DAYS } from '@/domain/company';
import { DELIVERY_METHOD_LABELS } from '@/domain/order/order-constants';
import { ORDER_STATUS_LABELS } from '@/domain/order/order-status';
import { PAYMENT_METHOD_LABELS } from '@/domain/order/payment';
import { WITHDRAWAL_FORM } from '@/domain/order/withdrawal-form';
import { paths } from '@/domain/site-paths';
import { formatVatRate, VAT_RATES } from '@/domain/vat-rate';
import { WITHDRAWAL_STATUSES } from '@/domain/order/withdrawal';
import { withdrawalReturnInstructions } from '@/domain/order/withdrawal-acknowledgement';
import { formatPrice } from '@/domain/price-format';
import { SHOP_TIME_ZONE } from '@/domain/shop-time';
import * as functions from '../../../supabase/functions/_shared/shop-facts';

// The edge functions' copy of what they say alike with the shop (supabase/functions/_shared/shop-facts.ts
// says why it is a copy): held to the domain's one definition, without starting Deno.
describe('the edge functions’ shop facts are the domain’s', () => {
  it('the time zone and the return address', () => {
    expect(functions.SHOP_TIME_ZONE).toBe(SHOP_TIME_ZONE);
    expect(functions.RETURN_ADDRESS).toBe(returnAddress());
  });

  it('what to do with the goods, for every withdrawal, before and after shipping', () => {
    for (const beforeShipping of [true, false])
      for (const status of WITHDRAWAL_STATUSES)
        expect(functions.withdrawalReturnInstructions({ beforeShipping, status }), status).toBe(withdrawalReturnInstructions({ beforeShipping, status }));
  });

  it('euros', () => {
    for (const amount of [0, 0.1, 4.9, 12.5, 0.285, 1234.5, 98765.43]) expect(functions.formatPrice(amount)).toBe(formatPrice(amount));
  });

  it('what the order mails say of the seller, its periods, the form, the labels, the rates and the addresses', () => {
    expect(COMPANY).toMatchObject(functions.COMPANY);
    expect([functions.WITHDRAWAL_PERIOD_DAYS, functions.REFUND_PERIOD_DAYS]).toEqual([WITHDRAWAL_PERIOD_DAYS, REFUND_PERIOD_DAYS]);
    expect(functions.WITHDRAWAL_FORM).toEqual(WITHDRAWAL_FORM);
    expect(functions.DELIVERY_METHOD_LABELS).toEqual(DELIVERY_METHOD_LABELS);
    expect(functions.PAYMENT_METHOD_LABELS).toEqual(PAYMENT_METHOD_LABELS);
    expect(functions.ORDER_STATUS_LABELS).toEqual(ORDER_STATUS_LABELS);
    for (const rate of VAT_RATES) expect(functions.formatVatRate(rate)).toBe(formatVatRate(rate));
    for (const number of ['CMD-2026-000042', 'a b/c']) {
      expect(functions.PATHS.orderConfirmation(number)).toBe(paths.orderConfirmation(number));
      expect(functions.PATHS.withdrawal(number)).toBe(paths.withdrawal(number));
      expect(functions.PATHS.adminOrder(number)).toBe(paths.adminOrder(number));
    }
    expect(functions.PATHS.terms).toBe(paths.terms);
  });
});
