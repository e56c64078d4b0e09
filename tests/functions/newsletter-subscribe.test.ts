// The newsletter-subscribe edge function, run by Deno exactly as deployed (index.ts, Deno.serve),
// called as the shop's supabase-js calls it (functions.invoke with the anon key), in front of the
// fake Supabase whose PostgREST runs the real SQL function newsletter_subscribe in the test
// database, and the fake Resend that records mail.
import { createClient, FunctionsHttpError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@/domain/messages';
import { confirmationMail } from '@/domain/newsletter/newsletter-mails';
import { expectCorsPreflightAnswered } from './support/cors';
import { startFunction } from './support/deno-function';
import { ANON_KEY, functionStage, SERVICE_ROLE_KEY } from './support/function-stage';

const SITE_URL = 'https://boutique.example/';
const stage = functionStage('newsletter-subscribe', { seed: false, mailFrom: 'La Petite Boutique <newsletter@boutique.example>', siteUrl: SITE_URL });

const SPEC = {
  subscribed: 'Inscription réussie ! Un email de confirmation vous a été envoyé.',
  resubscribed: 'Inscription réactivée avec succès ! Vérifiez votre boîte mail.',
  already: 'Cette adresse email est déjà inscrite à notre newsletter',
  invalid: 'Adresse email invalide',
};

// supabase-js builds a Realtime client, which wants a WebSocket class (Node 20 has none).
class NoWebSocket {}

/** The shop's call: a signed-out visitor's supabase-js (the anon key is its JWT). */
async function subscribeAsVisitor(email: unknown) {
  const client = createClient(stage.supabase.origin, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoWebSocket as never },
  });
  const { data, error } = await client.functions.invoke('newsletter-subscribe', { body: { email } });
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    return { status: response.status, answer: (await response.json()) as Record<string, unknown> };
  }
  if (error) throw error;
  return { status: 200, answer: data as Record<string, unknown> };
}

async function row(email: string) {
  const [found] = await stage.cluster.query<{ is_active: boolean; confirmation_sent: boolean; unsubscribe_token: string }>(
    'select is_active, confirmation_sent, unsubscribe_token from public.newsletter_subscribers where email = $1',
    [email],
  );
  return found;
}

const linkFor = (token: string) => `https://boutique.example/newsletter/desinscription?token=${encodeURIComponent(token)}`;

describe('newsletter-subscribe', () => {
  it('answers the browser’s CORS preflight for the headers supabase-js sends', async () => {
    await expectCorsPreflightAnswered(`${stage.supabase.origin}/functions/v1/newsletter-subscribe`);
  });

  it('a new address: the spec’s answer, one confirmation mail with its own unsubscribe link, confirmation_sent true', async () => {
    const { status, answer } = await subscribeAsVisitor('  Camille@Exemple.FR ');

    expect(status).toBe(200);
    expect(answer).toEqual({ ok: true, code: 'subscribed', message: SPEC.subscribed });
    expect(answer.message).toBe(MESSAGES.subscribed);
    const stored = await row('camille@exemple.fr');
    expect(stored).toMatchObject({ is_active: true, confirmation_sent: true });
    // The token travels only in the mail, never in the visitor's answer.
    expect(JSON.stringify(answer)).not.toContain(stored!.unsubscribe_token);

    expect(stage.resend.accepted).toHaveLength(1);
    const [mail] = stage.resend.accepted;
    const link = linkFor(stored!.unsubscribe_token);
    expect(mail!.to).toEqual(['camille@exemple.fr']);
    expect(mail!.from).toBe('La Petite Boutique <newsletter@boutique.example>');
    expect(mail!.subject).toBe('Bienvenue dans notre newsletter');
    expect(mail!.text).toBe(
      'Bonjour,\n\nMerci de votre inscription à notre newsletter. Vous recevrez nos nouveautés et nos offres à l’adresse camille@exemple.fr.' +
        `\n\nPour vous désinscrire\u00a0: ${link}`,
    );
    expect(mail!.html).toContain(`href="${link}"`);
    expect(mail!.headers).toEqual({ 'List-Unsubscribe': `<${link}>` });
    // The subscription itself ran as the visitor (anon), the token was read with the service role.
    const rpc = stage.supabase.seen.find((request) => request.path === '/rest/v1/rpc/newsletter_subscribe');
    expect(rpc?.authorization).toBe(`Bearer ${ANON_KEY}`);
    const read = stage.supabase.seen.find((request) => request.path === '/rest/v1/newsletter_subscribers' && request.method === 'GET');
    expect(read?.authorization).toBe(`Bearer ${SERVICE_ROLE_KEY}`);
  });

  it('an address between blanks that trim() removes (U+2003, U+00A0, U+3000): stored trimmed and mailed, never « mail-failed »', async () => {
    const { status, answer } = await subscribeAsVisitor('\u00a0Camille@Exemple.FR\u2003\u3000');
    expect({ status, answer }).toEqual({ status: 200, answer: { ok: true, code: 'subscribed', message: SPEC.subscribed } });
    expect(await row('camille@exemple.fr')).toMatchObject({ is_active: true, confirmation_sent: true });
    expect(stage.resend.accepted.map((mail) => mail.to)).toEqual([['camille@exemple.fr']]);
  });

  it('an address of more than 254 characters: invalid, nothing stored, no mail', async () => {
    const { status, answer } = await subscribeAsVisitor(`${'a'.repeat(250)}@exemple.fr`);
    expect({ status, answer }).toEqual({ status: 200, answer: { ok: false, code: 'invalid-email', message: 'Adresse email invalide' } });
    expect(stage.resend.accepted).toEqual([]);
  });

  it('an address that had unsubscribed: the spec’s re-subscription answer and a « réactivée » mail', async () => {
    await subscribeAsVisitor('lea@exemple.fr');
    await stage.cluster.query('select public.newsletter_unsubscribe($1)', [(await row('lea@exemple.fr'))!.unsubscribe_token], { role: 'anon' });
    stage.resend.accepted.length = 0;

    const { status, answer } = await subscribeAsVisitor('lea@exemple.fr');

    expect(status).toBe(200);
    expect(answer).toEqual({ ok: true, code: 'resubscribed', message: SPEC.resubscribed });
    expect(stage.resend.accepted.map((mail) => [mail.to, mail.subject])).toEqual([[['lea@exemple.fr'], 'Votre inscription à la newsletter est réactivée']]);
    const stored = await row('lea@exemple.fr');
    expect(stored).toMatchObject({ is_active: true, confirmation_sent: true });
    // Word for word the local shop's confirmation, link included: both make it absolute on the same address.
    const local = confirmationMail(
      { id: '', email: 'lea@exemple.fr', subscribedAt: '', isActive: true, confirmationSent: false, unsubscribeToken: stored!.unsubscribe_token },
      true,
      SITE_URL,
    );
    expect(stage.resend.accepted[0]!.text).toBe(local.body);
    expect(local.body).toContain(linkFor(stored!.unsubscribe_token));
  });

  it('an address already active: the spec’s duplicate answer, and no mail', async () => {
    await subscribeAsVisitor('lea@exemple.fr');
    stage.resend.accepted.length = 0;

    expect(await subscribeAsVisitor('LEA@exemple.fr')).toEqual({
      status: 200,
      answer: { ok: false, code: 'already-subscribed', message: SPEC.already },
    });
    expect(stage.resend.accepted).toEqual([]);
  });

  it.each(['lea', 'lea@exemple', ''])('a malformed address %j: « Adresse email invalide », nothing kept, no mail', async (email) => {
    expect(await subscribeAsVisitor(email)).toEqual({ status: 200, answer: { ok: false, code: 'invalid-email', message: SPEC.invalid } });
    expect(await stage.cluster.query('select email from public.newsletter_subscribers')).toEqual([]);
    expect(stage.resend.accepted).toEqual([]);
  });

  it('when the mail provider refuses: 502 in French, the subscription kept with confirmation_sent false', async () => {
    stage.resend.refuseNext(1, 500);

    const { status, answer } = await subscribeAsVisitor('marc@exemple.fr');

    expect(status).toBe(502);
    expect(answer).toEqual({ ok: false, code: 'mail-failed', message: MESSAGES.confirmationMailFailed });
    expect(answer.message).toBe('Votre inscription est bien enregistrée, mais l’email de confirmation n’a pas pu être envoyé.');
    expect(await row('marc@exemple.fr')).toMatchObject({ is_active: true, confirmation_sent: false });
    expect(stage.resend.accepted).toEqual([]);
    await stage.fn.waitForOutput('[newsletter-subscribe] Resend refused a batch of 1: 500');
  });

  it('without a Resend key, writes the confirmation with its link to the function’s log', async () => {
    const logging = await startFunction('newsletter-subscribe', {
      SUPABASE_URL: stage.supabase.origin,
      SUPABASE_ANON_KEY: ANON_KEY,
      SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
      SITE_URL,
    });
    try {
      const response = await fetch(`${logging.origin}/newsletter-subscribe`, {
        method: 'POST',
        headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'zoe@exemple.fr' }),
      });
      expect(await response.json()).toEqual({ ok: true, code: 'subscribed', message: SPEC.subscribed });
      const stored = await row('zoe@exemple.fr');
      await logging.waitForOutput(`[newsletter-subscribe] mail (log provider) to zoe@exemple.fr: "Bienvenue dans notre newsletter"`);
      await logging.waitForOutput(linkFor(stored!.unsubscribe_token));
      expect(stage.resend.accepted).toEqual([]);
    } finally {
      await logging.stop();
    }
  });

  it('refuses a body without an email (400, in French)', async () => {
    const response = await fetch(`${stage.supabase.origin}/functions/v1/newsletter-subscribe`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ courriel: 'lea@exemple.fr' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      ok: false,
      code: 'bad-request',
      message: 'Requête invalide\u00a0: le corps doit être un objet JSON { email }.',
    });
    expect(await stage.cluster.query('select email from public.newsletter_subscribers')).toEqual([]);
  });
});
