import { act, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { MemoryStorageArea } from '@/adapters/memory/memory-key-value-store';
import { TEST_ADMIN } from '../fakes/fake-admin-auth-gateway';
import { renderShop } from './render-shop';

export type ShopView = ReturnType<typeof renderShop>;

/**
 * The shop at `path` with the admin already signed in (the two entries of spec §4, as a reload
 * finds them); `prepare` may replace an adapter first (renderShop).
 */
export function renderAsAdmin(path: string, prepare?: Parameters<typeof renderShop>[2]) {
  const area = new MemoryStorageArea();
  area.data.set('temp_admin_auth', 'authenticated');
  area.data.set('temp_admin_email', TEST_ADMIN.email);
  return renderShop(path, area, prepare);
}

/** Fills the sign-in form and waits out its 500 ms (fake clock). */
export async function signInThroughForm(view: ShopView, password: string = TEST_ADMIN.password) {
  const { user, clock } = view;
  await user.type(await screen.findByLabelText('Adresse email', { selector: '#admin-email' }), TEST_ADMIN.email);
  await user.type(screen.getByLabelText('Mot de passe'), password);
  await user.click(screen.getByRole('button', { name: 'Se connecter' }));
  expect(screen.getByRole('button', { name: 'Connexion…' })).toHaveProperty('disabled', true);
  await act(() => clock.advanceAsync(500));
}

export const pathOf = (view: ShopView) => `${view.router.state.location.pathname}${view.router.state.location.search}`;
