import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderShop } from './render-shop';

describe('toasts', () => {
  it('only one toast is shown at a time: the newest replaces the previous one', async () => {
    const { user } = renderShop('/boutique');
    const bowl = await screen.findByRole('article', { name: 'Bol en grès bleu' });
    const notebook = screen.getByRole('article', { name: 'Carnet en lin' });

    await user.click(within(bowl).getByRole('button', { name: /^Ajouter au panier/ }));
    expect(await screen.findByText('« Bol en grès bleu » ajouté au panier')).toBeTruthy();
    await user.click(within(notebook).getByRole('button', { name: /^Ajouter au panier/ }));

    expect(await screen.findByText('« Carnet en lin » ajouté au panier')).toBeTruthy();
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    expect(screen.queryByText('« Bol en grès bleu » ajouté au panier')).toBeNull();
  });

  it('a closed toast leaves the screen and is dropped after the removal delay', async () => {
    const { user, clock } = renderShop('/boutique');
    const bowl = await screen.findByRole('article', { name: 'Bol en grès bleu' });
    await user.click(within(bowl).getByRole('button', { name: /^Ajouter au panier/ }));
    await user.click(await screen.findByRole('button', { name: 'Fermer la notification' }));
    expect(screen.queryByText('« Bol en grès bleu » ajouté au panier')).toBeNull();
    act(() => clock.advance(1_000_000));
    expect(screen.queryAllByTestId('toast')).toHaveLength(0);
  });
});
