// Issue 27, hostile storage, the whole shop: one nasty payload of each kind
// (tests/support/hostile-payloads.ts) under every key the shop reads at start-up, then the
// home, a product, the cart, favorites and the checkout drawn over it. Each page shows its
// heading, nothing is thrown or reported by React, and the bad values are logged. The thousand
// payloads per key run against the readers themselves (tests/unit/hostile/).
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { MemoryStorageArea } from '@/adapters/memory/memory-key-value-store';
import { toCartItem } from '@/domain/cart/cart';
import { STORAGE_KEYS } from '@/domain/storage-keys';
import { FAKE_PRODUCTS } from '../fakes/fake-catalogue';
import { SAMPLE_PAYLOADS } from '../support/hostile-payloads';
import { renderShop } from './render-shop';

const PAGES = [
  { path: '/', heading: 'Des objets simples pour la maison' },
  { path: `/produit/${FAKE_PRODUCTS[0]!.slug}`, heading: FAKE_PRODUCTS[0]!.name },
  { path: '/panier', heading: 'Votre panier' },
  { path: '/favoris', heading: 'Vos favoris' },
  { path: '/commande', heading: 'Commande' },
] as const;

let consoleError: MockInstance;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});
afterEach(() => consoleError.mockRestore());

function hostileArea(payload: string): MemoryStorageArea {
  const area = new MemoryStorageArea();
  for (const key of Object.values(STORAGE_KEYS)) area.data.set(key, payload);
  return area;
}

describe('the shop over hostile storage', () => {
  // Each payload opens the home and one other page (in turn), each page meeting two payloads:
  // the whole grid took 10 to 16 s a payload on a loaded machine.
  it.each(SAMPLE_PAYLOADS.map((payload, index) => [payload.slice(0, 40), payload, index] as const))(
    '%s… under every key: the pages show, the bad values logged',
    async (_label, payload, index) => {
      for (const { path, heading } of [PAGES[0], PAGES[1 + (index % (PAGES.length - 1))]!]) {
        const { logger } = renderShop(path, hostileArea(payload));
        expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
        expect(screen.getByTestId('cart-count').textContent).toBe('0');
        expect(logger.problems().length, `${path}: nothing logged`).toBeGreaterThan(0);
        cleanup();
      }
      expect(consoleError).not.toHaveBeenCalled();
    },
  );

  it('a cart of 3 good lines and 2 bad ones shows the 3, and says nothing of the others but in the log', async () => {
    const area = new MemoryStorageArea();
    const [a, b, c] = FAKE_PRODUCTS;
    const lines = [
      toCartItem(a!, 1),
      { ...toCartItem(b!, 1), quantity: '2' },
      toCartItem(b!, 2),
      { __proto__: { id: 'x' }, name: '\uD800' },
      toCartItem(c!, 1),
    ];
    area.data.set(STORAGE_KEYS.cart, JSON.stringify(lines));
    const { logger } = renderShop('/panier', area);
    const shown = await screen.findAllByTestId('cart-line');
    expect(shown.map((line) => line.querySelector('.cart-line__name')?.textContent)).toEqual([a!.name, b!.name, c!.name]);
    expect(screen.getByTestId('cart-count').textContent).toBe('4');
    expect(logger.problems().filter((message) => message.includes('cart line'))).toHaveLength(2);
  });
});
