import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderShop } from './render-shop';

describe('storage failures', () => {
  it('a full quota keeps the cart in memory and shows a French destructive toast', async () => {
    const { user, store } = renderShop('/boutique');
    store.failWrites = true;
    const bowl = await screen.findByRole('article', { name: 'Bol en grès bleu' });

    await user.click(within(bowl).getByRole('button', { name: /^Ajouter au panier/ }));

    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Votre panier n’a pas pu être enregistré sur cet appareil');
    expect(toast.className).toContain('toast--destructive');
    expect(screen.getByTestId('cart-count').textContent).toBe('1');
    expect(store.get('cart')).toBeNull();
    await user.click(screen.getByRole('link', { name: /^Panier/ }));
    expect(await screen.findAllByTestId('cart-line')).toHaveLength(1);
  });

  it('once space is back, the next change saves the whole in-memory cart', async () => {
    const { user, store } = renderShop('/boutique');
    store.failWrites = true;
    const bowl = await screen.findByRole('article', { name: 'Bol en grès bleu' });
    await user.click(within(bowl).getByRole('button', { name: /^Ajouter au panier/ }));
    store.failWrites = false;
    const notebook = screen.getByRole('article', { name: 'Carnet en lin' });
    await user.click(within(notebook).getByRole('button', { name: /^Ajouter au panier/ }));

    const saved = JSON.parse(store.get('cart') ?? '[]') as { id: string }[];
    expect(saved.map((line) => line.id)).toEqual(['bol-gres-bleu', 'carnet-lin']);
  });

  it('corrupt JSON under every key is ignored: the shop opens empty and logs it', async () => {
    const { MemoryStorageArea } = await import('@/adapters/memory/memory-key-value-store');
    const area = new MemoryStorageArea();
    for (const key of ['cart', 'favorites', 'newsletter_subscribers']) area.data.set(key, '{pas du JSON');
    const { logger, user } = renderShop('/boutique', area);
    expect((await screen.findByTestId('cart-count')).textContent).toBe('0');
    expect(screen.getByTestId('favorites-count').textContent).toBe('0');
    expect(logger.problems().length).toBeGreaterThanOrEqual(2);
    // The newsletter's list is read when its code loads, with the first subscription: it opens
    // empty too, so the address is simply subscribed.
    await user.type(screen.getByLabelText('Adresse email'), 'lea@exemple.fr');
    await user.click(screen.getByRole('button', { name: 'S’inscrire' }));
    expect(await screen.findByText('Inscription réussie ! Un email de confirmation vous a été envoyé.')).toBeTruthy();
    expect(JSON.parse(area.data.get('newsletter_subscribers') ?? '[]')).toEqual([expect.objectContaining({ email: 'lea@exemple.fr' })]);
    expect(logger.problems().length).toBeGreaterThanOrEqual(3);
  });
});
