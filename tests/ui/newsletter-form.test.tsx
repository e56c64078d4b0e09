import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazy } from '../../src/ports/lazy';
import { NEWSLETTER_SERVICE } from '../../src/ports/services';
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

  it('a newsletter whose code cannot be downloaded says so in French and keeps the address', async () => {
    const { user, container, store, logger } = renderShop('/boutique');
    // The network went away after the page loaded: the newsletter's chunk cannot be fetched.
    container.register(NEWSLETTER_SERVICE, {
      useValue: lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))),
    });
    const field = await screen.findByLabelText('Adresse email');
    await user.type(field, 'jeanne@exemple.fr');
    await user.click(screen.getByRole('button', { name: 'S’inscrire' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'L’inscription n’a pas pu se faire\u00a0: vérifiez votre connexion à Internet, puis réessayez.',
    );
    expect((field as HTMLInputElement).value).toBe('jeanne@exemple.fr');
    expect(screen.getByRole('button', { name: 'S’inscrire' }).hasAttribute('disabled')).toBe(false);
    expect(store.get('newsletter_subscribers')).toBeNull();
    expect(logger.entries.some((entry) => entry.message === 'The newsletter could not be loaded')).toBe(true);
  });
});
