import { describe, expect, it } from 'vitest';
import { addToCart } from '@/domain/cart/add-to-cart';
import { CartService } from '@/domain/cart/cart-service';
import { MESSAGES } from '@/domain/messages';
import { MemorySharedStates } from '../../../fakes/memory-shared-states';
import { BOL, CARNET, PLAID } from '../fixtures';

// The use case on an in-memory cart: its answers (the stock rule itself, and the cart shared by
// tabs and saved under `cart`, are tested over the real engine in cart-service and cart-stock-and-undo).

function setup() {
  const states = new MemorySharedStates();
  const cart = new CartService(states);
  const quantities = () => cart.getSnapshot().map((item) => [item.id, item.quantity]);
  return { states, cart, quantities };
}

describe('addToCart', () => {
  it('adds the quantity asked for and says nothing was capped', async () => {
    const { cart, quantities } = setup();
    expect(await addToCart({ cart }, BOL, 2)).toEqual({ ok: true, value: { capped: false } });
    expect(await addToCart({ cart }, CARNET)).toEqual({ ok: true, value: { capped: false } });
    expect(quantities()).toEqual([
      [BOL.id, 2],
      [CARNET.id, 1],
    ]);
  });

  it('beyond the stock, adds what is left and names the stock; with nothing left, refuses with `stock-limit`', async () => {
    const { cart, quantities } = setup();
    const three = { ...CARNET, stock: 3 };
    expect(await addToCart({ cart }, three, 5)).toEqual({ ok: true, value: { capped: true }, message: MESSAGES.stockLimit(CARNET.name, 3) });
    expect(await addToCart({ cart }, three)).toEqual({ ok: false, error: { code: 'stock-limit', message: MESSAGES.stockLimit(CARNET.name, 3) } });
    expect(quantities()).toEqual([[CARNET.id, 3]]);
  });

  it('a sold-out product is refused, and the cart does not change', async () => {
    const { cart, quantities } = setup();
    expect(await addToCart({ cart }, PLAID)).toEqual({ ok: false, error: { code: 'stock-limit', message: MESSAGES.soldOut(PLAID.name) } });
    expect(quantities()).toEqual([]);
  });

  it('a cart that could not be saved answers `storage-write-failed`, and keeps the product for this page', async () => {
    const { states, cart, quantities } = setup();
    states.refuseWrites = true;
    expect(await addToCart({ cart }, BOL)).toEqual({ ok: false, error: { code: 'storage-write-failed', message: MESSAGES.storageWriteFailed('panier') } });
    expect(quantities()).toEqual([[BOL.id, 1]]);
  });
});
