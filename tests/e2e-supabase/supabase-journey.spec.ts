import { type Page } from '@playwright/test';
import { expect, test } from '../e2e/fixtures';
import { DEMO_CATEGORIES, DEMO_PRODUCTS, parseEuros } from '../e2e/demo-data';
import { newsletterForm, toast } from '../e2e/helpers';
import { FakeSupabase } from '../support/supabase/fake-supabase';
import { newsletterSubscribeStandIn } from '../support/supabase/newsletter-subscribe-stand-in';
import { sendNewsletterStandIn, type OutgoingMail } from '../support/supabase/send-newsletter-stand-in';
import { ADMIN_USER, SHOPPER_USER } from '../support/supabase/test-project';
import { startTestCluster, type TestCluster } from '../../scripts/db/test-cluster.mjs';
import { SHOP_PAGE_SIZE } from '@/ui/pages/shop/shop-params';
import { routeSupabase } from './supabase-route';

// The shop built with VITE_BACKEND=supabase: every request to the project goes through the
// checking fake (documented PostgREST / GoTrue / Functions forms) to the real schema and seed.

let cluster: TestCluster;
const outbox: OutgoingMail[] = [];
const confirmations: OutgoingMail[] = [];
let fake: FakeSupabase;

test.beforeAll(async () => {
  cluster = await startTestCluster({ seed: true });
  fake = new FakeSupabase(cluster, {
    users: [ADMIN_USER, SHOPPER_USER],
    functions: {
      'send-newsletter': sendNewsletterStandIn(() => cluster, outbox),
      'newsletter-subscribe': newsletterSubscribeStandIn(() => cluster, confirmations),
    },
  });
});
test.afterAll(async () => {
  await cluster?.stop();
});
test.beforeEach(async ({ page }) => {
  await cluster.reset();
  outbox.length = 0;
  confirmations.length = 0;
  fake.violations.length = 0;
  await routeSupabase(page, fake);
  // The demo catalogue file is never what a Supabase shop shows.
  await page.route('**/assets/demo-catalogue-*.json', (route) => route.abort());
});
test.afterEach(() => {
  expect(fake.violations).toEqual([]);
});

async function gridPrices(page: Page): Promise<number[]> {
  return (await page.locator('.product-grid article .price__current').allTextContents()).map(parseEuros);
}

test('the shopper browses and filters the Supabase catalogue, then subscribes', async ({ page }) => {
  // Every filter, the sort, the word search and the paging run in the database (PostgREST).
  const category = DEMO_CATEGORIES[0]!;
  const expected = DEMO_PRODUCTS.filter(
    (p) => p.category === category.slug && p.inStock && p.stock > 0 && p.originalPrice !== undefined && p.originalPrice > p.price,
  );
  expect(expected.length).toBeGreaterThan(0);

  await page.goto('/boutique');
  const count = page.getByRole('status').filter({ hasText: /produit/ });
  await expect(count).toHaveText(`${DEMO_PRODUCTS.length} produits`);
  await page.getByLabel('Catégorie').selectOption(category.slug);
  await page.getByLabel('En stock uniquement').check();
  await page.getByLabel('En promotion').check();
  await page.getByLabel('Trier par').selectOption('prix-decroissant');
  await expect(count).toHaveText(`${expected.length} produit${expected.length > 1 ? 's' : ''}`);
  const prices = expected
    .map((p) => p.price)
    .sort((a, b) => b - a)
    .slice(0, SHOP_PAGE_SIZE);
  await expect.poll(() => gridPrices(page)).toEqual(prices);

  // A word search without its accents, through catalogue_search.
  await page.getByLabel('Catégorie').selectOption('');
  await page.getByLabel('En promotion').uncheck();
  await page.getByLabel('Rechercher un produit').fill('theiere');
  await expect(page.getByRole('link', { name: 'Théière en fonte Kyoto', exact: true })).toBeVisible();
  await page.getByLabel('Rechercher un produit').fill('');
  await page.getByLabel('Catégorie').selectOption(category.slug);
  await page.getByLabel('En promotion').check();
  await expect(count).toHaveText(`${expected.length} produit${expected.length > 1 ? 's' : ''}`);

  const product = expected[0]!;
  await page.getByRole('link', { name: product.name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();

  await newsletterForm(page).getByLabel('Adresse email').fill('Camille@Exemple.fr');
  await newsletterForm(page).getByRole('button', { name: 'S’inscrire' }).click();
  await expect(toast(page)).toContainText('Inscription réussie ! Un email de confirmation vous a été envoyé.');
  expect(await cluster.query('select email, is_active, confirmation_sent from public.newsletter_subscribers')).toEqual([
    { email: 'camille@exemple.fr', is_active: true, confirmation_sent: true },
  ]);
  // The message says a confirmation was sent: it was, once, through the newsletter-subscribe function.
  expect(confirmations.map((mail) => [mail.to, mail.subject])).toEqual([['camille@exemple.fr', 'Bienvenue dans notre newsletter']]);
  // The visitor's browser never read the subscribers' table.
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('newsletter')))).toEqual([]);
});

test('the admin signs in with Supabase auth and sends the newsletter to the active subscribers', async ({ page }) => {
  for (const email of ['lea@exemple.fr', 'marc@exemple.fr']) {
    await cluster.query('select public.newsletter_subscribe($1)', [email], { role: 'anon' });
  }
  // The newsletter's page, asked without a session, shows the sign-in first (issue 12: /admin is the dashboard).
  await page.goto('/admin/newsletter');
  const form = page.getByRole('region', { name: 'Connexion administrateur' });
  await form.getByLabel('Adresse email').fill(SHOPPER_USER.email);
  await page.getByLabel('Mot de passe').fill(SHOPPER_USER.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert')).toHaveText('Ce compte n’a pas accès à l’administration. Connectez-vous avec un compte administrateur.');

  await page.getByLabel('Mot de passe').fill(ADMIN_USER.password);
  await form.getByLabel('Adresse email').fill(ADMIN_USER.email);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByTestId('admin-email')).toHaveText(ADMIN_USER.email);
  await expect(page.getByRole('heading', { name: 'Newsletter', level: 1 })).toBeVisible();
  await expect(page.getByTestId('count-active')).toHaveText('2\u00a0abonnés actifs');

  // Reloaded, the session is supabase-js's own, restored from its storage.
  await page.reload();
  await expect(page.getByTestId('admin-email')).toHaveText(ADMIN_USER.email);

  const composer = page.getByRole('form', { name: 'Écrire une newsletter' });
  await composer.getByLabel('Objet').fill('Les nouveautés de décembre');
  await composer.getByLabel('Message').fill('Bonjour, voici nos nouveautés.');
  await composer.getByRole('button', { name: 'Envoyer à tous' }).click();
  await page.getByRole('button', { name: 'Confirmer l’envoi' }).click();
  await expect(page.getByTestId('send-status')).toHaveText('Newsletter envoyée avec succès à 2 abonné(s)');
  expect(outbox.map((mail) => mail.to)).toEqual(['lea@exemple.fr', 'marc@exemple.fr']);

  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page.getByRole('heading', { name: 'Connexion administrateur' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Connexion administrateur' })).toBeVisible();
});
