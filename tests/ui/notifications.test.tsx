import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/domain/storage-keys';
import { CAMILLE_ORDER } from '../fakes/fake-order-repository';
import { renderShop } from './render-shop';

async function shopWithAnOrder() {
  const view = renderShop('/');
  const placed = await view.orders.place(CAMILLE_ORDER);
  if (!placed.ok) throw new Error(placed.error.message);
  return { view, number: placed.value.number };
}

describe('« Me prévenir de l’avancement de ma commande »', () => {
  it('asks the permission on the click, says it is noted, and the « Notifications » page lists the order until « Ne plus suivre »', async () => {
    const { view, number } = await shopWithAnOrder();
    await act(() => view.router.navigate(`/commande/confirmation/${number}`));
    await screen.findByRole('heading', { level: 1, name: `Commande ${number}` });
    expect(view.permission.asked).toBe(0);
    await view.user.click(screen.getByRole('button', { name: 'Me prévenir de l’avancement de ma commande' }));
    expect((await screen.findByRole('status', { name: '' })).textContent).toBe('C’est noté\u00a0: vous serez prévenu de l’avancement de votre commande.');
    expect(view.permission.asked).toBe(1);

    await view.user.click(screen.getByRole('link', { name: 'Notifications' }));
    const list = await screen.findByRole('list', { name: 'Ce que vous suivez' });
    expect(within(list).getByTestId('follow-line').textContent).toContain(`L’avancement de la commande ${number}`);
    await view.user.click(within(list).getByRole('button', { name: `Ne plus suivre la commande ${number}` }));
    expect(await screen.findByText(/Vous ne suivez rien pour le moment/)).toBeTruthy();
  });

  it('refused by the browser: the French explanation, and nothing is stored', async () => {
    const { view, number } = await shopWithAnOrder();
    view.permission.answer = 'denied';
    await act(() => view.router.navigate(`/commande/confirmation/${number}`));
    await view.user.click(await screen.findByRole('button', { name: 'Me prévenir de l’avancement de ma commande' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Les notifications sont bloquées pour cette boutique dans votre navigateur. Autorisez-les dans les réglages du site, puis réessayez.',
    );
    expect(view.store.get(STORAGE_KEYS.notificationFollows)).toBeNull();
  });

  it('an unsupported browser: the French explanation, and nothing is stored', async () => {
    const { view, number } = await shopWithAnOrder();
    view.permission.answer = 'unsupported';
    await act(() => view.router.navigate(`/commande/confirmation/${number}`));
    await view.user.click(await screen.findByRole('button', { name: 'Me prévenir de l’avancement de ma commande' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Votre navigateur ne permet pas à la boutique de vous envoyer des notifications.');
    expect(view.store.get(STORAGE_KEYS.notificationFollows)).toBeNull();
  });

  it('an order « livrée » or « annulée » offers nothing to follow', async () => {
    const { view, number } = await shopWithAnOrder();
    await view.orders.changeStatus(number, 'annulee');
    await act(() => view.router.navigate(`/commande/confirmation/${number}`));
    await screen.findByRole('heading', { level: 1, name: `Commande ${number}` });
    expect(screen.queryByRole('button', { name: 'Me prévenir de l’avancement de ma commande' })).toBeNull();
  });
});

describe('« Me prévenir du retour en stock »', () => {
  it('on a sold-out product’s page only; the « Notifications » page lists the product', async () => {
    const view = renderShop('/produit/carnet-lin');
    await screen.findByRole('heading', { level: 1, name: 'Carnet en lin' });
    expect(screen.queryByRole('button', { name: /Me prévenir du retour en stock/ })).toBeNull();
    await act(() => view.router.navigate('/produit/bougie-figuier'));
    await screen.findByRole('heading', { level: 1, name: 'Bougie parfumée figuier' });
    await view.user.click(screen.getByRole('button', { name: 'Me prévenir du retour en stock de «\u202fBougie parfumée figuier\u202f»' }));
    expect(await screen.findByText('C’est noté\u00a0: vous serez prévenu de son retour en stock.', { normalizer: (text) => text })).toBeTruthy();
    await act(() => view.router.navigate('/notifications'));
    const list = await screen.findByRole('list', { name: 'Ce que vous suivez' });
    expect(within(list).getByRole('link', { name: 'Bougie parfumée figuier' }).getAttribute('href')).toBe('/produit/bougie-figuier');
  });

  it('on a sold-out favorite, beside « Épuisé »; not on one in stock', async () => {
    const view = renderShop('/produit/bougie-figuier');
    await view.user.click(await screen.findByRole('button', { name: 'Ajouter «\u202fBougie parfumée figuier\u202f» aux favoris' }));
    await act(() => view.router.navigate('/produit/carnet-lin'));
    await view.user.click(await screen.findByRole('button', { name: 'Ajouter «\u202fCarnet en lin\u202f» aux favoris' }));
    await act(() => view.router.navigate('/favoris'));
    await screen.findByText('Épuisé');
    const buttons = await screen.findAllByRole('button', { name: /Me prévenir du retour en stock/ });
    expect(buttons.map((b) => b.textContent)).toEqual(['Me prévenir du retour en stock de «\u202fBougie parfumée figuier\u202f»']);
    await view.user.click(buttons[0]!);
    expect(await screen.findByText('C’est noté\u00a0: vous serez prévenu de son retour en stock.', { normalizer: (text) => text })).toBeTruthy();
  });
});
