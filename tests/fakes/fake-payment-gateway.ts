import { fail, ok, type Result } from '@/domain/result';
import type { PaymentGateway, PaymentOrder, PaymentPage } from '@/ports/payment-gateway';

/**
 * A hosted provider that opens a page per payment started (`sessions`: the order's number of each,
 * in order) at https://paiement.exemple/<n>. `unreachable` makes it answer `network`.
 */
export class FakePaymentGateway implements PaymentGateway {
  readonly sessions: string[] = [];
  unreachable = false;

  async startPayment(order: PaymentOrder): Promise<Result<PaymentPage>> {
    if (this.unreachable) return fail('network', 'backend: network');
    this.sessions.push(order.number);
    return ok({ url: `https://paiement.exemple/${this.sessions.length}` });
  }
}
