import type { PaymentOutcome, PaymentRequest } from '@/domain/order/payment';
import { fail, ok, type Result } from '@/domain/result';
import type { PaymentGateway } from '@/ports/payment-gateway';

/**
 * A bank that accepts every card and « Paiement à la livraison », and keeps what each card
 * payment holds on the shopper's account until it is released. `decline` refuses the next cards;
 * `refuseRelease` makes giving a payment back fail.
 */
export class FakePaymentGateway implements PaymentGateway {
  /** Amount held per payment reference. */
  readonly held = new Map<string, number>();
  decline = false;
  refuseRelease = false;
  private count = 0;

  async pay(request: PaymentRequest, amountCents: number): Promise<Result<PaymentOutcome>> {
    if (request.method === 'a-la-livraison') return ok({ method: 'a-la-livraison' });
    if (this.decline) return fail('payment-declined', 'Paiement refusé par la banque. Essayez une autre carte.');
    this.count += 1;
    const reference = `banque-${this.count}`;
    this.held.set(reference, amountCents);
    return ok({ method: 'carte', last4: request.card.number.replace(/\D/g, '').slice(-4), reference });
  }

  async release(outcome: PaymentOutcome): Promise<Result<undefined>> {
    if (outcome.method === 'a-la-livraison') return ok();
    if (this.refuseRelease) return fail('network', 'backend: network');
    this.held.delete(outcome.reference);
    return ok();
  }
}
