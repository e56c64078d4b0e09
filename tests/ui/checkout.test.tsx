import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemoryKeyValueStore, MemoryStorageArea } from '@/adapters/memory/memory-key-value-store';
import { CHECKOUT_MESSAGES } from '@/domain/order/checkout-form';
import { TOO_MANY_OF_ONE_PRODUCT } from '@/domain/order/order-constants';
import { PAYMENT_MESSAGES } from '@/domain/order/payment';
import { fail } from '@/domain/result';
import { formatCents } from '@/domain/price-format';
import { CATALOGUE } from '@/ports/catalogue';
import { FAKE_PRODUCTS, type FakeCatalogue } from '../fakes/fake-catalogue';
import { renderShop } from './render-shop';

// Issue 13: the shopper's checkout, on the fake order repository and payment gateway.

const BOL = FAKE_PRODUCTS.find((p) => p.id === 'bol-gres-bleu')!; // 18,90 €
const CARNET = FAKE_PRODUCTS.find((p) => p.id === 'carnet-lin')!; // 12,50 €, 3 in stock

function line(p: (typeof FAKE_PRODUCTS)[number], quantity: number) {
  return { id: p.id, name: p.name, price: p.price, originalPrice: p.originalPrice ?? p.price, image: '/x.svg', category: p.category, quantity, inStock: true };
}

function withCart(lines = [line(BOL, 2), line(CARNET, 1)], area = new MemoryStorageArea()) {
  new MemoryKeyValueStore(area).set('cart', JSON.stringify(lines));
  return area;
}

/** Testing Library reads the page's text (not accessible names) with every no-break space made a plain one. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const storedCart = (store: { get(key: string): string | null }) =>
  (JSON.parse(store.get('cart') ?? '[]') as { id: string; quantity: number }[]).map((l) => [l.id, l.quantity]);
const storedDraft = (store: { get(key: string): string | null }) => store.get('checkout_draft');

const inMain = () => within(screen.getByRole('main'));
const type = (label: string | RegExp, value: string) => fireEvent.change(inMain().getByLabelText(label), { target: { value } });
const continueButton = () => screen.getByRole('button', { name: 'Continuer' });
const stepHeading = (title: string) => screen.findByRole('heading', { level: 2, name: new RegExp(`Étape \\d sur 5\\s: ${title}$`) });

async function fillContact(email = 'camille@example.fr') {
  await stepHeading('Contact');
  type('Nom et prénom', 'Camille Martin');
  type('Adresse email', email);
  type('Téléphone (facultatif)', '06 12 34 56 78');
  fireEvent.click(continueButton());
}

async function fillAddress(postalCode = '75011') {
  await stepHeading('Adresse de livraison');
  type('Adresse', '12 rue de la Roquette');
  type('Code postal', postalCode);
  type('Ville', 'Paris');
  fireEvent.click(continueButton());
}

async function chooseDelivery(name: RegExp = /Livraison à domicile/) {
  await stepHeading('Mode de livraison');
  fireEvent.click(screen.getByRole('radio', { name }));
  fireEvent.click(continueButton());
}

async function chooseRelayPoint(name: RegExp = /Tabac de la Roquette/) {
  await stepHeading('Mode de livraison');
  fireEvent.click(screen.getByRole('radio', { name: /Point relais/ }));
  type('Code postal où chercher un point relais', '75011');
  fireEvent.click(screen.getByRole('button', { name: 'Chercher les points relais' }));
  fireEvent.click(await screen.findByRole('radio', { name }));
  fireEvent.click(continueButton());
}

async function chooseCard() {
  await stepHeading('Paiement');
  fireEvent.click(screen.getByRole('radio', { name: /Carte bancaire/ }));
  fireEvent.click(continueButton());
  await stepHeading('Récapitulatif');
}

async function toReview() {
  await fillContact();
  await chooseDelivery();
  await fillAddress();
  await chooseCard();
}

const place = () => fireEvent.click(screen.getByRole('button', { name: 'Commander avec obligation de paiement' }));

/** On the « Paiement de test » page: types a card and presses « Payer ». */
async function payOnTestPage(number = '4242 4242 4242 4242') {
  await screen.findByRole('heading', { level: 1, name: 'Paiement de test' });
  const page = within(screen.getByRole('main'));
  fireEvent.change(await page.findByLabelText('Numéro de carte'), { target: { value: number } });
  fireEvent.change(page.getByLabelText('Date d’expiration (MM/AA)'), { target: { value: '12/30' } });
  fireEvent.change(page.getByLabelText('Code de sécurité'), { target: { value: '123' } });
  fireEvent.click(page.getByRole('button', { name: 'Payer' }));
}

describe('the checkout', () => {
  it('an empty cart says so in French, links to the shop, and shows no form', async () => {
    renderShop('/commande');
    expect(await screen.findByText(plain('Votre panier est vide\u00a0: ajoutez des articles avant de passer commande.'))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Découvrir la boutique' }).getAttribute('href')).toBe('/boutique');
    expect(within(screen.getByRole('main')).queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continuer' })).toBeNull();
  });

  it('the cart page leads to the checkout', async () => {
    renderShop('/panier', withCart());
    const link = await screen.findByRole('link', { name: 'Passer la commande' });
    expect(link.getAttribute('href')).toBe('/commande');
  });

  it('the review shows one VAT line per rate, the delivery fee split pro rata, each product at the catalogue’s rate', async () => {
    renderShop('/commande', withCart(), (container) => container.resolve<FakeCatalogue>(CATALOGUE).change(CARNET.id, { vatRate: 550 }));
    await toReview();
    // 37,80 € at 20 % and 12,50 € at 5,5 %; the 4,90 € fee: 1,22 € at 5,5 %, 3,68 € at 20 %.
    await waitFor(() =>
      expect(screen.getAllByTestId('total-tva').map((row) => row.textContent)).toEqual([
        `dont TVA 5,5\u00a0%\u00a0:${formatCents(72)}`,
        `dont TVA 20\u00a0%\u00a0:${formatCents(691)}`,
      ]),
    );
  });

  it('the review shows no VAT line while the catalogue has not said the products’ rates, rather than a wrong one', async () => {
    renderShop('/commande', withCart(), (container) => {
      container.resolve<FakeCatalogue>(CATALOGUE).failing = true;
    });
    await toReview();
    expect(screen.getByTestId('total-ttc').textContent).toBe(formatCents(5520));
    expect(screen.queryAllByTestId('total-tva')).toEqual([]);
  });

  it('goes through every step, places the order, pays on the provider’s page, and comes back to the paid order; the cart emptied', async () => {
    const view = renderShop('/commande', withCart());
    await toReview();
    // 2 × 18,90 + 12,50 = 50,30 €, below the 60 € threshold: home delivery 4,90 €.
    expect(screen.getByTestId('total-sous-total').textContent).toBe(formatCents(5030));
    expect(screen.getByTestId('total-livraison').textContent).toBe(formatCents(490));
    expect(screen.getByTestId('total-ttc').textContent).toBe(formatCents(5520));
    expect(screen.getByTestId('total-tva').textContent).toBe(`dont TVA 20\u00a0%\u00a0:${formatCents(920)}`);
    expect(screen.getByText('Carte bancaire')).toBeTruthy();
    place();

    // The order exists before the payment: stock reserved, waiting for the provider; the cart emptied.
    expect(await screen.findByRole('heading', { level: 1, name: 'Paiement de test' })).toBeTruthy();
    expect(view.router.state.location.pathname).toBe('/paiement-test/session-1');
    expect(screen.getByRole('note').textContent).toContain('aucun paiement réel n’est effectué');
    expect(await screen.findByText('CMD-2026-000001')).toBeTruthy();
    expect(screen.getByTestId('test-payment-amount').textContent).toBe(formatCents(5520));
    expect(view.orders.orders.map((o) => o.status)).toEqual(['en-attente-paiement']);
    expect(view.orders.products.get(CARNET.id)?.stock).toBe(2);
    await waitFor(() => expect(storedCart(view.store)).toEqual([]));
    expect(storedDraft(view.store)).toBeNull();

    await payOnTestPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Commande CMD-2026-000001' })).toBeTruthy();
    expect(view.router.state.location.pathname).toBe('/commande/confirmation/CMD-2026-000001');
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Payée'));
    expect(screen.getByTestId('order-payment').textContent).toBe('Carte bancaire se terminant par 4242');
    expect(
      within(screen.getByRole('list', { name: 'Articles commandés' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([`${BOL.name} × 2${formatCents(3780)}`, `${CARNET.name} × 1${formatCents(1250)}`]);
    expect(screen.getByRole('main').textContent).toContain('75011 Paris, France');
    expect(view.orders.orders[0]?.payment).toEqual({ method: 'carte', last4: '4242', reference: 'SIMU-session-1' });

    fireEvent.click(screen.getByRole('link', { name: 'Toutes mes commandes' }));
    const row = (await screen.findAllByTestId('order-row'))[0]!;
    expect(row.textContent).toContain('CMD-2026-000001');
    expect(row.textContent).toContain(formatCents(5520));
    expect(row.textContent).toContain('Payée');
  });

  it('the checkout never asks for a card: no card field at the payment step, nor anywhere before the provider’s page', async () => {
    renderShop('/commande', withCart());
    await fillContact();
    await chooseDelivery();
    await fillAddress();
    await stepHeading('Paiement');
    fireEvent.click(screen.getByRole('radio', { name: /Carte bancaire/ }));
    expect(inMain().queryByLabelText(/Numéro de carte/)).toBeNull();
    expect(inMain().queryByLabelText(/Code de sécurité/)).toBeNull();
    expect(inMain().queryByLabelText(/Date d’expiration/)).toBeNull();
    expect(screen.getByText(/sur la page sécurisée de notre prestataire de paiement/)).toBeTruthy();
  });

  it('a declined card on the provider’s page says so in French, the focus on the card’s number; another card goes through', async () => {
    const view = renderShop('/commande', withCart());
    await toReview();
    place();
    await payOnTestPage('4000 0000 0000 0002');
    expect((await screen.findByRole('alert')).textContent).toBe('Paiement refusé par la banque. Essayez une autre carte.');
    await waitFor(() => expect(document.activeElement).toBe(inMain().getByLabelText('Numéro de carte')));
    expect(view.orders.orders.map((o) => o.status)).toEqual(['en-attente-paiement']);
    await payOnTestPage('5555 5555 5555 4444');
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Payée'));
    expect(screen.getByTestId('order-payment').textContent).toBe('Carte bancaire se terminant par 4444');
  });

  it('« Annuler et revenir à la boutique »: the order page says the payment was not made and offers « Payer ma commande » again', async () => {
    const view = renderShop('/commande', withCart());
    await toReview();
    place();
    await screen.findByRole('heading', { level: 1, name: 'Paiement de test' });
    fireEvent.click(await screen.findByRole('link', { name: 'Annuler et revenir à la boutique' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Commande CMD-2026-000001' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Votre paiement n’a pas été effectué.');
    expect(screen.getByTestId('order-payment').textContent).toBe('Carte bancaire, en attente de paiement');
    fireEvent.click(screen.getByRole('button', { name: 'Payer ma commande' }));
    await payOnTestPage();
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Payée'));
    expect(view.orders.orders[0]?.payment).toMatchObject({ last4: '4242', reference: 'SIMU-session-2' });
  });

  it('a payment session left 30 minutes is refused: the order « annulée », its stock back, the reason on the order page', async () => {
    const view = renderShop('/commande', withCart());
    await toReview();
    place();
    await screen.findByText('CMD-2026-000001');
    view.clock.advance(30 * 60 * 1000);
    await payOnTestPage();
    expect((await screen.findByRole('alert')).textContent).toContain('Le délai de paiement a expiré');
    expect(view.orders.orders.map((o) => o.status)).toEqual(['annulee']);
    fireEvent.click(screen.getByRole('link', { name: 'Voir ma commande' }));
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Annulée'));
    expect(screen.getByRole('main').textContent).toContain('Le délai de paiement a expiré, ou le paiement n’a pas abouti');
    expect(screen.queryByRole('button', { name: 'Payer ma commande' })).toBeNull();
  });

  it('the provider out of reach: the order and its stock are kept, the order page says why and offers « Réessayer le paiement »', async () => {
    const view = renderShop('/commande', withCart());
    await toReview();
    const startPayment = view.payments.startPayment.bind(view.payments);
    view.payments.startPayment = async () => fail('network', PAYMENT_MESSAGES.unreachable);
    place();
    expect(await screen.findByRole('heading', { level: 1, name: 'Commande CMD-2026-000001' })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toBe(`${PAYMENT_MESSAGES.unreachable} Votre commande et ses articles vous restent réservés.`);
    expect(view.orders.orders.map((o) => o.status)).toEqual(['en-attente-paiement']);
    expect(view.orders.products.get(CARNET.id)?.stock).toBe(2);
    view.payments.startPayment = startPayment;
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer le paiement' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Paiement de test' })).toBeTruthy();
  });

  it('back before the provider told the backend: the page says it waits, reads the order again, and shows it paid when it is', async () => {
    const view = renderShop('/commande', withCart());
    await toReview();
    place();
    await screen.findByRole('heading', { level: 1, name: 'Paiement de test' });
    await act(() => view.router.navigate('/commande/confirmation/CMD-2026-000001'));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Nous attendons la confirmation de votre paiement par carte de 55,20\u00a0€. Dès qu’elle nous parvient, nous préparons votre commande.',
    );
    // The provider's word reaches the backend (a webhook): no event reaches this page, which reads the order again by itself.
    await view.orders.recordProviderOutcome('CMD-2026-000001', { to: 'payee', payment: { reference: 'cs_test_1', last4: '4242' } });
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Payée'), { timeout: 5000 });
    expect(screen.queryByText('Nous attendons la confirmation de votre paiement.')).toBeNull();
    expect(screen.getByTestId('order-payment').textContent).toBe('Carte bancaire se terminant par 4242');
  });

  it('a wrong email or postal code is named beside its field and in a summary, the focus on the field, nothing lost', async () => {
    const view = renderShop('/commande', withCart());
    await fillContact('camille@');
    const email = inMain().getByLabelText('Adresse email');
    expect(await screen.findAllByText(CHECKOUT_MESSAGES.emailInvalid)).toHaveLength(1);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe(CHECKOUT_MESSAGES.emailInvalid);
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(screen.getByRole('link', { name: `Adresse email\u00a0: ${CHECKOUT_MESSAGES.emailInvalid}` })).toBeTruthy();
    expect((email as HTMLInputElement).value).toBe('camille@');
    // Put right, the message goes as it is typed, and the next step opens.
    type('Adresse email', 'camille@example.fr');
    expect(screen.queryByText(CHECKOUT_MESSAGES.emailInvalid)).toBeNull();
    fireEvent.click(continueButton());

    await chooseDelivery();
    await fillAddress('7501');
    expect(await screen.findByText(CHECKOUT_MESSAGES.postalCodeInvalid, { selector: 'p' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(inMain().getByLabelText('Code postal')));
    expect((inMain().getByLabelText('Adresse') as HTMLInputElement).value).toBe('12 rue de la Roquette');
    expect(view.router.state.location.pathname).toBe('/commande/adresse');
    expect(JSON.parse(storedDraft(view.store)!).form).toMatchObject({ email: 'camille@example.fr', postalCode: '7501', city: 'Paris' });
    expect(storedCart(view.store)).toEqual([
      [BOL.id, 2],
      [CARNET.id, 1],
    ]);
  });

  it('the free-delivery threshold is shown with what is missing, and free methods say « offerte »', async () => {
    renderShop('/commande', withCart([line(BOL, 1)]));
    await fillContact();
    await stepHeading('Mode de livraison');
    // 60,00 − 18,90 = 41,10 €.
    expect(
      screen.getByText(plain(`Plus que ${formatCents(4110)} d’achats pour la livraison offerte à domicile ou en point relais (dès ${formatCents(6000)}).`)),
    ).toBeTruthy();
    expect(screen.getByRole('radio', { name: new RegExp(`Point relais — ${formatCents(390)}`) })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Retrait en boutique — offerte/ })).toBeTruthy();
    fireEvent.click(continueButton());
    expect(await screen.findByText(CHECKOUT_MESSAGES.deliveryMethodRequired, { selector: 'p' })).toBeTruthy();
  });

  it('a reload keeps every step’s entries, and a later step entered too early sends to the first incomplete one', async () => {
    const area = withCart();
    const first = renderShop('/commande', area);
    await fillContact();
    await chooseDelivery();
    await fillAddress();
    await stepHeading('Paiement');
    first.unmount();

    const again = renderShop('/commande/recapitulatif', area);
    // No payment method chosen yet: the payment step is the first one incomplete.
    await stepHeading('Paiement');
    expect(again.router.state.location.pathname).toBe('/commande/paiement');
    expect(screen.getByText('Complétez d’abord cette étape pour continuer votre commande.')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Retour à l’étape précédente' }));
    await stepHeading('Adresse de livraison');
    expect((inMain().getByLabelText('Adresse') as HTMLInputElement).value).toBe('12 rue de la Roquette');
    fireEvent.click(screen.getByRole('link', { name: 'Retour à l’étape précédente' }));
    await stepHeading('Mode de livraison');
    expect((screen.getByRole('radio', { name: /Livraison à domicile/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('link', { name: /Contact/ }));
    await stepHeading('Contact');
    expect((inMain().getByLabelText('Adresse email') as HTMLInputElement).value).toBe('camille@example.fr');
    expect((inMain().getByLabelText('Téléphone (facultatif)') as HTMLInputElement).value).toBe('06 12 34 56 78');
  });

  it('the step indicator marks the current step and links only the steps already open', async () => {
    renderShop('/commande', withCart());
    await fillContact();
    await stepHeading('Mode de livraison');
    const steps = within(screen.getByRole('navigation', { name: 'Étapes de la commande' }));
    expect(steps.getByText('Mode de livraison').closest('[aria-current="step"]')).not.toBeNull();
    expect(steps.getByRole('link', { name: /Contact/ })).toBeTruthy();
    expect(steps.queryByRole('link', { name: /Paiement/ })).toBeNull();
  });

  it('an order larger than one order may be is refused by its code: the message, nothing charged, a way to the cart', async () => {
    const view = renderShop('/commande', withCart());
    await toReview();
    // The backend's cap (place_order on Supabase, the local adapter), as it answers it.
    view.orders.place = async () => fail('order-too-large', TOO_MANY_OF_ONE_PRODUCT);
    fireEvent.click(screen.getByRole('button', { name: 'Commander avec obligation de paiement' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(TOO_MANY_OF_ONE_PRODUCT);
    expect(view.orders.orders).toEqual([]);
    expect(within(alert).getByRole('link', { name: 'Modifier le panier' }).getAttribute('href')).toBe('/panier');
  });

  it('a product sold out meanwhile is named; nothing is charged and the cart is as it was', async () => {
    const view = renderShop('/commande', withCart());
    await toReview();
    view.orders.products.set(CARNET.id, { ...CARNET, stock: 0, inStock: false });
    fireEvent.click(screen.getByRole('button', { name: 'Commander avec obligation de paiement' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(`«\u202f${CARNET.name}\u202f» est épuisé`);
    expect(view.orders.orders).toEqual([]);
    expect(within(alert).getByRole('link', { name: 'Modifier le panier' }).getAttribute('href')).toBe('/panier');
    expect(storedCart(view.store)).toEqual([
      [BOL.id, 2],
      [CARNET.id, 1],
    ]);
    expect(screen.getByRole('heading', { level: 2, name: /Récapitulatif/ })).toBeTruthy();
  });

  it('offline, placing says the order was not placed, keeps everything, and shows no confirmation', async () => {
    const view = renderShop('/commande', withCart());
    await fillContact();
    await chooseRelayPoint();
    await fillAddress();
    await stepHeading('Paiement');
    fireEvent.click(screen.getByRole('radio', { name: /Paiement à la livraison/ }));
    fireEvent.click(continueButton());
    await stepHeading('Récapitulatif');
    view.orders.failWith = 'network';
    fireEvent.click(screen.getByRole('button', { name: 'Commander avec obligation de paiement' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Vous êtes hors ligne, ou le serveur de la boutique ne répond pas\u00a0: votre commande n’a pas été passée.');
    expect(alert.textContent).toContain('Tout ce que vous avez saisi est conservé');
    expect(view.router.state.location.pathname).toBe('/commande/recapitulatif');
    expect(storedCart(view.store)).toEqual([
      [BOL.id, 2],
      [CARNET.id, 1],
    ]);
    expect(JSON.parse(storedDraft(view.store)!)).toMatchObject({ paymentMethod: 'a-la-livraison', form: { deliveryMethod: 'point-relais', city: 'Paris' } });
    // Back online, the same « Commander » places it, waiting for its payment on delivery.
    view.orders.failWith = null;
    fireEvent.click(screen.getByRole('button', { name: 'Commander avec obligation de paiement' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Commande CMD-2026-000001' })).toBeTruthy();
    expect(screen.getByTestId('order-status').textContent).toBe('En attente');
  });
});

describe('the shopper’s orders', () => {
  it('an unknown or malformed number is « Commande introuvable », never a confirmation', async () => {
    renderShop('/commande/confirmation/CMD-2026-000042');
    expect(await screen.findByRole('heading', { level: 1, name: 'Commande introuvable' })).toBeTruthy();
    expect(screen.queryByText('Merci, votre commande est enregistrée.')).toBeNull();
    renderShop('/commande/confirmation/pas-un-numero');
    expect(await screen.findAllByRole('heading', { level: 1, name: 'Commande introuvable' })).toHaveLength(2);
  });

  it('a backend out of reach gets its French message and « Réessayer », never a confirmation or an empty list', async () => {
    // The fake fails only `place`; its reads are made to fail as a backend out of reach would.
    const offline = fail('network', 'backend: network');
    const view = renderShop('/');
    view.orders.get = async () => offline;
    await act(() => view.router.navigate('/commande/confirmation/CMD-2026-000001'));
    expect((await screen.findByRole('alert')).textContent).toBe('backend: network');
    expect(screen.queryByText('Merci, votre commande est enregistrée.')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Articles commandés' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
    view.unmount();

    const list = renderShop('/');
    const listMine = list.orders.listMine.bind(list.orders);
    list.orders.listMine = async () => offline;
    await act(() => list.router.navigate('/mes-commandes'));
    expect((await screen.findByRole('alert')).textContent).toBe('backend: network');
    expect(screen.queryByText('Vous n’avez passé aucune commande depuis cet appareil.')).toBeNull();
    list.orders.listMine = listMine;
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Vous n’avez passé aucune commande depuis cet appareil.')).toBeTruthy();
  });

  it('with no order yet, /mes-commandes says so in French', async () => {
    renderShop('/mes-commandes');
    expect(await screen.findByText('Vous n’avez passé aucune commande depuis cet appareil.')).toBeTruthy();
  });

  it('the footer links to /mes-commandes', async () => {
    renderShop('/');
    expect((await screen.findByRole('link', { name: 'Mes commandes' })).getAttribute('href')).toBe('/mes-commandes');
  });
});
