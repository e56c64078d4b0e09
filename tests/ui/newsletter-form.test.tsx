import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderShop } from './render-shop';

describe('newsletter form', () => {
  it('a malformed address is refused in French next to the field, and nothing is stored', async () => {
    const { user, store } = renderShop('/boutique');
    const field = await screen.findByLabelText('Adresse email');
    await user.type(field, 'pas-une-adresse');
    await user.click(screen.getByRole('button', { name: 'S’inscrire' }));

    const message = await screen.findAllByText('Adresse email invalide');
    expect(message.length).toBeGreaterThan(0);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(store.get('newsletter_subscribers')).toBeNull();
  });

  it('a valid address subscribes, empties the field and sends the confirmation mail', async () => {
    const { user, mailer } = renderShop('/boutique');
    const field = await screen.findByLabelText('Adresse email');
    await user.type(field, 'Jeanne@Exemple.fr');
    await user.click(screen.getByRole('button', { name: 'S’inscrire' }));

    expect(
      await screen.findByText('Inscription réussie ! Un email de confirmation vous a été envoyé.'),
    ).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('');
    expect(mailer.sent.map((m) => m.to)).toEqual(['jeanne@exemple.fr']);
  });
});
