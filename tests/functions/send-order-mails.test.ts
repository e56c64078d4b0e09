// The send-order-mails edge function, run by Deno exactly as deployed (index.ts, Deno.serve),
// called as the database's webhook calls it (the service role key, through the fake Supabase's
// /functions/v1), in front of the fake Supabase whose PostgREST runs order_mails_claim and
// order_mails_settle in the test database (where the triggers of …_order_mails.sql queued the
// mails), and a fake Resend that checks each POST /emails as Resend documents it, Idempotency-Key
// included (a repeat of a key sends nothing, the same key with another payload is refused 409).
import { describe, expect, it } from 'vitest';
import { COMPANY } from '@/domain/company';
import { ANON_KEY, functionStage, SERVICE_ROLE_KEY } from './support/function-stage';
import { placeVisitorOrder } from '../support/supabase/withdrawal-fixtures';

const stage = functionStage('send-order-mails', {
  seed: true,
  mailFrom: 'La Petite Boutique <commandes@boutique.example>',
  siteUrl: 'https://boutique.example/',
});

const BUYER = 'camille@exemple.fr';
const nbsp = '\u00a0';

/** The webhook's call: POST with the service role key, no body. */
async function drain(key = SERVICE_ROLE_KEY, method = 'POST') {
  const response = await fetch(`${stage.supabase.origin}/functions/v1/send-order-mails`, { method, headers: { Authorization: `Bearer ${key}` } });
  const answer = (await response.json()) as Record<string, unknown>;
  return { status: response.status, answer };
}

const queue = (number: string) =>
  stage.cluster.query<{ kind: string; attempts: number; sent: boolean; last_error: string | null }>(
    `select m.kind, m.attempts, m.sent_at is not null as sent, m.last_error
     from public.order_mails m join public.orders o on o.id = m.order_id where o.number = $1 order by m.id`,
    [number],
  );

/** Time passes for the queue: every waiting mail is due again. */
const dueAgain = () => stage.cluster.query(`update public.order_mails set next_attempt_at = now() - interval '1 second' where sent_at is null`);

describe('send-order-mails', () => {
  it('an order placed: the buyer’s confirmation and the owner’s notice leave through Resend, each once, with its Idempotency-Key; marked sent', async () => {
    const { number } = await placeVisitorOrder(stage.cluster, BUYER);
    expect(await drain()).toEqual({ status: 200, answer: { sent: 2, failed: 0 } });
    const [confirmation, notice, ...others] = stage.resend.accepted;
    expect(others).toEqual([]);
    expect(stage.resend.keys).toEqual([`order-mail/${number}/confirmation`, `order-mail/${number}/nouvelle-commande`]);
    expect(confirmation).toMatchObject({
      from: 'La Petite Boutique <commandes@boutique.example>',
      to: [BUYER],
      subject: `Confirmation de votre commande ${number}`,
    });
    expect(confirmation!.text).toContain(`- 1 × Théière en fonte Kyoto${nbsp}: 54,90${nbsp}€ l’unité, 54,90${nbsp}€ TTC (TVA 20${nbsp}%)`);
    expect(confirmation!.text).toContain(`- 2 × Bol en grès bleu nuit${nbsp}: 12,50${nbsp}€ l’unité, 25,00${nbsp}€ TTC (TVA 20${nbsp}%)`);
    expect(confirmation!.text).toContain(`- Total${nbsp}: 79,90${nbsp}€ TTC`);
    expect(confirmation!.text).toContain(`Livraison à domicile${nbsp}: Camille Martin, 12 rue de la Roquette, 75011 Paris, France.`);
    expect(confirmation!.text).toContain(`Vous rétracter en ligne (renoncer au contrat ici)${nbsp}: https://boutique.example/commande/retractation/${number}`);
    expect(confirmation!.html).toContain(`<a href="https://boutique.example/commande/retractation/${number}">`);
    expect(notice).toMatchObject({ to: [COMPANY.email], subject: `Nouvelle commande ${number} (79,90${nbsp}€)` });
    expect(await queue(number)).toEqual([
      { kind: 'confirmation', attempts: 1, sent: true, last_error: null },
      { kind: 'nouvelle-commande', attempts: 1, sent: true, last_error: null },
    ]);
    expect(await drain()).toEqual({ status: 200, answer: { sent: 0, failed: 0 } });
    expect(stage.resend.accepted).toHaveLength(2);
  });

  it('the order shipped, then a withdrawal and its refund: « expédiée » to the buyer, the withdrawal to the owner, « remboursée » to the buyer', async () => {
    const { number, secret } = await placeVisitorOrder(stage.cluster, BUYER);
    await drain();
    stage.resend.accepted.length = 0;
    await stage.cluster.query(`update public.orders set status = 'expediee' where number = $1`, [number]);
    await stage.cluster.query(`select public.withdraw_from_order($1, $2::uuid, '[{"line": 1, "quantity": 1}]'::jsonb)`, [number, secret], {
      role: 'anon',
    });
    expect(await drain()).toEqual({ status: 200, answer: { sent: 2, failed: 0 } });
    expect(stage.resend.accepted.map((mail) => [mail.to[0], mail.subject])).toEqual([
      [BUYER, `Votre commande ${number} a été expédiée`],
      [COMPANY.email, `Rétractation reçue (commande ${number})`],
    ]);
    await stage.cluster.query(`update public.order_withdrawals set status = 'retournee'`);
    await stage.cluster.query(`update public.order_withdrawals set status = 'remboursee'`);
    expect(await drain()).toEqual({ status: 200, answer: { sent: 1, failed: 0 } });
    expect(stage.resend.accepted[2]).toMatchObject({ to: [BUYER], subject: `Remboursement de votre rétractation (commande ${number})` });
    expect(stage.resend.accepted[2]!.text).toContain(`- 1 × Bol en grès bleu nuit (12,50${nbsp}€)`);
  });

  it('Resend refuses one: the other is sent, the refused one keeps its error and leaves at the next attempt; the order stands', async () => {
    const { number } = await placeVisitorOrder(stage.cluster, BUYER);
    stage.resend.refuseNext(1, 503);
    expect(await drain()).toEqual({ status: 200, answer: { sent: 1, failed: 1 } });
    const [refused, sent] = await queue(number);
    expect(refused).toMatchObject({ kind: 'confirmation', attempts: 1, sent: false });
    expect(refused!.last_error).toMatch(/^Resend 503: .*Resend is unavailable/);
    expect(sent).toMatchObject({ kind: 'nouvelle-commande', sent: true });
    expect(await drain()).toEqual({ status: 200, answer: { sent: 0, failed: 0 } });
    await dueAgain();
    expect(await drain()).toEqual({ status: 200, answer: { sent: 1, failed: 0 } });
    expect(await queue(number)).toMatchObject([{ kind: 'confirmation', attempts: 2, sent: true, last_error: null }, { sent: true }]);
    expect(stage.resend.accepted.map((mail) => mail.subject)).toEqual([
      `Nouvelle commande ${number} (79,90${nbsp}€)`,
      `Confirmation de votre commande ${number}`,
    ]);
    const [order] = await stage.cluster.query<{ status: string }>('select status from public.orders where number = $1', [number]);
    expect(order!.status).toBe('en-attente');
  });

  it('Resend sent it but its answer was lost: the retry carries the same key, and the buyer gets one mail, not two', async () => {
    const { number } = await placeVisitorOrder(stage.cluster, BUYER);
    stage.resend.loseAnswers(1);
    expect(await drain()).toEqual({ status: 200, answer: { sent: 1, failed: 1 } });
    expect(stage.resend.accepted).toHaveLength(2);
    await dueAgain();
    expect(await drain()).toEqual({ status: 200, answer: { sent: 1, failed: 0 } });
    expect(stage.resend.keys).toEqual([`order-mail/${number}/confirmation`, `order-mail/${number}/nouvelle-commande`, `order-mail/${number}/confirmation`]);
    expect(stage.resend.accepted.filter((mail) => mail.to[0] === BUYER)).toHaveLength(1);
    expect((await queue(number)).every((row) => row.sent)).toBe(true);
  });

  it('anyone but the service role is refused 401, and only POST is answered', async () => {
    await placeVisitorOrder(stage.cluster, BUYER);
    expect(await drain(ANON_KEY)).toMatchObject({
      status: 401,
      answer: { error: 'Accès réservé au service\u00a0: appelez cette fonction avec la clé service_role.' },
    });
    expect((await drain(SERVICE_ROLE_KEY, 'GET')).status).toBe(405);
    expect(stage.resend.accepted).toEqual([]);
  });
});
