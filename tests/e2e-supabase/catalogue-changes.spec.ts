import { expect, test } from '@playwright/test';
import { startTestCluster, type TestCluster } from '../../scripts/db/test-cluster.mjs';
import { FakeRealtime } from '../support/supabase/fake-realtime';
import { FakeSupabase } from '../support/supabase/fake-supabase';
import { verifyJwt } from '../support/supabase/jwt';
import { ADMIN_USER } from '../support/supabase/test-project';
import { routeRealtime, routeSupabase } from './supabase-route';

// A storefront already open on the Supabase build follows the catalogue as it changes in the
// database: the page's Realtime socket goes to the fake Realtime server, whose events are the
// rows really changed, read back from the WAL. The change is made as the admin's PostgREST
// request runs (the back office's pages are not needed for that).

let cluster: TestCluster;
let fake: FakeSupabase;
let realtime: FakeRealtime;

test.beforeAll(async () => {
  cluster = await startTestCluster({ seed: true });
  fake = new FakeSupabase(cluster, { users: [ADMIN_USER] });
  realtime = new FakeRealtime(cluster, fake.url);
});
test.afterAll(async () => {
  await realtime?.stop();
  await cluster?.stop();
});
test.beforeEach(async ({ page }) => {
  await routeSupabase(page, fake);
  await routeRealtime(page, realtime);
  await page.route('**/assets/demo-catalogue-*.json', (route) => route.abort());
});
test.afterEach(() => {
  expect(fake.violations).toEqual([]);
  expect(realtime.violations).toEqual([]);
});

async function asAdmin(sql: string, params: unknown[]) {
  const claims = verifyJwt(fake.accessToken(ADMIN_USER))!;
  return cluster.query(sql, params, { role: 'authenticated', claims });
}

test('an open product page shows the new price, then the product gone, as the database changes, without a reload', async ({ page }) => {
  const [product] = await cluster.query<{ id: string; slug: string; name: string }>(
    `select id::text, slug, name from public.products where is_published and original_price is null order by id limit 1`,
  );
  await page.goto(`/produit/${product!.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product!.name })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await realtime.whenChannels(1);

  await asAdmin('update public.products set price = 7.5 where id = $1', [product!.id]);
  await expect(page.locator('.price--large .price__current')).toHaveText(/^7,50\s€$/);

  await asAdmin('delete from public.products where id = $1', [product!.id]);
  await expect(page.getByRole('heading', { name: 'Produit introuvable' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});
