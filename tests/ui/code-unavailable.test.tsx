// Each port the shop loads on demand (src/app/container.ts, through lazyPort), when its code
// cannot be downloaded (the network went away after the page loaded): the form that used it
// says so in French, keeps what was typed, and works again once the network is back.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemoryKeyValueStore, MemoryStorageArea } from '@/adapters/memory/memory-key-value-store';
import { lazyPort, type LazyCapable } from '@/app/lazy-port';
import { NETWORK_FAILURE_MESSAGE } from '@/domain/backend-error';
import { STORAGE_KEYS } from '@/domain/storage-keys';
import type { Token } from '@/ports/token';
import { ADMIN_AUTH_GATEWAY } from '@/ports/admin-auth-gateway';
import { CATALOGUE_WRITER } from '@/ports/catalogue-writer';
import { NEWSLETTER_SENDER } from '@/ports/newsletter-sender';
import { NOTIFICATION_PERMISSION } from '@/ports/notification-permission';
import { ORDER_REPOSITORY } from '@/ports/order-repository';
import { PAYMENT_GATEWAY } from '@/ports/payment-gateway';
import { PICTURE_STORAGE } from '@/ports/picture-storage';
import { TEST_ADMIN } from '../fakes/fake-admin-auth-gateway';
import { FAKE_PRODUCTS } from '../fakes/fake-catalogue';
import { CAMILLE_ORDER } from '../fakes/fake-order-repository';
import type { DependencyContainer } from 'tsyringe';
import { renderAsAdmin, signInThroughForm } from './admin-helpers';
import { renderShop } from './render-shop';

/** The network, as the shop's code downloads see it. */
const network = { up: false };

/** `token`'s adapter as the container serves it, behind lazyPort, its code downloadable only while the network is up. */
function downloadable<T extends LazyCapable<T>>(container: DependencyContainer, token: Token<T>) {
  const adapter = container.resolve<T>(token);
  container.register(token, {
    useValue: lazyPort<T>(() => (network.up ? Promise.resolve(adapter) : Promise.reject(new TypeError('Failed to fetch dynamically imported module')))),
  });
}

const offline = () => {
  network.up = false;
};
const online = () => {
  network.up = true;
};

describe('the back office, when a part of its code cannot be downloaded', () => {
  it('saving a product says so in French, keeps the form, and saves once the network is back', async () => {
    offline();
    const view = renderAsAdmin('/admin/produits/nouveau', (container) => downloadable(container, CATALOGUE_WRITER));
    await screen.findByRole('radio', { name: 'Cuisine' });
    await view.user.type(screen.getByLabelText('Nom'), 'Théière en fonte');
    await view.user.type(screen.getByLabelText('Prix (€)'), '49,90');
    await view.user.click(screen.getByRole('radio', { name: 'Cuisine' }));
    await view.user.type(screen.getByLabelText('Stock (unités)'), '7');
    await view.user.click(screen.getByRole('button', { name: 'Créer le produit' }));

    expect(await screen.findByText(NETWORK_FAILURE_MESSAGE)).toBeTruthy();
    const create = screen.getByRole('button', { name: 'Créer le produit' });
    expect(create).toHaveProperty('disabled', false);
    expect((screen.getByLabelText('Nom') as HTMLInputElement).value).toBe('Théière en fonte');
    expect(view.catalogue.products.some((p) => p.name === 'Théière en fonte')).toBe(false);

    online();
    await view.user.click(create);
    await screen.findByRole('heading', { level: 1, name: 'Produits' });
    expect(view.catalogue.products.some((p) => p.name === 'Théière en fonte')).toBe(true);
  });

  it('adding a picture says so in French, and the next one is kept once the network is back', async () => {
    offline();
    const view = renderAsAdmin('/admin/produits/nouveau', (container) => downloadable(container, PICTURE_STORAGE));
    const input = (await screen.findByLabelText('Ajouter des photos')) as HTMLInputElement;
    await view.user.upload(input, new File(['png'], 'face.png', { type: 'image/png' }));
    expect(await screen.findByText(new RegExp(NETWORK_FAILURE_MESSAGE.slice(0, 40)))).toBeTruthy();
    expect(view.pictures.stored.size).toBe(0);

    online();
    await view.user.upload(input, new File(['png'], 'dos.png', { type: 'image/png' }));
    const list = await screen.findByTestId('product-pictures');
    expect(list.querySelectorAll('img')).toHaveLength(1);
    expect(view.pictures.stored.size).toBe(1);
  });

  it('sending the newsletter says so in French and keeps the text to send again', async () => {
    offline();
    const view = renderAsAdmin('/admin/newsletter', (container) => downloadable(container, NEWSLETTER_SENDER));
    await view.user.type(await screen.findByLabelText('Objet'), 'Nouveautés');
    await view.user.type(screen.getByLabelText('Message'), 'Bonjour à tous.');
    await view.user.click(screen.getByRole('button', { name: 'Envoyer à tous' }));
    expect(await screen.findByText(NETWORK_FAILURE_MESSAGE)).toBeTruthy();
    expect((screen.getByLabelText('Objet') as HTMLInputElement).value).toBe('Nouveautés');
    expect(screen.getByRole('button', { name: 'Envoyer à tous' })).toHaveProperty('disabled', false);
  });

  it('signing in says so in French and signs in once the network is back', async () => {
    offline();
    const view = renderShop('/admin/connexion', undefined, (container) => downloadable(container, ADMIN_AUTH_GATEWAY));
    await signInThroughForm(view);
    expect(await screen.findByText(NETWORK_FAILURE_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Se connecter' })).toHaveProperty('disabled', false);

    // The password is asked again (a refused sign-in empties it); the address is kept.
    online();
    await view.user.type(screen.getByLabelText('Mot de passe'), TEST_ADMIN.password);
    await view.user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await act(() => view.clock.advanceAsync(500));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeTruthy();
  });
});

describe('the checkout, when the orders’ code cannot be downloaded', () => {
  it('« Commander » says the order was not placed, keeps the cart and every entry, and places it once the network is back', async () => {
    offline();
    const area = new MemoryStorageArea();
    const bol = FAKE_PRODUCTS.find((p) => p.id === 'bol-gres-bleu')!;
    const cart = [
      { id: bol.id, name: bol.name, price: bol.price, originalPrice: bol.price, image: '/x.svg', category: bol.category, quantity: 2, inStock: true },
    ];
    new MemoryKeyValueStore(area).set('cart', JSON.stringify(cart));
    const view = renderShop('/', area);
    downloadable(view.container, ORDER_REPOSITORY);
    downloadable(view.container, PAYMENT_GATEWAY);
    await act(() => view.router.navigate('/commande'));
    const main = () => within(screen.getByRole('main'));
    const step = (title: string) => screen.findByRole('heading', { level: 2, name: new RegExp(`Étape \\d sur 5\\s: ${title}$`) });
    const type = (label: string, value: string) => fireEvent.change(main().getByLabelText(label), { target: { value } });
    const next = () => fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    await step('Contact');
    type('Nom et prénom', 'Camille Martin');
    type('Adresse email', 'camille@example.fr');
    next();
    await step('Mode de livraison');
    fireEvent.click(screen.getByRole('radio', { name: /Livraison à domicile/ }));
    next();
    await step('Adresse de livraison');
    type('Adresse', '12 rue des Lilas');
    type('Code postal', '75011');
    type('Ville', 'Paris');
    next();
    await step('Paiement');
    fireEvent.click(screen.getByRole('radio', { name: /Paiement à la livraison/ }));
    next();
    await step('Récapitulatif');

    fireEvent.click(screen.getByRole('button', { name: 'Commander avec obligation de paiement' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('votre commande n’a pas été passée');
    expect(JSON.parse(view.store.get('cart')!)).toMatchObject([{ id: bol.id, quantity: 2 }]);
    expect(view.orders.orders).toEqual([]);

    online();
    fireEvent.click(screen.getByRole('button', { name: 'Commander avec obligation de paiement' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Commande CMD-2026-000001' })).toBeTruthy();
  });
});

describe('following an order, when the permission’s code cannot be downloaded', () => {
  it('« Me prévenir… » says so in French, stores nothing, and follows once the network is back', async () => {
    offline();
    const view = renderShop('/', undefined, (container) => downloadable(container, NOTIFICATION_PERMISSION));
    const placed = await view.orders.place(CAMILLE_ORDER);
    if (!placed.ok) throw new Error(placed.error.message);
    await act(() => view.router.navigate(`/commande/confirmation/${placed.value.number}`));
    const follow = await screen.findByRole('button', { name: 'Me prévenir de l’avancement de ma commande' });
    fireEvent.click(follow);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Le service de notifications n’a pas pu être chargé. Vérifiez votre connexion, puis réessayez.',
    );
    expect(view.store.get(STORAGE_KEYS.notificationFollows)).toBeNull();

    online();
    fireEvent.click(screen.getByRole('button', { name: 'Me prévenir de l’avancement de ma commande' }));
    expect((await screen.findByRole('status', { name: '' })).textContent).toBe('C’est noté\u00a0: vous serez prévenu de l’avancement de votre commande.');
  });
});
