import type { TestCluster } from '../../../scripts/db/test-cluster.mjs';
import { withdrawalAcknowledgementMail } from '@/domain/order/withdrawal-acknowledgement';
import type { OrderStatus } from '@/domain/order/order-status';
import type { WithdrawalStatus } from '@/domain/order/withdrawal';
import type { FunctionHandler } from './fake-supabase';
import type { OutgoingMail } from './send-newsletter-stand-in';

interface Document {
  number: string;
  status: OrderStatus;
  email: string;
  lines: { name: string; unitPrice: number; quantity: number }[] | null;
  withdrawals: { number: number; receivedAt: string; lines: { line: number; quantity: number }[]; beforeShipping: boolean; status: WithdrawalStatus }[] | null;
}

const REFUSALS = new Set(['CM003', 'CM020', 'CM021']);

/**
 * A stand-in for the withdraw-from-order edge function (the real one runs in Deno: its handler
 * and mail in supabase/functions/withdraw-from-order), keeping the contract the adapter relies on:
 * the real SQL function withdraw_from_order runs under the role and claims of the request's JWT;
 * 200 { ok, order, acknowledged } after the acknowledgement went to `outbox` (the domain's
 * wording, as the function's, for the newest withdrawal); 404 not-found; 422 { code, message } for the database's refusals;
 * a mail to `refuseMailTo` fails: acknowledged false.
 */
export function withdrawFromOrderStandIn(cluster: () => TestCluster, outbox: OutgoingMail[], options: { refuseMailTo?: Set<string> } = {}): FunctionHandler {
  return async ({ claims, body }) => {
    const { number, secret, lines } = (body ?? {}) as { number?: unknown; secret?: unknown; lines?: unknown };
    if (typeof number !== 'string' || !Array.isArray(lines)) return { status: 400, body: { ok: false, code: 'bad-request', message: 'Requête invalide' } };
    let order: Document | null;
    try {
      const [row] = await cluster().query<{ order: Document | null }>(
        'select public.withdraw_from_order(number => $1, secret => $2, lines => $3) as order',
        [number, typeof secret === 'string' ? secret : null, JSON.stringify(lines)],
        { role: claims.role, claims },
      );
      order = row!.order;
    } catch (error) {
      const { code, message } = error as { code?: string; message?: string };
      if (code && REFUSALS.has(code)) return { status: 422, body: { ok: false, code, message } };
      throw error;
    }
    // The one just recorded: the newest.
    const withdrawal = order?.withdrawals?.at(-1);
    if (!order || !withdrawal) return { status: 404, body: { ok: false, code: 'not-found', message: 'Cette commande est introuvable. Vérifiez son numéro.' } };
    const mail = withdrawalAcknowledgementMail(
      {
        number: order.number,
        contact: { name: '', email: order.email, phone: null },
        lines: (order.lines ?? []).map((line) => ({ ...line, productId: '', picture: '', vatRate: 2000, unitPriceCents: Math.round(line.unitPrice * 100) })),
      },
      { ...withdrawal, returnedAt: null, refundedAt: null },
    );
    if (options.refuseMailTo?.has(mail.to)) return { status: 200, body: { ok: true, order, acknowledged: false } };
    outbox.push(mail);
    return { status: 200, body: { ok: true, order, acknowledged: true } };
  };
}
