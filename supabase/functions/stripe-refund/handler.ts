import { json } from '../_shared/http.ts';
import type { Log } from '../_shared/mailers.ts';

/** A refund owed, as claim_payment_refunds hands it. */
export interface OwedRefund {
  id: number;
  orderNumber: string;
  /** The PaymentIntent (pi_…) the order was paid with. */
  paymentReference: string;
  amountCents: number;
}

/** The refunds in the database (supabase/migrations/…_card_refunds.sql). Rejects when it cannot answer. */
export interface Refunds {
  /** Takes up to `max` refunds due; each is not due again for a while (the retry). */
  claim(max: number): Promise<OwedRefund[]>;
  /** Records the refund Stripe made. */
  settle(id: number, providerRefundId: string): Promise<void>;
}

export interface Services {
  refunds: Refunds;
  /** POST /v1/refunds for it, with its idempotency key: Stripe's refund id; rejects when Stripe refused or could not be reached. */
  refund(owed: OwedRefund, idempotencyKey: string): Promise<string>;
  /** Only the service role (the database's webhook, the scheduler) may make the function refund. */
  serviceRoleKey: string;
  log: Log;
}

export const MESSAGES = {
  postOnly: 'Méthode non autorisée\u00a0: utilisez POST.',
  serviceOnly: 'Accès réservé au service\u00a0: appelez cette fonction avec la clé service_role.',
  misconfigured: 'Le service de remboursement est mal configuré. Prévenez l’administrateur technique.',
  backendUnavailable: 'Le service est momentanément indisponible. Réessayez dans quelques instants.',
} as const;

const BATCH = 20;
const MAX_BATCHES = 5;

/**
 * POST (no body) with the service role key → 200 { refunded, failed }: each refund due (100 at
 * most) made through Stripe, with the idempotency key `refund-<order number>` (a retry, even after
 * an answer lost on the way, never refunds twice), then recorded. A refund Stripe refused or that
 * could not be sent stays owed: due again after 1, 2, 4 … 64 minutes (claim_payment_refunds).
 * 401 without the service role key, 405 not POST, 502 { error, refunded, failed } when the
 * database cannot answer, 500 misconfigured.
 */
export function createHandler(services: Services | { problems: string[]; log: Log }): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'POST') return json(405, { error: MESSAGES.postOnly });
    if ('problems' in services) {
      services.log(`[stripe-refund] misconfigured: ${services.problems.join('; ')}`);
      return json(500, { error: MESSAGES.misconfigured });
    }
    if (request.headers.get('Authorization') !== `Bearer ${services.serviceRoleKey}`) return json(401, { error: MESSAGES.serviceOnly });

    const counts = { refunded: 0, failed: 0 };
    try {
      for (let round = 0; round < MAX_BATCHES; round++) {
        const batch = await services.refunds.claim(BATCH);
        if (batch.length === 0) break;
        for (const owed of batch) {
          let refundId: string;
          try {
            refundId = await services.refund(owed, `refund-${owed.orderNumber}`);
          } catch (error) {
            services.log(`[stripe-refund] ${owed.orderNumber}: Stripe did not refund ${owed.amountCents} cents: ${String(error)}`);
            counts.failed += 1;
            continue;
          }
          await services.refunds.settle(owed.id, refundId);
          counts.refunded += 1;
        }
      }
    } catch (error) {
      services.log(`[stripe-refund] the refunds could not be read or recorded: ${String(error)}`);
      return json(502, { error: MESSAGES.backendUnavailable, ...counts });
    }
    return json(200, counts);
  };
}
