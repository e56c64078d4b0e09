import { describe, expect, it } from 'vitest';
import { returnAddress } from '@/domain/company';
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
});
