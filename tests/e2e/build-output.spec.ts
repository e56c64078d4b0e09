import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { DEMO_ADMIN } from './helpers';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

test('the built shop carries the admin password hash, never the password', () => {
  const files = filesUnder('dist');
  const contents = files.map((file) => readFileSync(file, 'latin1'));
  expect(files.length).toBeGreaterThan(0);
  expect(contents.some((text) => text.includes('pbkdf2-sha256$600000$'))).toBe(true);
  const leaking = files.filter((_, i) => contents[i]!.includes(DEMO_ADMIN.password));
  expect(leaking).toEqual([]);
});

// Strings only supabase-js carries (its headers, PostgREST's error codes, GoTrue's name).
const SUPABASE_JS_MARKERS = [/X-Client-Info/, /Accept-Profile/, /gotrue/i, /PGRST\d/];

test('a local build ships no byte of supabase-js: no file of dist/ carries its code', () => {
  const carrying = filesUnder('dist').filter((file) => {
    const text = readFileSync(file, 'latin1');
    return SUPABASE_JS_MARKERS.some((marker) => marker.test(text));
  });
  expect(carrying).toEqual([]);
});

// Texts only the back office's pages and adapters carry (issues 12 and 13: the orders pages, and
// the order changes they hear, whose messages say 'status-changed'; the channel's name itself is
// declared with every storage and channel name, src/domain/storage-keys.ts, which the first visit has).
const ADMIN_MARKERS = ['Tableau de bord', 'Se déconnecter', 'Créer le produit', 'Exporter en CSV', 'Supprimer ce produit', 'Marquer comme ', 'status-changed'];

// Texts only the checkout, the order confirmation and the list of orders carry (issue 13).
const CHECKOUT_MARKERS = ['Étapes de la commande', 'Paiement à la livraison', 'Code de sécurité', 'Commande introuvable', 'Passée le', 'Cartes de test'];

test('a shopper’s first visit to / downloads no back-office or checkout code', async ({ page }) => {
  const scripts: { url: string; text: string }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      void response.text().then(
        (text) => scripts.push({ url: response.url(), text }),
        () => undefined,
      );
    }
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  const carrying = scripts.filter(({ text }) => ADMIN_MARKERS.some((marker) => text.includes(marker))).map(({ url }) => url);
  expect(carrying).toEqual([]);
  // The markers are the back office's own: each is in some file of the build.
  const built = filesUnder(join('dist', 'assets')).map((file) => readFileSync(file, 'utf8'));
  for (const marker of ADMIN_MARKERS)
    expect(
      built.some((text) => text.includes(marker)),
      marker,
    ).toBe(true);
  // Nor any of the checkout's and the shopper's orders' (issue 13), which load with their routes.
  const checkout = scripts.filter(({ text }) => CHECKOUT_MARKERS.some((marker) => text.includes(marker))).map(({ url }) => url);
  expect(checkout).toEqual([]);
  for (const marker of CHECKOUT_MARKERS)
    expect(
      built.some((text) => text.includes(marker)),
      marker,
    ).toBe(true);
});
