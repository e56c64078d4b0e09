import { readFile } from 'node:fs/promises';
import { type Page } from '@playwright/test';
import { expect, test } from './checkpoints';
import { parse } from 'csv-parse/sync';
import { arrange } from './arrange';
import { expectNoViolations } from './axe';
import { DEMO_ADMIN, JOURNEY_TIMEOUT_MS, newsletterForm, stored, toast } from './helpers';

interface StoredSubscriber {
  email: string;
  isActive: boolean;
  unsubscribeToken: string;
}

const PAGE = '/admin/newsletter';

/** Signs in on the sign-in form the newsletter page's address shows to a visitor without a session. */
async function signInAsAdmin(page: Page) {
  await page.goto(PAGE);
  const form = page.getByRole('region', { name: 'Connexion administrateur' });
  await form.getByLabel('Adresse email').fill(DEMO_ADMIN.email);
  await form.getByLabel('Mot de passe').fill(DEMO_ADMIN.password);
  await form.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('heading', { name: 'Newsletter', level: 1 })).toBeVisible();
}

/** The newsletter page, the owner already signed in (arranged: signing in is the journey's and admin.spec.ts's). */
async function openAsOwner(page: Page) {
  await arrange(page, { owner: true });
  await page.goto(PAGE);
  await expect(page.getByRole('heading', { name: 'Newsletter', level: 1 })).toBeVisible();
}

async function subscribe(page: Page, ...emails: string[]) {
  await page.goto('/');
  for (const email of emails) {
    await newsletterForm(page).getByLabel('Adresse email').fill(email);
    await newsletterForm(page).getByRole('button', { name: 'S’inscrire' }).click();
    await expect(toast(page)).toContainText('Inscription réussie');
  }
}

/** The mails the local mailer writes to the console (src/adapters/console-mailer), as they come. */
function mailLog(page: Page): string[] {
  const mails: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('Simulated email')) mails.push(message.text());
  });
  return mails;
}

const composer = (page: Page) => page.getByRole('form', { name: 'Écrire une newsletter' });

async function write(page: Page, subject: string, body: string) {
  await composer(page).getByLabel('Objet').fill(subject);
  await composer(page).getByLabel('Message').fill(body);
}

test('with no active subscriber, « Envoyer à tous » answers « Aucun abonné actif trouvé »', async ({ page }) => {
  await openAsOwner(page);
  await expect(page.getByText('Aucun abonné pour le moment.')).toBeVisible();
  await write(page, 'Soldes d’hiver', 'Tout à -20 %.');
  await composer(page).getByRole('button', { name: 'Envoyer à tous' }).click();
  await expect(page.getByTestId('send-error')).toHaveText('Aucun abonné actif trouvé');
  await expect(composer(page).getByLabel('Objet')).toHaveValue('Soldes d’hiver');
});

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test(`at ${viewport.width} px, two subscribers get the newsletter, each mail with their own unsubscribe link`, async ({ page, baseURL, checkpoint }) => {
    test.setTimeout(JOURNEY_TIMEOUT_MS);
    await page.setViewportSize(viewport);
    const mails = mailLog(page);
    await subscribe(page, 'lea@exemple.fr', 'marc@exemple.fr');
    const subscribers = (await stored<StoredSubscriber[]>(page, 'newsletter_subscribers')) ?? [];
    expect(subscribers.map((s) => s.email).sort()).toEqual(['lea@exemple.fr', 'marc@exemple.fr']);

    await signInAsAdmin(page);
    await expect(page.getByTestId('count-active')).toHaveText('2\u00a0abonnés actifs');
    await checkpoint('administration, newsletter');
    await write(page, 'Les nouveautés de décembre', 'Bonjour,\n\nVoici nos théières.');
    await composer(page).getByRole('button', { name: 'Envoyer à tous' }).click();
    await expect(page.getByRole('group', { name: /^Envoyer/ })).toContainText('à 2\u00a0abonnés actifs\u00a0?');
    await checkpoint('administration, newsletter à confirmer');
    await page.getByRole('button', { name: 'Confirmer l’envoi' }).click();
    await expect(page.getByTestId('send-status')).toHaveText('Newsletter envoyée avec succès à 2 abonné(s)');
    await checkpoint('administration, newsletter envoyée');
    await expect(composer(page).getByLabel('Objet')).toHaveValue('');

    const newsletters = () => mails.filter((mail) => mail.includes('\nSubject: Les nouveautés de décembre\n'));
    await expect.poll(() => newsletters().length).toBe(2);
    const tokens = new Set<string>();
    for (const subscriber of subscribers) {
      const mail = newsletters().find((m) => m.startsWith(`Simulated email (nothing was sent) to ${subscriber.email}\n`));
      expect(mail, `no newsletter logged to ${subscriber.email}`).toBeDefined();
      const links = [...mail!.matchAll(/https?:\/\/\S+/g)].map((match) => new URL(match[0]));
      expect(links).toHaveLength(1);
      expect(links[0]!.origin).toBe(new URL(baseURL!).origin);
      expect(links[0]!.pathname).toBe('/newsletter/desinscription');
      expect(links[0]!.searchParams.get('token')).toBe(subscriber.unsubscribeToken);
      tokens.add(subscriber.unsubscribeToken);
    }
    expect(tokens.size).toBe(2);
  });
}

test('the CSV export downloads a file a French spreadsheet opens, with both addresses', async ({ page }) => {
  await subscribe(page, 'lea@exemple.fr', 'marc@exemple.fr');
  await openAsOwner(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exporter en CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^abonnes-newsletter-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString('utf8');
  expect(text.split('\r\n')[0]).toBe('\uFEFFAdresse email;Date d’inscription;Statut');
  const records = parse(text, { bom: true, delimiter: ';', record_delimiter: '\r\n' }) as string[][];
  expect(records[0]).toEqual(['Adresse email', 'Date d’inscription', 'Statut']);
  expect(
    records
      .slice(1)
      .map((row) => [row[0], row[2]])
      .sort(),
  ).toEqual([
    ['lea@exemple.fr', 'Actif'],
    ['marc@exemple.fr', 'Actif'],
  ]);
  for (const row of records.slice(1)) expect(row[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
});

// One test per width and state: an axe run takes seconds on a loaded 2-core machine.
for (const viewport of [
  { width: 375, height: 667 },
  { width: 1280, height: 800 },
]) {
  test.describe(`the newsletter page at ${viewport.width} px passes axe`, () => {
    test.beforeEach(async ({ page }) => {
      await subscribe(page, 'lea@exemple.fr');
      await page.setViewportSize(viewport);
      await openAsOwner(page);
      await expect(page.getByRole('table')).toBeVisible();
    });

    test('as it opens, nothing wider than the screen', async ({ page }, testInfo) => {
      await expectNoViolations(page, testInfo, `/admin/newsletter at ${viewport.width} px`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });

    test('with the composer’s errors shown', async ({ page }, testInfo) => {
      await composer(page).getByRole('button', { name: 'Envoyer à tous' }).click();
      await expect(page.getByText('Indiquez l’objet de la newsletter.')).toBeVisible();
      await expectNoViolations(page, testInfo, `/admin/newsletter at ${viewport.width} px, errors shown`);
    });

    test('with the confirmation open', async ({ page }, testInfo) => {
      await write(page, 'Soldes', 'Texte');
      await composer(page).getByRole('button', { name: 'Envoyer à tous' }).click();
      await expect(page.getByRole('button', { name: 'Confirmer l’envoi' })).toBeFocused();
      await expectNoViolations(page, testInfo, `/admin/newsletter at ${viewport.width} px, confirmation open`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  });
}
