import { type Page } from '@playwright/test';
import { expect, test } from './checkpoints';
import { JOURNEY_TIMEOUT_MS, newsletterForm, waitForServiceWorker } from './helpers';
import { COMPANY, returnAddress } from '@/domain/company';
import { INDEXEDDB_DATABASES, STORAGE_KEYS } from '@/domain/storage-keys';

// The pages a French online shop must show, each reached from the footer of every page.
const LEGAL_PAGES = [
  {
    title: 'Mentions légales',
    path: '/mentions-legales',
    says: ['Données fictives de démonstration', COMPANY.siren, COMPANY.vatNumber, 'Hébergeur', 'Directeur de la publication'],
  },
  {
    title: 'Conditions générales de vente',
    path: '/conditions-generales-de-vente',
    says: [
      'Droit de rétractation',
      '14 jours',
      'Le consommateur dispose d’un délai de deux ans à compter de la délivrance du bien',
      // Issue 41: what the order mails say, and which are sent (src/domain/order/order-mails.ts).
      'Nous vous envoyons aussitôt par email la confirmation de votre commande',
      'quand votre commande est expédiée (ou prête en boutique), si elle est annulée, et quand votre rétractation vous est remboursée',
    ],
  },
  {
    title: 'Politique de confidentialité',
    path: '/politique-de-confidentialite',
    says: ['cart', 'favorites', 'newsletter_subscribers', 'install_banner_dismissed_at', 'lien de désinscription', 'supprimer'],
  },
  {
    title: 'Livraison et retours',
    path: '/livraison-et-retours',
    says: ['Frais de livraison', '14 jours', 'choisissez « Renoncer au contrat ici »', returnAddress(), 'Un email vous prévient de son départ.'],
  },
  { title: 'Accessibilité', path: '/accessibilite', says: ['WCAG 2.1', 'RGAA', 'contact@boutique.example', '28 juin 2025'] },
] as const;

const footerLinks = (page: Page) => page.getByRole('contentinfo').getByRole('navigation', { name: 'Informations légales' });

async function shows(page: Page, { title, path, says }: (typeof LEGAL_PAGES)[number]) {
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
  await expect(page).toHaveTitle(`${title} · La Petite Boutique`);
  // Whitespace is normalised: « 14 jours » matches its no-break space too.
  for (const text of says) await expect(page.getByRole('main')).toContainText(text);
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test(`at ${viewport.width} px, each legal page is reached from the footer and says what it must; an unknown address says so`, async ({
    page,
    checkpoint,
  }) => {
    test.setTimeout(JOURNEY_TIMEOUT_MS);
    await page.setViewportSize(viewport);
    await page.goto('/boutique');
    for (const legal of LEGAL_PAGES) {
      await footerLinks(page).getByRole('link', { name: legal.title, exact: true }).click();
      await shows(page, legal);
      await checkpoint(legal.title.toLowerCase());
    }
    await page.goto('/page-inconnue');
    await expect(page.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeVisible();
    await expect(page).toHaveTitle('Page introuvable · La Petite Boutique');
    await checkpoint('page introuvable');
  });
}

test('every page’s footer links to the legal pages and « Accessibilité »', async ({ page }) => {
  for (const path of ['/', '/panier', '/favoris', '/page-inconnue', ...LEGAL_PAGES.map((p) => p.path)]) {
    await page.goto(path);
    for (const { title, path: target } of LEGAL_PAGES) {
      await expect(footerLinks(page).getByRole('link', { name: title, exact: true }), `${title} in the footer of ${path}`).toHaveAttribute('href', target);
    }
  }
});

test('the newsletter form says what is sent, that every mail can unsubscribe, and links to the policy', async ({ page }) => {
  await page.goto('/');
  const form = newsletterForm(page);
  await expect(form).toContainText('Nouveautés et offres, une fois par mois.');
  await expect(form).toContainText('Chaque email a un lien de désinscription.');
  await form.getByRole('link', { name: 'Vos données et vos droits' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Politique de confidentialité' })).toBeVisible();
});

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('the legal pages and « Accessibilité » open offline after a first visit', async ({ page, context }) => {
    test.setTimeout(JOURNEY_TIMEOUT_MS);
    await page.goto('/');
    await waitForServiceWorker(page);
    await context.setOffline(true);
    for (const legal of LEGAL_PAGES) {
      await page.goto(legal.path);
      await shows(page, legal);
    }
  });
});

// Issue 24, item 9: the privacy policy names every key and database the shop writes, from the registry itself.
test('the privacy policy lists every localStorage key and IndexedDB database of the registry, each with what it holds', async ({ page }) => {
  await page.goto('/politique-de-confidentialite');
  const main = page.getByRole('main');
  const names = [...Object.values(STORAGE_KEYS), ...Object.values(INDEXEDDB_DATABASES)];
  for (const name of names) {
    const row = main.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
    await expect(row, name).toHaveCount(1);
    await expect(row.getByRole('cell').nth(1), name).toHaveText(/\S{20,}|\s\S+\s\S+\s/);
  }
  await expect(main.getByRole('row').filter({ has: page.getByRole('cell', { name: 'checkout_draft', exact: true }) })).toContainText('adresse de livraison');
  await expect(main.getByRole('row').filter({ has: page.getByRole('cell', { name: 'placed_orders', exact: true }) })).toContainText('Mes commandes');
});

// Issue 25: the CGV's legal guarantee in its box, as the annex of article D211-2 gives it (the
// journey above pictures and audits both pages at both widths).
test('the CGV carry the legal guarantee in a box of its own', async ({ page }) => {
  await page.goto('/conditions-generales-de-vente');
  const box = page.getByRole('complementary', { name: 'Garantie légale de conformité et garantie des vices cachés' });
  await expect(box).toContainText('Le consommateur dispose d’un délai de deux ans à compter de la délivrance du bien');
  await expect(box).toContainText('articles 1641 à 1649 du code civil');
});
