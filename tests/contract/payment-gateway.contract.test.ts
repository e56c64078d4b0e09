// What every PaymentGateway must do (src/ports/payment-gateway.ts), on both backends: locally the
// stand-in provider of the « Paiement de test » page over the orders of this device; on Supabase
// the create-checkout-session edge function, here a stand-in answering as the function documents it.
import { describe, expect, it } from 'vitest';
import { SupabasePaymentGateway } from '@/adapters/supabase/supabase-payment-gateway';
import { ORDER_LOOKUP_MESSAGES } from '@/domain/order/order-lookup';
import { PAYMENT_MESSAGES } from '@/domain/order/payment';
import { PlacedOrders } from '@/domain/order/placed-orders';
import { MemoryKeyValueStore } from '@/adapters/memory/memory-key-value-store';
import type { PaymentGateway } from '@/ports/payment-gateway';
import { RecordingLogger } from '../fakes/recording-logger';
import { localPaymentShop } from '../support/local-payment-shop';
import { createCheckoutSessionStandIn, type StandInOrders } from '../support/supabase/create-checkout-session-stand-in';
import { FakeSupabase } from '../support/supabase/fake-supabase';
import type { SqlRunner } from '../support/supabase/fake-supabase';
import { testClient } from '../support/supabase/test-project';

/** A gateway, and orders of the shop it serves as the shopper's device knows them. */
interface PaymentSubject {
  gateway: PaymentGateway;
  /** A card order just placed from this device, waiting for its payment. */
  waiting(): Promise<string>;
  /** An order placed from this device that waits for no payment (paid on delivery). */
  notWaiting(): Promise<string>;
  /** Where the provider's page may be. */
  pageAddress: RegExp;
}

interface GatewayUnderTest {
  name: string;
  make(): Promise<PaymentSubject>;
}

function local(): GatewayUnderTest {
  return {
    name: 'LocalTestPayment (« Paiement de test »)',
    make: async () => {
      const shop = localPaymentShop();
      return {
        gateway: shop.payments,
        waiting: async () => (await shop.place('carte')).number,
        notWaiting: async () => (await shop.place('a-la-livraison')).number,
        pageAddress: /^\/paiement-test\/[^/]+$/,
      };
    },
  };
}

/** The Supabase project's HTTP with only the edge function served (no SQL is reached): one shopper's device. */
function supabaseSubject(): { subject: PaymentSubject; fake: FakeSupabase; orders: StandInOrders } {
  const orders: StandInOrders = new Map();
  const noDatabase = {} as SqlRunner;
  const fake = new FakeSupabase(noDatabase, { functions: { 'create-checkout-session': createCheckoutSessionStandIn(orders) } });
  const kept = new MemoryKeyValueStore();
  const placed = new PlacedOrders(kept, new RecordingLogger());
  let count = 0;
  const order = (status: 'en-attente-paiement' | 'en-attente') => {
    count += 1;
    const number = `CMD-2026-00000${count}`;
    const secret = `5b1f0c3e-0000-4000-8000-00000000000${count}`;
    orders.set(number, { secret, status });
    placed.remember({ number, secret });
    return number;
  };
  return {
    fake,
    orders,
    subject: {
      gateway: new SupabasePaymentGateway(testClient(fake), placed, new RecordingLogger()),
      waiting: async () => order('en-attente-paiement'),
      notWaiting: async () => order('en-attente'),
      pageAddress: /^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/,
    },
  };
}

const adapters: GatewayUnderTest[] = [local(), { name: 'SupabasePaymentGateway (create-checkout-session)', make: async () => supabaseSubject().subject }];

describe.each(adapters)('PaymentGateway contract: $name', ({ make }) => {
  it('a card order waiting for its payment: the address of the provider’s page for it', async () => {
    const { gateway, waiting, pageAddress } = await make();
    const number = await waiting();
    const page = await gateway.startPayment({ number });
    expect(page).toEqual({ ok: true, value: { url: expect.stringMatching(pageAddress) } });
  });

  it('started again (the shopper came back without paying): a page again', async () => {
    const { gateway, waiting, pageAddress } = await make();
    const number = await waiting();
    expect((await gateway.startPayment({ number })).ok).toBe(true);
    expect(await gateway.startPayment({ number })).toEqual({ ok: true, value: { url: expect.stringMatching(pageAddress) } });
  });

  it('an order unknown to the shopper (a number never placed, a wrong secret): not-found, as an unknown order is said', async () => {
    const { gateway, waiting } = await make();
    const number = await waiting();
    const notFound = { ok: false, error: { code: 'not-found', message: ORDER_LOOKUP_MESSAGES.notFound } };
    expect(await gateway.startPayment({ number: 'CMD-2026-999999' })).toEqual(notFound);
    expect(await gateway.startPayment({ number, secret: '00000000-0000-4000-8000-000000000000' })).toEqual(notFound);
  });

  it('an order that waits for no payment is refused: not-payable, in French', async () => {
    const { gateway, notWaiting } = await make();
    expect(await gateway.startPayment({ number: await notWaiting() })).toEqual({
      ok: false,
      error: { code: 'not-payable', message: PAYMENT_MESSAGES.notPayable },
    });
  });
});

describe('SupabasePaymentGateway: the provider or the function out of reach', () => {
  it('the function answers 502 or 503 (Stripe unreachable): network, the payment’s French message', async () => {
    const { subject, orders } = supabaseSubject();
    const number = await subject.waiting();
    for (const status of [502, 503] as const) {
      orders.get(number)!.unreachable = status;
      expect(await subject.gateway.startPayment({ number })).toEqual({ ok: false, error: { code: 'network', message: PAYMENT_MESSAGES.unreachable } });
    }
  });

  it('the project out of reach (offline): network, the payment’s French message', async () => {
    const { subject, fake } = supabaseSubject();
    const number = await subject.waiting();
    fake.offline = true;
    expect(await subject.gateway.startPayment({ number })).toEqual({ ok: false, error: { code: 'network', message: PAYMENT_MESSAGES.unreachable } });
  });

  it('sends the order’s number and this device’s secret, never an amount or a card', async () => {
    const { subject, orders } = supabaseSubject();
    const number = await subject.waiting();
    await subject.gateway.startPayment({ number });
    expect(orders.get(number)!.asked).toEqual([{ number, secret: orders.get(number)!.secret }]);
  });
});
