import { expect, type Page } from '@playwright/test';
import { inStock, type DemoProduct } from './demo-data';

// The shopper's side of issue 13's journey, through the UI: its steps, reused by
// tests/e2e/checkout.spec.ts and by the Supabase build's checkout (tests/e2e-supabase/).

export const SHOPPER = {
  email: 'camille.martin@example.fr',
  phone: '06 12 34 56 78',
  name: 'Camille Martin',
  street: '12 rue de la Roquette',
  postalCode: '75011',
  city: 'Paris',
} as const;

/** The test card the « Paiement de test » page accepts, and the one its bank declines. */
export const ACCEPTED_CARD = '4242 4242 4242 4242';
export const DECLINED_CARD = '4000 0000 0000 0002';

/** Two products of the demo catalogue with stock to spare: the journey orders 2 of the first and 1 of the second. */
export function journeyProducts(): readonly [DemoProduct, DemoProduct] {
  const [first, second] = inStock(2);
  return [first!, second!];
}

export function checkoutMain(page: Page) {
  return page.getByRole('main');
}

/** The current step's heading, « Étape N sur 5 : title ». */
export function stepHeading(page: Page, title: string) {
  return page.getByRole('heading', { level: 2, name: new RegExp(`^Étape \\d sur 5\\s:\\s${title}$`) });
}

export async function continueStep(page: Page) {
  await checkoutMain(page).getByRole('button', { name: 'Continuer' }).click();
}

/** Adds `quantity` of a product from its own page (the product page's button, once per unit). */
export async function addProduct(page: Page, product: Pick<DemoProduct, 'slug'>, quantity = 1) {
  await page.goto(`/produit/${product.slug}`);
  const count = page.getByTestId('cart-count');
  // Empty until the prerendered page is taken over and knows this browser's cart (never a « 0 » then).
  await expect(count).toHaveText(/^\d+$/);
  const before = Number(await count.textContent());
  for (let i = 1; i <= quantity; i++) {
    await page.getByRole('button', { name: 'Ajouter au panier', exact: true }).click();
    await expect(count).toHaveText(String(before + i));
  }
}

export async function fillContact(page: Page, email: string = SHOPPER.email) {
  await expect(stepHeading(page, 'Contact')).toBeVisible();
  const main = checkoutMain(page);
  await main.getByLabel('Nom et prénom').fill(SHOPPER.name);
  await main.getByLabel('Adresse email').fill(email);
  await main.getByLabel('Téléphone (facultatif)').fill(SHOPPER.phone);
  await continueStep(page);
}

export async function fillAddress(page: Page, postalCode: string = SHOPPER.postalCode) {
  await expect(stepHeading(page, 'Adresse de livraison')).toBeVisible();
  const main = checkoutMain(page);
  await main.getByLabel('Adresse', { exact: true }).fill(SHOPPER.street);
  await main.getByLabel('Code postal').fill(postalCode);
  await main.getByLabel('Ville').fill(SHOPPER.city);
  await continueStep(page);
}

export async function chooseDelivery(page: Page, method: RegExp = /^Livraison à domicile/) {
  await expect(stepHeading(page, 'Mode de livraison')).toBeVisible();
  await checkoutMain(page).getByRole('radio', { name: method }).check();
  await continueStep(page);
}

/** « Point relais », then the points near `postalCode` searched and the one named `point` chosen. */
export async function chooseRelayPoint(page: Page, postalCode = '75011', point: RegExp = /^Tabac de la Roquette/) {
  await expect(stepHeading(page, 'Mode de livraison')).toBeVisible();
  const main = checkoutMain(page);
  await main.getByRole('radio', { name: /^Point relais/ }).check();
  await main.getByLabel('Code postal où chercher un point relais').fill(postalCode);
  await main.getByRole('button', { name: 'Chercher les points relais' }).click();
  await main.getByRole('radio', { name: point }).check();
  await continueStep(page);
}

/** « Carte bancaire » (paid after « Commander », on the provider's page) or the payment on delivery, « au retrait » for a pickup (null); then the review. */
export async function pay(page: Page, method: 'carte' | null = 'carte') {
  await expect(stepHeading(page, 'Paiement')).toBeVisible();
  const main = checkoutMain(page);
  if (method === null) await main.getByRole('radio', { name: /^Paiement (à la livraison|au retrait)/ }).check();
  else await main.getByRole('radio', { name: /^Carte bancaire/ }).check();
  await continueStep(page);
  await expect(stepHeading(page, 'Récapitulatif')).toBeVisible();
}

/** On the local « Paiement de test » page (the provider's stand-in): a card typed, then « Payer ». */
export async function payOnTestPage(page: Page, card: string = ACCEPTED_CARD) {
  await expect(page.getByRole('heading', { level: 1, name: 'Paiement de test' })).toBeVisible();
  const main = checkoutMain(page);
  await main.getByLabel('Numéro de carte').fill(card);
  await main.getByLabel('Date d’expiration (MM/AA)').fill('12/30');
  await main.getByLabel('Code de sécurité').fill('123');
  await main.getByRole('button', { name: 'Payer', exact: true }).click();
}

/** From the cart page (holding something): « Passer la commande », every step, up to the review. */
export async function checkoutToReview(page: Page, card: 'carte' | null = 'carte') {
  await page.goto('/panier');
  await page.getByRole('link', { name: 'Passer la commande' }).click();
  await fillContact(page);
  await chooseDelivery(page);
  await fillAddress(page);
  await pay(page, card);
}
