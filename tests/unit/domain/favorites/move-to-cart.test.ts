import { describe, expect, it } from 'vitest';
import { CartService } from '@/domain/cart/cart-service';
import { FavoritesService } from '@/domain/favorites/favorites-service';
import { moveToCart } from '@/domain/favorites/move-to-cart';
import { MESSAGES } from '@/domain/messages';
import { fail, type Result } from '@/domain/result';
import { MemorySharedStates } from '../../../fakes/memory-shared-states';
import { BOL, PLAID } from '../fixtures';

function setup() {
  const states = new MemorySharedStates();
  const cart = new CartService(states);
  const favorites = new FavoritesService(states);
  const ids = () => [cart.getSnapshot().map((item) => item.id), favorites.getSnapshot().map((product) => product.id)];
  return { states, cart, favorites, ids };
}

describe('moveToCart (« Déplacer dans le panier »)', () => {
  it('puts the product in the cart, then takes it out of the favorites', async () => {
    const { cart, favorites, ids } = setup();
    await favorites.add(BOL);
    expect(await moveToCart({ cart, favorites }, BOL)).toEqual({ ok: true, value: { capped: false } });
    expect(ids()).toEqual([[BOL.id], []]);
  });

  it('a product the cart refuses (sold out) stays a favorite, and the cart’s answer is the answer', async () => {
    const { cart, favorites, ids } = setup();
    await favorites.add(PLAID);
    expect(await moveToCart({ cart, favorites }, PLAID)).toEqual({ ok: false, error: { code: 'stock-limit', message: MESSAGES.soldOut(PLAID.name) } });
    expect(ids()).toEqual([[], [PLAID.id]]);
  });

  it('favorites that could not be saved answer with their own failure', async () => {
    const { cart, ids } = setup();
    const refused = fail('storage-write-failed', MESSAGES.storageWriteFailed('favoris'));
    const favorites = { remove: async (): Promise<Result> => refused };
    expect(await moveToCart({ cart, favorites }, BOL)).toEqual(refused);
    expect(ids()[0]).toEqual([BOL.id]);
  });
});
