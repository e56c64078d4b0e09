import type { SupabaseClient } from '@supabase/supabase-js';
import { ORDER_LOOKUP_MESSAGES } from '@/domain/order/order-lookup';
import { PAYMENT_MESSAGES } from '@/domain/order/payment';
import type { PlacedOrders } from '@/domain/order/placed-orders';
import { fail, ok, type Result } from '@/domain/result';
import type { Logger } from '@/ports/logger';
import type { PaymentGateway, PaymentOrder, PaymentPage } from '@/ports/payment-gateway';
import { backendError, functionErrorBody } from './supabase-errors';

/**
 * The payment port on Supabase: the edge function `create-checkout-session` creates the
 * provider's session (Stripe Checkout) from the database's order, never from the browser's
 * figures, with the function's own secret key (the browser holds none). What it answers:
 * - 200 `{ url }`: the provider's page;
 * - 404 `{ code: 'not-found' }`: no order of that number and secret;
 * - 409 `{ code: 'not-payable' }`: the order no longer waits for its payment;
 * - 502 or 503 `{ code, message }`: the provider could not be reached (`network` here: the order
 *   and its stock are kept, the shopper may start again).
 */
export class SupabasePaymentGateway implements PaymentGateway {
  constructor(
    private readonly client: SupabaseClient,
    private readonly placed: PlacedOrders,
    private readonly logger: Logger,
  ) {}

  async startPayment({ number, secret }: PaymentOrder): Promise<Result<PaymentPage>> {
    const key = secret ?? this.placed.secretOf(number);
    const { data, error } = await this.client.functions.invoke<unknown>('create-checkout-session', { body: { number, secret: key } });
    if (error) {
      const body = (await functionErrorBody(error)) as { code?: unknown } | null;
      const status = (error as { context?: unknown }).context instanceof Response ? ((error as { context: Response }).context.status ?? 0) : 0;
      if (body?.code === 'not-found' || status === 404) return fail('not-found', ORDER_LOOKUP_MESSAGES.notFound);
      if (body?.code === 'not-payable' || status === 409) return fail('not-payable', PAYMENT_MESSAGES.notPayable);
      const failure = backendError(this.logger, `starting the payment of order ${number}`, error);
      // The provider or the function out of reach: the shopper is told so in the payment's words.
      if (status === 502 || status === 503 || failure.code === 'network') return fail('network', PAYMENT_MESSAGES.unreachable);
      return fail(failure.code, failure.message);
    }
    const url = (data as { url?: unknown } | null)?.url;
    if (typeof url !== 'string' || !/^https?:\/\//.test(url)) {
      this.logger.error(`Supabase: create-checkout-session answered no provider address for order ${number}`, data);
      return fail('backend-failed', PAYMENT_MESSAGES.unreachable);
    }
    return ok({ url });
  }
}
