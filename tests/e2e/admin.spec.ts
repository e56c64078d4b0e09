import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { DEMO_ADMIN, newsletterForm, toast } from './helpers';

const signInForm = (page: Page) => page.getByRole('region', { name: 'Connexion administrateur' });

test('admin signs in wrong then right, the session survives a reload, sign-out ends it', async ({ page }) => {
  await page.goto('/admin');
  await signInForm(page).getByLabel('Adresse email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Mot de passe').fill('pas-le-bon');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Identifiants incorrects' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('temp_admin_auth'))).toBeNull();

  await page.getByLabel('Mot de passe').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('heading', { name: 'Administration', level: 1 })).toBeVisible();
  await expect(page.getByTestId('admin-email')).toHaveText(DEMO_ADMIN.email);
  expect(
    await page.evaluate(() => [localStorage.getItem('temp_admin_auth'), localStorage.getItem('temp_admin_email')]),
  ).toEqual(['authenticated', DEMO_ADMIN.email]);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Administration', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page.getByRole('heading', { name: 'Connexion administrateur' })).toBeVisible();
  expect(
    await page.evaluate(() => [localStorage.getItem('temp_admin_auth'), localStorage.getItem('temp_admin_email')]),
  ).toEqual([null, null]);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Connexion administrateur' })).toBeVisible();
});

test('creating an admin account is refused with the closed-registrations message', async ({ page }) => {
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Créer un compte' }).click();
  await expect(toast(page)).toContainText(
    "Les inscriptions sont temporairement fermées. Contactez l'administrateur.",
  );
});

test('an admin sends the newsletter to every active subscriber', async ({ page }) => {
  await page.goto('/');
  for (const email of ['a@exemple.fr', 'b@exemple.fr']) {
    await newsletterForm(page).getByLabel('Adresse email').fill(email);
    await newsletterForm(page).getByRole('button', { name: 'S’inscrire' }).click();
    await expect(toast(page)).toContainText('Inscription réussie');
  }
  await page.goto('/admin');
  await signInForm(page).getByLabel('Adresse email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Mot de passe').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByLabel('Objet').fill('Les nouveautés de décembre');
  await page.getByLabel('Message').fill('Bonjour, voici nos nouveautés.');
  await page.getByRole('button', { name: 'Envoyer à tous les abonnés' }).click();
  await expect(toast(page)).toContainText('Newsletter envoyée avec succès à 2 abonné(s)');
});
