// The withdraw-from-order edge function, run by Deno exactly as deployed (index.ts, Deno.serve),
// called as the shop's supabase-js calls it (functions.invoke with the anon key and the order's
// secret), in front of the fake Supabase whose PostgREST runs the real SQL function
// withdraw_from_order in the test database, and the fake Resend that records mail.
import { createClient, FunctionsHttpError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { withdrawalAcknowledgementMail } from '@/domain/order/withdrawal-acknowledgement';
import { withdrawalDeadline } from '@/domain/order/withdrawal';
import { shopCalendarDay } from '@/domain/shop-time';
import { expectCorsPreflightAnswered } from './support/cors';
import { ANON_KEY, functionStage } from './support/function-stage';
import { deliveredDaysAgo, placeVisitorOrder } from '../support/supabase/withdrawal-fixtures';

const stage = functionStage('withdraw-from-order', {
  seed: true,
  mailFrom: 'La Petite Boutique <commandes@boutique.example>',
  siteUrl: 'https://boutique.example/',
});

const BUYER = 'camille@exemple.fr';

class NoWebSocket {}

/** The shop's call: the buyer's supabase-js, signed out (the anon key), with the order's secret. */
async function withdraw(body: Record<string, unknown>) {
  const client = createClient(stage.supabase.origin, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoWebSocket as never },
  });
  const { data, error } = await client.functions.invoke('withdraw-from-order', { body });
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    return { status: response.status, answer: (await response.json()) as Record<string, unknown> };
  }
  if (error) throw error;
  return { status: 200, answer: data as Record<string, unknown> };
}

/** A visitor's order of a teapot and two bowls, delivered `daysAgo`: its number and secret. */
async function delivered(daysAgo = 0): Promise<{ number: string; secret: string }> {
  const placed = await placeVisitorOrder(stage.cluster, BUYER);
  await deliveredDaysAgo(stage.cluster, placed.number, daysAgo);
  return placed;
}

describe('withdraw-from-order', () => {
  it('answers the browser’s CORS preflight for the headers supabase-js sends', async () => {
    await expectCorsPreflightAnswered(`${stage.supabase.origin}/functions/v1/withdraw-from-order`);
  });

  it('records the withdrawal as the caller, then mails the acknowledgement, worded as the shop’s, with the Paris date and time', async () => {
    const { number, secret } = await delivered();
    const { status, answer } = await withdraw({ number, secret, lines: [{ line: 1, quantity: 1 }] });
    expect(status).toBe(200);
    expect(answer).toMatchObject({
      ok: true,
      acknowledged: true,
      order: { number, withdrawals: [{ number: 1, status: 'recue', lines: [{ line: 1, quantity: 1 }] }] },
    });
    const rpc = stage.supabase.seen.find((request) => request.path === '/rest/v1/rpc/withdraw_from_order');
    expect(rpc?.authorization).toBe(`Bearer ${ANON_KEY}`);
    const receivedAt = (answer.order as { withdrawals: { receivedAt: string }[] }).withdrawals[0]!.receivedAt;
    const expected = withdrawalAcknowledgementMail(
      {
        number,
        contact: { name: 'Camille Martin', email: BUYER, phone: null },
        lines: [
          { productId: '', name: 'Théière en fonte Kyoto', unitPriceCents: 5490, quantity: 1, picture: '', vatRate: 2000 },
          { productId: '', name: 'Bol en grès bleu nuit', unitPriceCents: 1250, quantity: 2, picture: '', vatRate: 2000 },
        ],
      },
      { number: 1, receivedAt, lines: [{ line: 1, quantity: 1 }], beforeShipping: false, status: 'recue', returnedAt: null, refundedAt: null },
    );
    expect(stage.resend.accepted).toHaveLength(1);
    const [mail] = stage.resend.accepted;
    expect(mail!.to).toEqual([BUYER]);
    expect(mail!.subject).toBe(expected.subject);
    expect(mail!.text).toBe(expected.body);
    expect(mail!.headers).toBeUndefined();
  });

  it('delivered 15 days ago: 422 with the database’s French refusal (CM020), no mail', async () => {
    const { number, secret } = await delivered(15);
    const [{ delivered_at: at }] = (await stage.cluster.query<{ delivered_at: Date }>('select delivered_at from public.orders where number = $1', [
      number,
    ])) as [{ delivered_at: Date }];
    expect(await withdraw({ number, secret, lines: [{ line: 0, quantity: 1 }] })).toEqual({
      status: 422,
      answer: {
        ok: false,
        code: 'CM020',
        message: `Le délai de rétractation de 14 jours a expiré le ${shopCalendarDay(withdrawalDeadline(at.toISOString())!.lastDay)}.`,
      },
    });
    expect(stage.resend.accepted).toEqual([]);
  });

  it('without the order’s secret: 404, nothing recorded, no mail; a body that is not { number, secret, lines }: 400', async () => {
    const { number } = await delivered();
    expect(await withdraw({ number, secret: null, lines: [{ line: 0, quantity: 1 }] })).toMatchObject({ status: 404, answer: { code: 'not-found' } });
    expect(await stage.cluster.query('select 1 from public.order_withdrawals')).toEqual([]);
    expect(await withdraw({ number })).toMatchObject({ status: 400, answer: { code: 'bad-request' } });
    expect(stage.resend.accepted).toEqual([]);
  });
});
