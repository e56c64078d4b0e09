import { type Page } from '@playwright/test';
import { expect, test } from '../e2e/fixtures';
import { createJourneyProduct, deleteJourneyProduct, JOURNEY_PRODUCT, lowerJourneyPrice } from '../e2e/admin-product-journey';
import { JOURNEY_TIMEOUT_MS } from '../e2e/helpers';
import { ADMIN_USER, MemoryStorage, SHOPPER_USER, testClient } from '../support/supabase/test-project';
import { routeRealtime, routeSupabase, supabaseProject } from './supabase-route';

// Issue 12 on the Supabase build: the owner's product journey of tests/e2e/admin-products.spec.ts,
// every request of the page answered by the checking fake (PostgREST, GoTrue, Storage) over the
// real schema, the storefront tab's Realtime socket by the fake Realtime server fed from the WAL.

const { name: NAME, slug: SLUG } = JOURNEY_PRODUCT;
const ADMIN_PATHS = ['/admin', '/admin/produits', '/admin/produits/nouveau', '/admin/produits/1', '/admin/newsletter'];

const project = supabaseProject([ADMIN_USER, SHOPPER_USER]);

function signInForm(page: Page) {
  return page.getByRole('region', { name: 'Connexion administrateur' });
}

async function signIn(page: Page, user: { email: string; password: string }) {
  await signInForm(page).getByLabel('Adresse email').fill(user.email);
  await signInForm(page).getByLabel('Mot de passe').fill(user.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** The product's picture, served from the catalogue bucket's public URL, really loaded. */
async function expectPictureShown(page: Page, alt: string) {
  const picture = page.getByRole('img', { name: alt, exact: true });
  await expect(picture).toHaveAttribute('src', new RegExp(`^${project.fake.url}/storage/v1/object/public/catalogue/`));
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
}

/** Every admin address, typed in, shows the sign-in and nothing of the back office. */
async function expectEveryAdminPathSignsIn(page: Page) {
  for (const path of ADMIN_PATHS) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Connexion administrateur' })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/connexion/);
    await expect(page.getByTestId('admin-email')).toHaveCount(0);
  }
}

/** The paths of every request the page sends to the project (method and path, query left out). */
function recordBackendRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === project.fake.url && request.method() !== 'OPTIONS') seen.push(`${request.method()} ${url.pathname}`);
  });
  return seen;
}

test('the owner creates a product with a picture, changes its price and deletes it; an open storefront follows without reloading', async ({
  page,
  context,
}) => {
  // A whole journey over two tabs: 15 s with a build looping beside the suite.
  test.setTimeout(JOURNEY_TIMEOUT_MS);
  await page.goto('/admin/connexion');
  await signIn(page, { email: ADMIN_USER.email, password: 'pas-le-bon-mot-de-passe' });
  await expect(page.getByRole('alert')).toHaveText('Identifiants incorrects');
  await signIn(page, ADMIN_USER);
  await expect(page.getByTestId('admin-email')).toHaveText(ADMIN_USER.email);

  await page.goto('/admin/produits/nouveau');
  await createJourneyProduct(page);

  // In the database: the product, its price, and one picture in the catalogue bucket.
  const [saved] = await project.cluster.query<{ cents: number; url: string }>(
    `select (p.price * 100)::int as cents, i.url from public.products p join public.product_images i on i.product_id = p.id where p.slug = $1`,
    [SLUG],
  );
  expect(saved?.cents).toBe(3490);
  expect(saved?.url).toMatch(new RegExp(`^${project.fake.url}/storage/v1/object/public/catalogue/.+\\.png$`));

  // The storefront, in another tab: the product, its price and its own picture.
  const shop = await context.newPage();
  await routeSupabase(shop, project.fake);
  await routeRealtime(shop, project.realtime);
  const channels = project.realtime.joinedChannels();
  await shop.goto(`/produit/${SLUG}`);
  await expect(shop.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  await expect(shop.locator('.price--large .price__current')).toHaveText(/^34,90\s€$/);
  await expectPictureShown(shop, NAME);
  await shop.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await project.realtime.whenChannels(channels + 1);

  // A new price, saved in the back office, reaches the open tab without a reload.
  await lowerJourneyPrice(page);
  await expect(shop.locator('.price--large .price__current')).toHaveText(/^29,90\s€$/);
  await expectPictureShown(shop, NAME);

  // Deleted after a confirmation: the open tab shows it gone, still without a reload.
  await deleteJourneyProduct(page);
  await expect(shop.getByRole('heading', { level: 1, name: 'Produit introuvable' })).toBeVisible();
  expect(await shop.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(await project.cluster.query('select id from public.products where slug = $1', [SLUG])).toEqual([]);
  await shop.reload();
  await expect(shop.getByRole('heading', { level: 1, name: 'Produit introuvable' })).toBeVisible();

  // Signed out, every admin address leads to the sign-in, a reload included.
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page.getByRole('heading', { name: 'Connexion administrateur' })).toBeVisible();
  await expectEveryAdminPathSignsIn(page);
});

test('a visitor without a session reaches no admin page and no admin data, by the menu or by typing an address', async ({ page }) => {
  const requests = recordBackendRequests(page);
  await page.goto('/');
  await page.getByRole('link', { name: 'Espace admin' }).click();
  await expect(page.getByRole('heading', { name: 'Connexion administrateur' })).toBeVisible();
  await expectEveryAdminPathSignsIn(page);
  // Only the storefront's public reads went to the backend: no subscriber, no admin function,
  // no write, no session.
  expect(requests.length).toBeGreaterThan(0);
  const admin = requests.filter(
    (r) => !/^GET \/rest\/v1\/(catalogue_products|categories|products)$/.test(r) && !/^POST \/rest\/v1\/rpc\/catalogue_(search|search_page|count)$/.test(r),
  );
  expect(admin).toEqual([]);
});

test('a signed-in shopper is refused the back office, and the database gives them no subscriber', async ({ page }) => {
  for (const email of ['lea@exemple.fr', 'marc@exemple.fr']) {
    await project.cluster.query('select public.newsletter_subscribe($1)', [email], { role: 'anon' });
  }
  const requests = recordBackendRequests(page);
  await page.goto('/admin/newsletter');
  await signIn(page, SHOPPER_USER);
  await expect(page.getByRole('alert')).toHaveText('Ce compte n’a pas accès à l’administration. Connectez-vous avec un compte administrateur.');
  await expectEveryAdminPathSignsIn(page);
  expect(requests.filter((r) => r.includes('newsletter_subscribers') || r.includes('/rpc/admin_'))).toEqual([]);

  // The shopper signed in by hand (supabase-js, the shop's own client) asks PostgREST directly:
  // row-level security gives no row, and the admin functions refuse them.
  const shopper = testClient(project.fake, new MemoryStorage());
  const { error: signInError } = await shopper.auth.signInWithPassword(SHOPPER_USER);
  expect(signInError).toBeNull();
  const read = await shopper.from('newsletter_subscribers').select('email');
  expect({ status: read.status, data: read.data }).toEqual({ status: 200, data: [] });
  const [product] = await project.cluster.query<{ id: number }>('select id::int from public.products order by id limit 1');
  const removal = await shopper.rpc('admin_delete_product', { product_id: product!.id });
  expect({ status: removal.status, code: removal.error?.code }).toEqual({ status: 403, code: '42501' });
  expect(await project.cluster.query('select count(*)::int as n from public.products where id = $1', [product!.id])).toEqual([{ n: 1 }]);
  expect(await project.cluster.query('select count(*)::int as n from public.newsletter_subscribers')).toEqual([{ n: 2 }]);
});

// Issue 25 on the Supabase build: the reference price comes from product_price_history, the
// database prices the reduction, and the storefront strikes it through.
test('the owner puts the teapot on sale: the reference price is the database’s, a « reduction » with none is refused, the storefront strikes it', async ({
  page,
}) => {
  test.setTimeout(JOURNEY_TIMEOUT_MS);
  await page.goto('/admin/connexion');
  await signIn(page, ADMIN_USER);
  await expect(page.getByTestId('admin-email')).toHaveText(ADMIN_USER.email);
  const [teapot] = await project.cluster.query<{ id: string }>(`select id::text from public.products where slug = 'theiere-en-fonte-kyoto'`);
  await page.goto(`/admin/produits/${teapot!.id}`);
  await expect(page.locator('#product-price')).toHaveValue('54,90');
  await expect(page.locator('#aide-reference')).toHaveText(/^Prix de référence \(le plus bas des 30\s+derniers jours\)\s+:\s+54,90\s+€$/);
  await page.getByRole('checkbox', { name: /En promotion/ }).check();
  await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
  await expect(page.locator('#erreur-onSale')).toContainText('Pas de réduction possible');
  await page.locator('#product-price').fill('44,90');
  await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
  await expect(page.getByTestId('toast').first()).toContainText('Produit enregistré');
  expect(
    await project.cluster.query(
      `select p.original_price::text as reference,
              (select string_agg((h.price * 100)::int::text, ' ' order by h.since) from public.product_price_history h where h.product_id = p.id) as cents
       from public.products p where p.slug = 'theiere-en-fonte-kyoto'`,
    ),
  ).toEqual([{ reference: '54.90', cents: '5490 4490' }]);
  await page.goto('/produit/theiere-en-fonte-kyoto');
  await expect(page.locator('.price--large del.price__original')).toHaveText(/54,90\s€$/);
  await expect(page.locator('.price--large .price__current')).toHaveText(/44,90\s€$/);
});
