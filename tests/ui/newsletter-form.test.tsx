import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyPort } from '@/app/lazy-port';
import type { NewsletterSubscribers } from '@/ports/newsletter-subscribers';
import { NEWSLETTER_SUBSCRIBERS } from '@/ports/newsletter-subscribers';
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

  // Issue 42, item 12: « invalide » is for a malformed address; an empty field is said to be required.
  it('an empty field is said to be required, next to the field, and nothing is stored', async () => {
    const { user, store } = renderShop('/boutique');
    const field = await screen.findByLabelText('Adresse email');
    await user.click(screen.getByRole('button', { name: 'S’inscrire' }));

    expect((await screen.findByRole('alert')).textContent).toBe('L’adresse email est obligatoire.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Adresse email invalide')).toBeNull();
    expect(store.get('newsletter_subscribers')).toBeNull();
  });

  it('a valid address subscribes, empties the field and sends the confirmation mail', async () => {
    const { user, mailer } = renderShop('/boutique');
    const field = await screen.findByLabelText('Adresse email');
    await user.type(field, 'Jeanne@Exemple.fr');
    await user.click(screen.getByRole('button', { name: 'S’inscrire' }));

    expect(await screen.findByText('Inscription réussie ! Un email de confirmation vous a été envoyé.')).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('');
    expect(mailer.sent.map((m) => m.to)).toEqual(['jeanne@exemple.fr']);
  });

  it('a newsletter whose code cannot be downloaded says so in French and keeps the address', async () => {
    const { user, container, store, logger } = renderShop('/boutique');
    // The network went away after the page loaded: the newsletter's chunk cannot be fetched.
    container.register(NEWSLETTER_SUBSCRIBERS, {
      useValue: lazyPort<NewsletterSubscribers>(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), {
        onLoadError: (error) => logger.error('A part of the shop could not be loaded', error),
      }),
    });
    const field = await screen.findByLabelText('Adresse email');
    await user.type(field, 'jeanne@exemple.fr');
    await user.click(screen.getByRole('button', { name: 'S’inscrire' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Le serveur de la boutique ne répond pas. Vérifiez votre connexion à Internet, puis réessayez.',
    );
    expect((field as HTMLInputElement).value).toBe('jeanne@exemple.fr');
    expect(screen.getByRole('button', { name: 'S’inscrire' }).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: 'S’inscrire' }).hasAttribute('aria-disabled')).toBe(false);
    expect(store.get('newsletter_subscribers')).toBeNull();
    expect(logger.entries.some((entry) => entry.message === 'A part of the shop could not be loaded')).toBe(true);
  });
});
