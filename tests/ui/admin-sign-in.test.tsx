import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '../fakes/fake-admin-auth-gateway';
import { signInThroughForm as signIn } from './admin-helpers';
import { renderShop } from './render-shop';

describe('admin sign-in screen', () => {
  it('wrong credentials show « Identifiants incorrects » and keep the visitor signed out', async () => {
    const view = renderShop('/admin');
    await signIn(view, 'mauvais');
    expect((await screen.findByRole('alert')).textContent).toBe('Identifiants incorrects');
    expect(view.store.get('temp_admin_auth')).toBeNull();
  });

  // Issue 42, item 11: the spec's refusal stays, with who creates the accounts under it.
  it('« Créer un compte » is refused with the message of spec §5, then says who creates accounts and how, and signs nobody in', async () => {
    const view = renderShop('/admin');
    await view.user.type(await screen.findByLabelText('Adresse email', { selector: '#admin-email' }), 'nouvelle@exemple.fr');
    await view.user.type(screen.getByLabelText('Mot de passe'), 'un-mot-de-passe');
    await view.user.click(screen.getByRole('button', { name: 'Créer un compte' }));
    const refusal = await screen.findByText("Les inscriptions sont temporairement fermées. Contactez l'administrateur.");
    const status = refusal.closest('[role="status"]')!;
    expect(status).toBeTruthy();
    expect(status.textContent).toMatch(
      /^Les inscriptions sont temporairement fermées\. Contactez l'administrateur\.Les comptes de l’administration ne se créent pas depuis cette page\u00a0: c’est la personne qui installe la boutique qui les crée\./,
    );
    expect(status.textContent).toContain('docs/supabase.md');
    expect(status.textContent).toContain('VITE_ADMIN_EMAIL et VITE_ADMIN_PASSWORD_HASH');
    expect(screen.getByRole('heading', { name: 'Connexion administrateur' })).toBeTruthy();
    expect([view.store.get('temp_admin_auth'), view.store.get('temp_admin_email')]).toEqual([null, null]);
  });

  it('a field left blank is named, beside the form: « Identifiants incorrects » is for a wrong pair', async () => {
    const view = renderShop('/admin');
    await view.user.click(await screen.findByRole('button', { name: 'Se connecter' }));
    await act(() => view.clock.advanceAsync(500));
    expect((await screen.findByRole('alert')).textContent).toBe('L’adresse email et le mot de passe sont obligatoires.');
    await view.user.type(screen.getByLabelText('Adresse email', { selector: '#admin-email' }), TEST_ADMIN.email);
    await view.user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await act(() => view.clock.advanceAsync(500));
    expect(screen.getByRole('alert').textContent).toBe('Le mot de passe est obligatoire.');
    expect(view.store.get('temp_admin_auth')).toBeNull();
  });

  it('the footer names the admin area « Espace admin » until the admin signs in, then « Administration »', async () => {
    const view = renderShop('/admin');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Espace admin' })).toBeTruthy();
    await signIn(view, TEST_ADMIN.password);
    expect(await within(footer).findByRole('link', { name: 'Administration' })).toBeTruthy();
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: 'Administration' })).toBeNull();
  });

  it('the right pair opens the back office; sign-out returns to the form', async () => {
    const view = renderShop('/admin');
    await signIn(view, TEST_ADMIN.password);
    expect(await screen.findByRole('heading', { name: 'Tableau de bord', level: 1 })).toBeTruthy();
    expect(view.store.get('temp_admin_auth')).toBe('authenticated');

    await view.user.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    expect(await screen.findByRole('heading', { name: 'Connexion administrateur' })).toBeTruthy();
    expect(view.store.get('temp_admin_email')).toBeNull();
  });

  it('the right pair is greeted in a toast: « Connexion réussie », with the admin’s name', async () => {
    const view = renderShop('/admin');
    await signIn(view, TEST_ADMIN.password);
    const toast = await screen.findByTestId('toast');
    expect([toast.querySelector('.toast__title')?.textContent, toast.querySelector('.toast__description')?.textContent]).toEqual([
      'Connexion réussie',
      'Bienvenue, Administrateur.',
    ]);
  });
});
