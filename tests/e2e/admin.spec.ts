import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { DEMO_ADMIN, toast } from './helpers';

// Issue 12: the back office under /admin, guarded, on the local build's demo admin account.

const ADMIN_PAGES = ['/admin', '/admin/produits', '/admin/produits/nouveau', '/admin/produits/theiere-inconnue', '/admin/newsletter', '/admin/nulle-part'];

const signInHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Connexion administrateur' });

const signInForm = (page: Page) => page.getByRole('region', { name: 'Connexion administrateur' });

async function signIn(page: Page, password = DEMO_ADMIN.password) {
  await signInForm(page).getByLabel('Adresse email').fill(DEMO_ADMIN.email);
  await signInForm(page).getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** The admin's sign-in, as a reload would find it (spec §4: two storage entries). */
async function signedIn(page: Page) {
  await page.goto('/');
  await page.evaluate((email) => {
    localStorage.setItem('temp_admin_auth', 'authenticated');
    localStorage.setItem('temp_admin_email', email);
  }, DEMO_ADMIN.email);
}

test('admin signs in wrong then right, the session survives a reload, sign-out closes every admin page', async ({ page }) => {
  await page.goto('/admin');
  await expect(signInHeading(page)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/connexion$/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

  await signIn(page, 'pas-le-bon');
  await expect(page.getByRole('alert').filter({ hasText: 'Identifiants incorrects' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('temp_admin_auth'))).toBeNull();

  await page.getByLabel('Mot de passe').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('heading', { name: 'Tableau de bord', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('admin-email')).toHaveText(DEMO_ADMIN.email);
  await expect(page.getByTestId('dashboard-products')).toHaveText(/^\d+$/);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Tableau de bord', level: 1 })).toBeVisible();

  await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Produits' }).click();
  await expect(page.getByRole('heading', { name: 'Produits', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(signInHeading(page)).toBeVisible();
  expect(
    await page.evaluate(() => [localStorage.getItem('temp_admin_auth'), localStorage.getItem('temp_admin_email')]),
  ).toEqual([null, null]);

  for (const path of ADMIN_PAGES) {
    await page.goto(path);
    await expect(signInHeading(page)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/connexion(\?retour=.*)?$/);
    await expect(page.getByRole('navigation', { name: 'Administration' })).toHaveCount(0);
  }
});

test('the page asked for before signing in opens after it', async ({ page }) => {
  await page.goto('/admin/produits?stock=epuise');
  await expect(signInHeading(page)).toBeVisible();
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Produits', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/produits\?stock=epuise$/);
  await expect(page.getByLabel('Stock')).toHaveValue('epuise');
});

test('creating an admin account is refused with the closed-registrations message', async ({ page }) => {
  await page.goto('/admin/connexion');
  await page.getByRole('button', { name: 'Créer un compte' }).click();
  await expect(toast(page)).toContainText("Les inscriptions sont temporairement fermées. Contactez l'administrateur.");
});

// Sending the newsletter, its list and its CSV: tests/e2e/admin-newsletter.spec.ts.

for (const [width, height] of [
  [375, 667],
  [1280, 800],
] as const) {
  test(`the admin pages pass axe at ${width} px`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height });
    await page.goto('/admin/connexion');
    await expect(signInHeading(page)).toBeVisible();
    await expectNoViolations(page, testInfo, `sign-in at ${width} px`);

    await signedIn(page);
    const pages: Array<[string, string]> = [
      ['/admin', 'Tableau de bord'],
      ['/admin/produits', 'Produits'],
      ['/admin/produits/nouveau', 'Nouveau produit'],
    ];
    for (const [path, title] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await page.waitForLoadState('networkidle');
      if (path === '/admin/produits') await expect(page.getByTestId('admin-product-row').first()).toBeVisible();
      if (path === '/admin') await expect(page.getByTestId('dashboard-products')).toHaveText(/^\d+$/);
      await expectNoViolations(page, testInfo, `${path} at ${width} px`);
    }

    // The form with its errors shown, and an existing product's form with its pictures.
    await page.goto('/admin/produits/nouveau');
    await page.getByRole('button', { name: 'Créer le produit' }).click();
    await expect(page.getByLabel('Nom', { exact: true })).toBeFocused();
    await expectNoViolations(page, testInfo, `the form's errors at ${width} px`);

    await page.goto('/admin/produits');
    await page.getByTestId('admin-product-row').first().getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: /^Modifier/ })).toBeVisible();
    await expect(page.getByTestId('product-pictures')).toBeVisible();
    await expectNoViolations(page, testInfo, `a product's form at ${width} px`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}
