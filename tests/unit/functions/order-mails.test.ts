// The edge function send-order-mails words each order mail from the database's order document;
// the local shop from its Order (src/domain/order/order-mails.ts). Held together here, text and
// HTML byte for byte, for every kind and delivery method, without starting Deno: the function's
// module is imported as Deno would (tsc does not see supabase/functions: deno-check.test.ts).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Order } from '@/domain/order/order';
import { ORDER_MAIL_KINDS, orderMail, type OrderMailKind } from '@/domain/order/order-mails';
import { mailOrder, ORDER_KINDS, SITE, withdrawnOrder } from '../../support/order-mail-orders';

interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}
interface FunctionMails {
  ORDER_MAIL_KINDS: readonly string[];
  orderMail(kind: OrderMailKind, order: object, siteUrl: string): OutgoingMail;
}

const ROOT = join(import.meta.dirname, '..', '..', '..');
const functionMails = () => import(pathToFileURL(join(ROOT, 'supabase/functions/send-order-mails/order-mails.ts')).href) as Promise<FunctionMails>;

/** The order as public.order_document writes it: euros, the recipient's name and address flat. */
export function orderDocument(order: Order): object {
  const euros = (cents: number) => cents / 100;
  return {
    number: order.number,
    status: order.status,
    createdAt: order.placedAt,
    deliveredAt: order.deliveredAt,
    email: order.contact.email,
    phone: order.contact.phone,
    recipientName: order.contact.name,
    addressLine: order.address?.street ?? null,
    postalCode: order.address?.postalCode ?? null,
    city: order.address?.city ?? null,
    country: order.address?.country ?? null,
    deliveryMethod: order.deliveryMethod,
    relayPoint: order.relayPoint,
    paymentMethod: order.payment.method,
    paymentLast4: order.payment.method === 'carte' ? order.payment.last4 : null,
    paymentReference: order.payment.method === 'carte' ? order.payment.reference : null,
    subtotal: euros(order.totals.subtotalCents),
    deliveryFee: euros(order.totals.deliveryCents),
    total: euros(order.totals.totalCents),
    lines: order.lines.map((line) => ({
      productId: 1,
      name: line.name,
      unitPrice: euros(line.unitPriceCents),
      quantity: line.quantity,
      picture: '',
      vatRate: line.vatRate,
    })),
    vatByRate: order.totals.vatByRate.map((rate) => ({ rate: rate.rate, base: euros(rate.baseCents), vat: euros(rate.vatCents) })),
    withdrawals: order.withdrawals.map(({ number, receivedAt, lines, beforeShipping, status, refundedAt }) => ({
      number,
      receivedAt,
      lines: [...lines],
      beforeShipping,
      status,
      refundedAt,
    })),
  };
}

describe('the function’s order mails are the domain’s', () => {
  it('the same kinds', async () => {
    expect((await functionMails()).ORDER_MAIL_KINDS).toEqual(ORDER_MAIL_KINDS);
  });

  for (const delivery of ORDER_KINDS) {
    it.each(ORDER_MAIL_KINDS)(`%s, ${delivery}: recipient, subject, text and HTML`, async (kind) => {
      const { orderMail: functionMail } = await functionMails();
      for (const order of [mailOrder(delivery), withdrawnOrder(delivery, 'expediee'), withdrawnOrder(delivery, 'annulee')]) {
        const domain = orderMail(kind, order, SITE);
        expect(functionMail(kind, orderDocument(order), SITE)).toEqual({ to: domain.to, subject: domain.subject, text: domain.body, html: domain.html });
      }
    });
  }
});
