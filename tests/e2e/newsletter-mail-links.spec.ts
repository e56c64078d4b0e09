import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { newsletterForm, stored, toast } from './helpers';

interface StoredSubscriber {
  email: string;
  isActive: boolean;
}

/** The mails the local mailer wrote to the console (src/adapters/console-mailer), as they come. */
function mailLog(page: Page): string[] {
  const mails: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('Simulated email')) mails.push(message.text());
  });
  return mails;
}

test('the confirmation mail’s unsubscribe link is absolute and works; followed again, it says already unsubscribed', async ({ page, baseURL }) => {
  const mails = mailLog(page);
  await page.goto('/');
  await newsletterForm(page).getByLabel('Adresse email').fill('lea@exemple.fr');
  await newsletterForm(page).getByRole('button', { name: 'S’inscrire' }).click();
  await expect(toast(page)).toContainText('Inscription réussie');
  await expect.poll(() => mails.length).toBe(1);

  const link = /Pour vous désinscrire\u00a0: (\S+)/.exec(mails[0]!)?.[1];
  expect(link, `no unsubscribe link in:\n${mails[0]}`).toBeDefined();
  // Absolute: a mail program opens it without any page to resolve it against.
  expect(URL.canParse(link!), `${link} is not an absolute address`).toBe(true);
  const url = new URL(link!);
  expect(url.origin).toBe(new URL(baseURL!).origin);
  expect(url.pathname).toBe('/newsletter/desinscription');

  // Opened as a mail program opens it: a new tab with nothing but the address.
  const fromMail = await page.context().newPage();
  await fromMail.goto(link!);
  await expect(fromMail.getByRole('status')).toHaveText('Désinscription effectuée avec succès');
  await expect(fromMail).toHaveTitle('Désinscription de la newsletter · La Petite Boutique');
  expect((await stored<StoredSubscriber[]>(fromMail, 'newsletter_subscribers'))?.[0]).toMatchObject({ email: 'lea@exemple.fr', isActive: false });

  await fromMail.goto(link!);
  await expect(fromMail.getByRole('status')).toHaveText('Cette adresse email est déjà désinscrite de notre newsletter.');
  expect((await stored<StoredSubscriber[]>(fromMail, 'newsletter_subscribers'))?.[0]?.isActive).toBe(false);

  // A token the shop never gave stays the spec's « invalide ».
  await fromMail.goto(`${url.origin}${url.pathname}?token=jeton-inconnu`);
  await expect(fromMail.getByRole('status')).toHaveText('Token de désinscription invalide');
});
