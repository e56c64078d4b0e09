import { expect, test } from './fixtures';
import { newsletterForm, stored, toast } from './helpers';

interface StoredSubscriber {
  email: string;
  isActive: boolean;
  unsubscribeToken: string;
  confirmationSent: boolean;
}

test('subscribing twice with the same address in another case gives the duplicate message, beside the field', async ({ page }) => {
  await page.goto('/');
  const email = newsletterForm(page).getByLabel('Adresse email');
  const submit = newsletterForm(page).getByRole('button', { name: 'S’inscrire' });

  await email.fill('Camille.Martin@Exemple.FR');
  await submit.click();
  await expect(toast(page)).toContainText('Inscription réussie ! Un email de confirmation vous a été envoyé.');
  // Issue 24, item 11: the focus stays on the button, not fallen to the page's start.
  await expect(submit).toBeFocused();

  await email.fill('camille.martin@exemple.fr');
  await submit.click();
  await expect(newsletterForm(page).getByRole('alert')).toHaveText('Cette adresse email est déjà inscrite à notre newsletter');
  await expect(email).toHaveAttribute('aria-invalid', 'true');

  const subscribers = await stored<StoredSubscriber[]>(page, 'newsletter_subscribers');
  expect(subscribers).toHaveLength(1);
  expect(subscribers?.[0]).toMatchObject({ email: 'camille.martin@exemple.fr', isActive: true, confirmationSent: true });
});

test('a malformed address is refused with « Adresse email invalide » and nothing is stored', async ({ page }) => {
  await page.goto('/');
  await newsletterForm(page).getByLabel('Adresse email').fill('camille@');
  await newsletterForm(page).getByRole('button', { name: 'S’inscrire' }).click();
  await expect(page.getByText('Adresse email invalide').first()).toBeVisible();
  expect(await stored(page, 'newsletter_subscribers')).toBeNull();
});

test('the unsubscribe link of the confirmation mail unsubscribes, once', async ({ page }) => {
  await page.goto('/');
  await newsletterForm(page).getByLabel('Adresse email').fill('lea@exemple.fr');
  await newsletterForm(page).getByRole('button', { name: 'S’inscrire' }).click();
  await expect(toast(page)).toContainText('Inscription réussie');
  const [subscriber] = (await stored<StoredSubscriber[]>(page, 'newsletter_subscribers')) ?? [];

  await page.goto(`/newsletter/desinscription?token=${encodeURIComponent(subscriber!.unsubscribeToken)}`);
  await expect(page.getByRole('status')).toHaveText('Désinscription effectuée avec succès');
  const after = await stored<StoredSubscriber[]>(page, 'newsletter_subscribers');
  expect(after?.[0]?.isActive).toBe(false);

  await page.goto('/newsletter/desinscription?token=inconnu');
  await expect(page.getByRole('status')).toHaveText('Token de désinscription invalide');
});
