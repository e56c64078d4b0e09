import { expect, test } from '../e2e/fixtures';
import { verifyJwt } from '../support/supabase/jwt';
import { ADMIN_USER } from '../support/supabase/test-project';
import { supabaseProject } from './supabase-route';

// A storefront already open on the Supabase build follows the catalogue as it changes in the
// database: the page's Realtime socket goes to the fake Realtime server, whose events are the
// rows really changed, read back from the WAL. The change is made as the admin's PostgREST
// request runs (the back office's pages are not needed for that).

const project = supabaseProject([ADMIN_USER]);

async function asAdmin(sql: string, params: unknown[]) {
  const claims = verifyJwt(project.fake.accessToken(ADMIN_USER))!;
  return project.cluster.query(sql, params, { role: 'authenticated', claims });
}

test('an open product page shows the new price, then the product gone, as the database changes, without a reload', async ({ page }) => {
  const [product] = await project.cluster.query<{ id: string; slug: string; name: string }>(
    `select id::text, slug, name from public.products where is_published and original_price is null order by id limit 1`,
  );
  await page.goto(`/produit/${product!.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product!.name })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await project.realtime.whenChannels(1);

  await asAdmin('update public.products set price = 7.5 where id = $1', [product!.id]);
  await expect(page.locator('.price--large .price__current')).toHaveText(/^7,50\s€$/);

  await asAdmin('delete from public.products where id = $1', [product!.id]);
  await expect(page.getByRole('heading', { name: 'Produit introuvable' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});
