import { expect, test } from '../e2e/fixtures';
import { addProduct, checkoutMain, checkoutToReview, chooseDelivery, chooseRelayPoint, fillAddress, fillContact, pay, SHOPPER } from '../e2e/checkout-journey';
import { DEMO_PRODUCTS, inStock, parseEuros } from '../e2e/demo-data';
import { stored } from '../e2e/helpers';
import { startTestCluster, type TestCluster } from '../../scripts/db/test-cluster.mjs';
import { FakeSupabase, type FunctionHandler } from '../support/supabase/fake-supabase';
import { E2E_BASE_URL } from '../../playwright.config';
import { ADMIN_USER, MemoryStorage, SESSION_KEY, SHOPPER_USER, testClient } from '../support/supabase/test-project';
import { routeSupabase } from './supabase-route';

// Issue 13 on the Supabase build: the checkout places its order through place_order() in the
// test database, and the order is read back from the device; with the network gone, « Commander »
// says in French that nothing was ordered, and keeps the cart and every entry. Issue 23: the
// order belongs to the anonymous user the shop signed the shopper in as, and « Mes commandes »
// lists it from the database after a reload; another shopper's session sees none of it.
// Issue 24, item 5: the review's VAT per rate comes from the catalogue's rates
// (products.vat_rate), the confirmation's from the database's order document, computed in SQL;
// each line is stored at its product's rate (tests/e2e/vat-rates.spec.ts: the local build).

let cluster: TestCluster;
let fake: FakeSupabase;

/** Stripe's hosted page, as the stand-in below answers it: each session's order. */
const STRIPE_PAGE = 'https://checkout.stripe.com/c/pay/';
const sessions = new Map<string, string>();

/**
 * create-checkout-session as the real function behaves (supabase/functions/create-checkout-session):
 * the order read from the database by its number and secret, only while it waits for its payment,
 * the session recorded (record_payment_session) for the order's total in cents, and Stripe's page
 * answered. Stripe itself is the page below (STRIPE_PAGE) and the webhook the test's call of
 * record_payment_outcome, which is what the real webhook function does once Stripe's signature holds.
 */
const createCheckoutSession: FunctionHandler = async ({ body }) => {
  const { number, secret } = (body ?? {}) as { number?: string; secret?: string };
  const [order] = await cluster.query<{ status: string; cents: string; secret: string }>(
    'select status, round(total * 100)::text as cents, secret::text from public.orders where number = $1',
    [number ?? ''],
  );
  if (!order || (secret !== undefined && order.secret !== secret))
    return { status: 404, body: { ok: false, code: 'not-found', message: 'Commande introuvable.' } };
  if (order.status !== 'en-attente-paiement')
    return { status: 409, body: { ok: false, code: 'not-payable', message: 'Cette commande n’attend aucun paiement.' } };
  const session = `cs_test_${sessions.size + 1}`;
  sessions.set(session, number!);
  await cluster.query("select public.record_payment_session($1, $2, $3, $4, now() + interval '31 minutes')", [
    number,
    session,
    `${STRIPE_PAGE}${session}`,
    order.cents,
  ]);
  return { status: 200, body: { url: `${STRIPE_PAGE}${session}` } };
};

test.beforeAll(async () => {
  cluster = await startTestCluster({ seed: true });
  fake = new FakeSupabase(cluster, { users: [ADMIN_USER, SHOPPER_USER], functions: { 'create-checkout-session': createCheckoutSession } });
});
test.afterAll(async () => {
  await cluster?.stop();
});
test.beforeEach(async ({ page }) => {
  await cluster.reset();
  fake.violations.length = 0;
  await routeSupabase(page, fake);
  await page.route('**/assets/demo-catalogue-*.json', (route) => route.abort());
});
test.afterEach(() => {
  fake.clientAddress = null;
  expect(fake.violations).toEqual([]);
});

test('an order placed through every step is saved by the database as the anonymous shopper’s, shown, and found in /mes-commandes after a reload; another shopper reads nothing of it', async ({
  page,
  browser,
}) => {
  // As Supabase's gateway does, PostgREST hears of the shopper's address: the order counts
  // against that caller's unpaid orders (at most 3, and 100 units), and goes through.
  fake.clientAddress = '203.0.113.20';
  const [product] = inStock(1);
  const stock = (await cluster.query<{ stock: number }>('select stock from public.products where slug = $1', [product!.slug]))[0]!.stock;
  await addProduct(page, product!, 2);
  await checkoutToReview(page);
  const total = parseEuros((await page.getByTestId('total-ttc').textContent()) ?? '');
  // Stripe's hosted page: a page of its own, where the shop's code never runs; « Payer » there
  // brings the shopper back to the order's page, as Stripe's success_url does.
  await page.route(`${STRIPE_PAGE}**`, (route) => {
    const session = new URL(route.request().url()).pathname.split('/').pop()!;
    const number = sessions.get(session) ?? '';
    return route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="fr"><title>Stripe Checkout</title><h1>Stripe Checkout (stand-in)</h1><p data-testid="stripe-order">${number}</p><a href="${E2E_BASE_URL}/commande/confirmation/${number}?paiement=retour">Payer</a></html>`,
    });
  });
  await checkoutMain(page).getByRole('button', { name: 'Commander avec obligation de paiement' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Stripe Checkout (stand-in)' })).toBeVisible();
  const number = (await page.getByTestId('stripe-order').textContent()) ?? '';
  expect(number).toMatch(/^CMD-\d{4}-\d{6}$/);

  const [saved] = await cluster.query<{ total: string; email: string; city: string }>('select total::text, email, city from public.orders where number = $1', [
    number,
  ]);
  expect(saved).toEqual({ total: total.toFixed(2), email: SHOPPER.email, city: SHOPPER.city });
  // The order exists before the payment, its stock taken; the shop never saw a card: no digits.
  expect(await cluster.query('select status, payment_method, payment_last4 from public.orders where number = $1', [number])).toEqual([
    { status: 'en-attente-paiement', payment_method: 'carte', payment_last4: null },
  ]);
  // Stripe's webhook, once its signature is checked (supabase/functions/stripe-webhook): the order is paid.
  const [stripeSession] = [...sessions].find(([, of]) => of === number)!;
  const cents = Math.round(total * 100);
  expect(
    (
      await cluster.query<{ result: string }>(
        "select public.record_payment_outcome('evt_e2e_1', 'checkout.session.completed', $1, $2, 'paid', $3, 'pi_e2e_1', '4242') ->> 'result' as result",
        [stripeSession, number, cents],
      )
    )[0]!.result,
  ).toBe('applied');
  await page.getByRole('link', { name: 'Payer' }).click();
  const heading = page.getByRole('heading', { level: 1, name: `Commande ${number}` });
  await expect(heading).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText('Payée');
  expect(parseEuros((await page.getByTestId('total-ttc').textContent()) ?? '')).toBe(total);
  expect(await cluster.query('select status, payment_last4 from public.orders where number = $1', [number])).toEqual([
    { status: 'payee', payment_last4: '4242' },
  ]);
  expect(await cluster.query('select stock from public.products where slug = $1', [product!.slug])).toEqual([{ stock: stock - 2 }]);
  expect(await cluster.query(`select caller = encode(sha256('203.0.113.20'), 'hex') as mine from public.orders where number = $1`, [number])).toEqual([
    { mine: true },
  ]);
  // The shop signed the shopper in anonymously before the order: the order is that user's.
  const session = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)) ?? 'null') as {
    user: { id: string; is_anonymous: boolean };
  };
  expect(session.user.is_anonymous).toBe(true);
  expect(
    await cluster.query(
      `select o.owner::text as owner, u.raw_app_meta_data ->> 'provider' as provider from public.orders o join auth.users u on u.id = o.owner where o.number = $1`,
      [number],
    ),
  ).toEqual([{ owner: session.user.id, provider: 'anonymous' }]);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `Commande ${number}` })).toBeVisible();
  // Without the device's reference to it, the session alone finds it: « Mes commandes » after a reload.
  await page.evaluate(() => localStorage.removeItem('placed_orders'));
  await page.goto('/mes-commandes');
  await page.reload();
  await expect(page.getByTestId('order-row').filter({ hasText: number })).toHaveCount(1);

  // Another shopper (an anonymous session of their own), without the order's secret, asking for the same number:
  // « introuvable », as for a number no order has.
  const theirs = new MemoryStorage();
  expect((await testClient(fake, theirs).auth.signInAnonymously()).error).toBeNull();
  const other = await browser.newContext();
  await other.addInitScript(([key, value]) => localStorage.setItem(key, value), [SESSION_KEY, theirs.getItem(SESSION_KEY)!] as const);
  const stranger = await other.newPage();
  await routeSupabase(stranger, fake);
  await stranger.goto(`/commande/confirmation/${number}`);
  await expect(stranger.getByRole('heading', { level: 1 })).toContainText('introuvable');
  await expect(stranger.getByText(product!.name)).toHaveCount(0);
  await stranger.goto('/mes-commandes');
  await expect(stranger.getByText('Vous n’avez passé aucune commande depuis cet appareil.')).toBeVisible();
  await expect(stranger.getByTestId('order-row')).toHaveCount(0);
  expect(await stranger.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null')?.user?.id, SESSION_KEY)).not.toBe(session.user.id);
  await other.close();
});

// Issue 24, item 6: the demo relay points serve this build too; the database keeps the point
// chosen, and a pickup at the shop without any address.
test('a relay order keeps the point chosen, and a pickup no address, in the database', async ({ page }) => {
  const [product] = inStock(1);
  await addProduct(page, product!, 1);
  await page.goto('/commande');
  await fillContact(page);
  await chooseRelayPoint(page, '13001', /^Tabac du Vieux-Port/);
  await fillAddress(page);
  await pay(page, null);
  await checkoutMain(page).getByRole('button', { name: 'Commander avec obligation de paiement' }).click();
  const heading = page.getByRole('heading', { level: 1, name: /^Commande CMD-/ });
  await expect(heading).toBeVisible();
  await expect(page.getByTestId('delivery-lines')).toContainText('Tabac du Vieux-Port');
  const relay = ((await heading.textContent()) ?? '').replace('Commande ', '');
  expect(await cluster.query('select delivery_method, relay_point, city from public.orders where number = $1', [relay])).toEqual([
    {
      delivery_method: 'point-relais',
      relay_point: { id: 'DEMO-13001-01', name: 'Tabac du Vieux-Port', street: '9 quai du Port', postalCode: '13001', city: 'Marseille' },
      city: SHOPPER.city,
    },
  ]);

  await addProduct(page, product!, 1);
  await page.goto('/commande');
  await fillContact(page);
  await chooseDelivery(page, /^Retrait en boutique/);
  await pay(page, null);
  await checkoutMain(page).getByRole('button', { name: 'Commander avec obligation de paiement' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Commande CMD-/ })).not.toHaveText(`Commande ${relay}`);
  const pickup = ((await page.getByRole('heading', { level: 1, name: /^Commande CMD-/ }).textContent()) ?? '').replace('Commande ', '');
  await expect(checkoutMain(page)).toContainText('Paiement au retrait');
  expect(
    await cluster.query('select delivery_method, address_line, postal_code, city, country, relay_point from public.orders where number = $1', [pickup]),
  ).toEqual([{ delivery_method: 'retrait-boutique', address_line: null, postal_code: null, city: null, country: null, relay_point: null }]);
});

test('with the network gone, « Commander » says the order was not placed; the cart and the entries are kept', async ({ page }) => {
  const [product] = inStock(1);
  await addProduct(page, product!, 1);
  await checkoutToReview(page, null);
  const cart = await stored(page, 'cart');
  const draft = await stored(page, 'checkout_draft');
  // The backend out of reach, as offline: every request to the project fails.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.route(`${fake.url}/**`, (route) => route.abort('internetdisconnected'));
  await checkoutMain(page).getByRole('button', { name: 'Commander avec obligation de paiement' }).click();
  const alert = checkoutMain(page).getByRole('alert');
  await expect(alert).toContainText('Vous êtes hors ligne, ou le serveur de la boutique ne répond pas\u00a0: votre commande n’a pas été passée.');
  await expect(alert).toContainText('Tout ce que vous avez saisi est conservé, votre panier aussi.');
  await expect(page).toHaveURL('/commande/recapitulatif');
  await expect(page.getByRole('heading', { level: 1, name: /^Commande CMD-/ })).toHaveCount(0);
  expect(await stored(page, 'cart')).toEqual(cart);
  expect(await stored(page, 'checkout_draft')).toEqual(draft);
  expect(await cluster.query('select number from public.orders')).toEqual([]);

  // The network back, the same « Commander » places the order.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await routeSupabase(page, fake);
  await checkoutMain(page).getByRole('button', { name: 'Commander avec obligation de paiement' }).click();
  const heading = page.getByRole('heading', { level: 1, name: /^Commande CMD-\d{4}-\d{6}$/ });
  await expect(heading).toBeVisible();
  const number = ((await heading.textContent()) ?? '').replace('Commande ', '');
  expect(await cluster.query('select number from public.orders')).toEqual([{ number }]);
});

const CHOCOLATE = DEMO_PRODUCTS.find((p) => p.slug === 'chocolat-noir-70')!;
const CANDLE = DEMO_PRODUCTS.find((p) => p.slug === 'bougie-parfumee-figuier')!;
// 11,00 € at 5,5 % and 24,00 € at 20 %, the 4,90 € fee split 1,54 € / 3,36 €: 0,65 € and 4,56 €.
const VAT_LINES = [/^dont TVA 5,5\u00a0%\u00a0:\s*0,65\u00a0€$/, /^dont TVA 20\u00a0%\u00a0:\s*4,56\u00a0€$/];

for (const [width, height] of [
  [375, 812],
  [1280, 800],
] as const) {
  test(`at ${width} px: chocolate and a candle show one VAT line per rate on the review and, from the database, on the confirmation`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await addProduct(page, CHOCOLATE, 2);
    await addProduct(page, CANDLE, 1);
    // Paid on delivery: the confirmation follows « Commander » at once (the card's path is the first test's).
    await checkoutToReview(page, null);
    await expect(page.getByTestId('total-tva')).toHaveText(VAT_LINES);
    await checkoutMain(page).getByRole('button', { name: 'Commander avec obligation de paiement' }).click();
    const heading = page.getByRole('heading', { level: 1, name: /^Commande CMD-\d{4}-\d{6}$/ });
    await expect(heading).toBeVisible();
    await expect(page.getByTestId('total-tva')).toHaveText(VAT_LINES);
    const number = ((await heading.textContent()) ?? '').replace('Commande ', '');
    const lines = await cluster.query<{ product_name: string; vat_rate: number }>(
      'select l.product_name, l.vat_rate from public.order_lines l join public.orders o on o.id = l.order_id where o.number = $1 order by l.position',
      [number],
    );
    expect(lines).toEqual([
      { product_name: CHOCOLATE.name, vat_rate: 550 },
      { product_name: CANDLE.name, vat_rate: 2000 },
    ]);
  });
}
