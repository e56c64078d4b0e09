// The send-newsletter edge function, run by Deno exactly as deployed (index.ts, Deno.serve),
// called as supabase-js functions.invoke calls it, in front of a fake Supabase whose Auth and
// PostgREST answer from the real PostgreSQL test database, and a fake Resend that records mail.
import { randomUUID } from 'node:crypto';
import { createClient, FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestCluster, type TestCluster } from '../../scripts/db/test-cluster.mjs';
import { MESSAGES } from '@/domain/messages';
import { expectCorsPreflightAnswered } from './support/cors';
import { startFunction, type RunningFunction } from './support/deno-function';
import { type FakeResend, startFakeResend } from './support/fake-resend';
import { type FakeSupabase, startFakeSupabase } from './support/fake-supabase';
import { signJwt } from './support/jwt';

const JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
const NOW = 1_800_000_000; // seconds: the fake Auth's clock, fixed
const ANON_KEY = signJwt({ iss: 'supabase', role: 'anon', iat: NOW - 1000, exp: NOW + 10 ** 8 }, JWT_SECRET);
const SERVICE_ROLE_KEY = signJwt({ iss: 'supabase', role: 'service_role', iat: NOW - 1000, exp: NOW + 10 ** 8 }, JWT_SECRET);
const RESEND_KEY = 're_test_0123456789';
const SITE_URL = 'https://boutique.example/';
const ADMIN = { id: randomUUID(), email: 'admin@boutique.example' };
const SHOPPER = { id: randomUUID(), email: 'client@exemple.fr' };

let cluster: TestCluster;
let supabase: FakeSupabase;
let resend: FakeResend;
let fn: RunningFunction;

/** A session's access token as Supabase Auth signs it (the claims it would put in). */
function accessToken(user: { id: string; email: string }, appMetadata: object = {}, expiresIn = 3600): string {
  return signJwt(
    { sub: user.id, email: user.email, role: 'authenticated', aud: 'authenticated', app_metadata: appMetadata, iat: NOW - 60, exp: NOW + expiresIn },
    JWT_SECRET,
  );
}

// supabase-js builds a Realtime client, which wants a WebSocket class (Node 20 has none); no
// test opens a channel, so a class that is never constructed is enough.
class NoWebSocket {}

/** The browser's supabase-js client: anon key, and the user's session when signed in. */
function client(token?: string) {
  return createClient(supabase.origin, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoWebSocket as never },
    ...(token ? { global: { headers: { Authorization: `Bearer ${token}` } } } : {}),
  });
}

async function invoke(token: string | undefined, body: unknown) {
  const { data, error } = await client(token).functions.invoke('send-newsletter', { body: body as Record<string, unknown> });
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    return { status: response.status, answer: (await response.json()) as Record<string, unknown> };
  }
  if (error) throw error;
  return { status: 200, answer: data as Record<string, unknown> };
}

async function createUsers() {
  for (const user of [ADMIN, SHOPPER]) {
    await cluster.query(
      `insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data)
       values ($1, 'authenticated', 'authenticated', $2, '{"provider":"email","providers":["email"]}', $3)`,
      // The shopper wrote role admin in user_metadata, which any user can change: never trusted.
      [user.id, user.email, user === SHOPPER ? '{"role":"admin"}' : '{}'],
    );
  }
  // The step « make an admin » of docs/supabase.md, word for word.
  await cluster.query(`update auth.users set raw_app_meta_data = raw_app_meta_data || '{"role":"admin"}' where email = 'admin@boutique.example';`);
}

/** Subscribes through the SQL function as a visitor would; returns each address's token. */
async function subscribe(...emails: string[]): Promise<Map<string, string>> {
  for (const email of emails) await cluster.query('select public.newsletter_subscribe($1)', [email], { role: 'anon' });
  const rows = await cluster.query<{ email: string; unsubscribe_token: string }>('select email, unsubscribe_token from public.newsletter_subscribers');
  return new Map(rows.map((row) => [row.email, row.unsubscribe_token]));
}

async function unsubscribe(token: string) {
  const [row] = await cluster.query<{ answer: { ok: boolean; code: string } }>('select public.newsletter_unsubscribe($1) as answer', [token], { role: 'anon' });
  return row!.answer;
}

/** A direct POST to a function started by the test itself, with an admin's session. */
function postAsAdmin(running: RunningFunction): Promise<Response> {
  return fetch(`${running.origin}/send-newsletter`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${accessToken(ADMIN, { role: 'admin' })}`, apikey: ANON_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ subject: 'Soldes', body: 'Texte' }),
  });
}

const functionEnv = (extra: Record<string, string>) => ({
  SUPABASE_URL: supabase.origin,
  SUPABASE_ANON_KEY: ANON_KEY,
  SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
  SITE_URL,
  ...extra,
});

beforeAll(async () => {
  cluster = await startTestCluster({ seed: false });
  supabase = await startFakeSupabase(cluster, JWT_SECRET, () => NOW);
  resend = await startFakeResend(RESEND_KEY);
  fn = await startFunction(
    'send-newsletter',
    functionEnv({ RESEND_API_KEY: RESEND_KEY, MAIL_FROM: 'La Petite Boutique <newsletter@boutique.example>', RESEND_API_URL: resend.origin }),
  );
  supabase.functionsOrigin = fn.origin;
}, 120_000);

afterAll(async () => {
  await fn?.stop();
  await resend?.stop();
  await supabase?.stop();
  await cluster?.stop();
}, 30_000);

beforeEach(async () => {
  await cluster.reset();
  await createUsers();
  resend.accepted.length = 0;
  supabase.seen.length = 0;
});

describe('send-newsletter: who may call it', () => {
  it('answers the browser’s CORS preflight for the headers supabase-js sends', async () => {
    await expectCorsPreflightAnswered(`${supabase.origin}/functions/v1/send-newsletter`);
  });

  it('refuses a request without a JWT (401), and sends nothing', async () => {
    await subscribe('a@exemple.fr');
    const response = await fetch(`${fn.origin}/send-newsletter`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ subject: 'Soldes', body: 'Tout à −20 %' }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Connexion requise\u00a0: connectez-vous avec un compte administrateur.' });
    expect(resend.accepted).toEqual([]);
  });

  it('refuses a signed-out browser, whose supabase-js sends the anon key as its JWT (401)', async () => {
    await subscribe('a@exemple.fr');
    const { status, answer } = await invoke(undefined, { subject: 'Soldes', body: 'Tout à −20 %' });
    expect(status).toBe(401);
    expect(answer).toEqual({ error: 'Session invalide ou expirée\u00a0: reconnectez-vous.' });
    expect(resend.accepted).toEqual([]);
  });

  it('refuses an admin’s expired session (401)', async () => {
    await subscribe('a@exemple.fr');
    const { status } = await invoke(accessToken(ADMIN, { role: 'admin' }, -1), { subject: 'Soldes', body: 'Texte' });
    expect(status).toBe(401);
    expect(resend.accepted).toEqual([]);
  });

  it('refuses a signed-in user who is not an admin, even with role admin in user_metadata (403)', async () => {
    await subscribe('a@exemple.fr');
    const { status, answer } = await invoke(accessToken(SHOPPER), { subject: 'Soldes', body: 'Texte' });
    expect(status).toBe(403);
    expect(answer).toEqual({ error: 'Accès réservé aux administrateurs' });
    expect(resend.accepted).toEqual([]);
  });

  it('asks Supabase Auth, not the token: an admin demoted since the token was signed is refused (403)', async () => {
    await subscribe('a@exemple.fr');
    const stillSaysAdmin = accessToken(ADMIN, { role: 'admin' });
    await cluster.query(`update auth.users set raw_app_meta_data = raw_app_meta_data - 'role' where email = $1`, [ADMIN.email]);
    const { status } = await invoke(stillSaysAdmin, { subject: 'Soldes', body: 'Texte' });
    expect(status).toBe(403);
    expect(resend.accepted).toEqual([]);
  });
});

describe('send-newsletter: an admin sends', () => {
  it('mails every active subscriber once, each with its own unsubscribe link, and answers the spec’s count', async () => {
    const tokens = await subscribe('Alice@Exemple.fr', 'bob@exemple.fr', 'chloe@exemple.fr');
    expect((await unsubscribe(tokens.get('bob@exemple.fr')!)).ok).toBe(true);

    const { status, answer } = await invoke(accessToken(ADMIN, { role: 'admin' }), {
      subject: 'Nos nouveautés de l’hiver',
      body: 'Bonjour,\n\nDécouvrez nos théières <en fonte> & nos plaids.',
    });

    expect(status).toBe(200);
    expect(answer).toEqual({ count: 2, message: MESSAGES.sentToAll(2) });
    expect(answer.message).toBe('Newsletter envoyée avec succès à 2 abonné(s)');
    expect(resend.accepted.map((mail) => mail.to).sort()).toEqual([['alice@exemple.fr'], ['chloe@exemple.fr']]);
    for (const mail of resend.accepted) {
      const link = `https://boutique.example/newsletter/desinscription?token=${encodeURIComponent(tokens.get(mail.to[0]!)!)}`;
      expect(mail.from).toBe('La Petite Boutique <newsletter@boutique.example>');
      expect(mail.subject).toBe('Nos nouveautés de l’hiver');
      expect(mail.text).toBe(`Bonjour,\n\nDécouvrez nos théières <en fonte> & nos plaids.\n\n--\nPour vous désinscrire\u00a0: ${link}`);
      expect(mail.html).toContain('Découvrez nos théières &lt;en fonte&gt; &amp; nos plaids.');
      expect(mail.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
      expect(mail.headers).toEqual({ 'List-Unsubscribe': `<${link}>` });
    }
    // The subscribers were read with the service role, past row-level security.
    const read = supabase.seen.find((request) => request.path === '/rest/v1/newsletter_subscribers');
    expect(read?.authorization).toBe(`Bearer ${SERVICE_ROLE_KEY}`);

    // The link works: its token unsubscribes that reader, and the next newsletter skips her.
    const alicesToken = new URL(/https:\S+/.exec(resend.accepted.find((m) => m.to[0] === 'alice@exemple.fr')!.text!)![0]).searchParams.get('token')!;
    expect(await unsubscribe(alicesToken)).toMatchObject({ ok: true, code: 'unsubscribed' });
    resend.accepted.length = 0;
    const again = await invoke(accessToken(ADMIN, { role: 'admin' }), { subject: 'Encore', body: 'Texte' });
    expect(again.answer).toEqual({ count: 1, message: 'Newsletter envoyée avec succès à 1 abonné(s)' });
    expect(resend.accepted.map((mail) => mail.to)).toEqual([['chloe@exemple.fr']]);
  });

  it('answers the spec’s « Aucun abonné actif trouvé » (404) when nobody is subscribed, and sends nothing', async () => {
    const tokens = await subscribe('parti@exemple.fr');
    await unsubscribe(tokens.get('parti@exemple.fr')!);
    const { status, answer } = await invoke(accessToken(ADMIN, { role: 'admin' }), { subject: 'Soldes', body: 'Texte' });
    expect(status).toBe(404);
    expect(answer).toEqual({ count: 0, error: MESSAGES.noActiveSubscribers });
    expect(answer.error).toBe('Aucun abonné actif trouvé');
    expect(resend.accepted).toEqual([]);
  });

  it('requires a subject and a body (400, in French)', async () => {
    await subscribe('a@exemple.fr');
    const admin = accessToken(ADMIN, { role: 'admin' });
    expect(await invoke(admin, { subject: '  ', body: 'Texte' })).toEqual({
      status: 400,
      answer: { error: 'Le sujet de la newsletter est obligatoire.' },
    });
    expect(await invoke(admin, { subject: 'Soldes' })).toEqual({
      status: 400,
      answer: { error: 'Le contenu de la newsletter est obligatoire.' },
    });
    expect(resend.accepted).toEqual([]);
  });

  it('sends by batches of 100 and, when Resend refuses one, says how many went (502)', async () => {
    await cluster.query(
      `insert into public.newsletter_subscribers (email, unsubscribe_token)
       select format('lecteur%s@exemple.fr', n), md5(n::text) from generate_series(1, 101) n`,
    );
    resend.refuseNext(0, 0);
    const first = await invoke(accessToken(ADMIN, { role: 'admin' }), { subject: 'Soldes', body: 'Texte' });
    expect(first).toEqual({ status: 200, answer: { count: 101, message: 'Newsletter envoyée avec succès à 101 abonné(s)' } });
    expect(new Set(resend.accepted.map((mail) => mail.to[0])).size).toBe(101);

    resend.accepted.length = 0;
    resend.refuseNext(1, 429);
    const second = await invoke(accessToken(ADMIN, { role: 'admin' }), { subject: 'Soldes', body: 'Texte' });
    expect(second).toEqual({
      status: 502,
      answer: { count: 1, total: 101, error: 'Newsletter envoyée à 1 abonné(s) sur 101\u00a0; l’envoi a échoué pour les autres.' },
    });
    expect(resend.accepted).toHaveLength(1);
  });
});

describe('send-newsletter: past PostgREST’s max_rows', () => {
  it('mails all 2,500 active subscribers, reading them page after page', async () => {
    await cluster.query(
      `insert into public.newsletter_subscribers (email, unsubscribe_token)
       select format('lecteur%s@exemple.fr', n), md5(n::text) from generate_series(1, 2500) n`,
    );
    const sent = await invoke(accessToken(ADMIN, { role: 'admin' }), { subject: 'Soldes', body: 'Texte' });
    expect(sent).toEqual({ status: 200, answer: { count: 2500, message: 'Newsletter envoyée avec succès à 2500 abonné(s)' } });
    expect(new Set(resend.accepted.map((mail) => mail.to[0])).size).toBe(2500);
    expect(supabase.seen.filter((request) => request.path === '/rest/v1/newsletter_subscribers').length).toBeGreaterThanOrEqual(3);
  }, 60_000);
});

describe('send-newsletter: the default mail provider', () => {
  it('without a Resend key, writes each mail with its link to the function’s log and sends nothing', async () => {
    const tokens = await subscribe('alice@exemple.fr', 'bob@exemple.fr');
    const logging = await startFunction('send-newsletter', functionEnv({}));
    try {
      const response = await postAsAdmin(logging);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ count: 2, message: 'Newsletter envoyée avec succès à 2 abonné(s)' });
      for (const [email, token] of tokens) {
        const link = `https://boutique.example/newsletter/desinscription?token=${encodeURIComponent(token)}`;
        await logging.waitForOutput(`to ${email}: "Soldes"\nTexte\n\n--\nPour vous désinscrire\u00a0: ${link}`);
      }
      expect(resend.accepted).toEqual([]);
    } finally {
      await logging.stop();
    }
  });
});

describe('send-newsletter: its configuration', () => {
  it('answers 500 in French when a secret is missing, names the variables in its log, and sends nothing', async () => {
    await subscribe('a@exemple.fr');
    const { SITE_URL: _unset, ...withoutSiteUrl } = functionEnv({ RESEND_API_KEY: RESEND_KEY, RESEND_API_URL: resend.origin });
    const broken = await startFunction('send-newsletter', withoutSiteUrl);
    try {
      const response = await postAsAdmin(broken);
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: 'Le service d’envoi est mal configuré. Prévenez l’administrateur technique.' });
      await broken.waitForOutput('SITE_URL is not set; MAIL_FROM is not set');
      expect(resend.accepted).toEqual([]);
    } finally {
      await broken.stop();
    }
  });
});
