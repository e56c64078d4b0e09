// Property tests (fast-check): whatever the order of the shopper's and the owner's operations,
// the cart and the favorites keep their rules. Each run applies a random sequence of operations
// to the real services (CartService, CartEditor, FavoritesService over the cross-tab state, in
// memory) and, after every step, compares them with a plain model and checks the invariants.
// A failure prints the counterexample (the operations) and its seed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CrossTabSharedStates } from '@/adapters/cross-tab/cross-tab-shared-states';
import { MemoryKeyValueStore } from '@/adapters/memory/memory-key-value-store';
import { addToCart } from '@/domain/cart/add-to-cart';
import { type CartEdit, CartEditor } from '@/domain/cart/cart-editor';
import { CartService } from '@/domain/cart/cart-service';
import type { CartItem } from '@/domain/cart/cart';
import type { CatalogueProduct } from '@/domain/catalogue/catalogue-product';
import { FavoritesService } from '@/domain/favorites/favorites-service';
import { MAX_QUANTITY_PER_PRODUCT } from '@/domain/order/order-constants';
import { FAKE_PRODUCTS, FakeCatalogue } from '../../fakes/fake-catalogue';
import { MemorySharedCommits } from '../../fakes/memory-shared-commits';
import { RecordingLogger } from '../../fakes/recording-logger';

/** Sequences per property: each run builds the services and applies up to 30 operations (about 1 s here). */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 60);

/** Four products; their prices in whole cents, their stocks drawn per run (0 = sold out). */
const PRODUCT_COUNT = 3;
const productIndex = fc.integer({ min: 0, max: PRODUCT_COUNT - 1 });
/** Whatever a field or a caller may pass: fractions, negatives, zero, huge, NaN, infinities. */
const anyQuantity = fc.oneof(
  fc.integer({ min: -3, max: 30 }),
  fc.double({ min: -5, max: 40, noNaN: true }),
  fc.constantFrom(Number.NaN, Infinity, -Infinity, 1e9),
);

type CartOp =
  | { op: 'add'; product: number; quantity: number }
  | { op: 'set'; product: number; quantity: number }
  | { op: 'remove'; product: number }
  | { op: 'undo' }
  | { op: 'restock'; product: number; stock: number };

const cartOp: fc.Arbitrary<CartOp> = fc.oneof(
  fc.record({ op: fc.constant('add' as const), product: productIndex, quantity: anyQuantity }),
  fc.record({ op: fc.constant('set' as const), product: productIndex, quantity: anyQuantity }),
  fc.record({ op: fc.constant('remove' as const), product: productIndex }),
  fc.record({ op: fc.constant('undo' as const) }),
  fc.record({ op: fc.constant('restock' as const), product: productIndex, stock: fc.integer({ min: 0, max: 25 }) }),
);

const catalogueOf = fc.tuple(
  fc.array(fc.integer({ min: 1, max: 99_999 }), { minLength: PRODUCT_COUNT, maxLength: PRODUCT_COUNT }),
  fc.array(fc.integer({ min: 0, max: 25 }), { minLength: PRODUCT_COUNT, maxLength: PRODUCT_COUNT }),
);

function products(cents: readonly number[], stocks: readonly number[]): CatalogueProduct[] {
  return cents.map((price, i) => ({
    ...FAKE_PRODUCTS[0]!,
    id: `p${i}`,
    slug: `p${i}`,
    name: `Produit ${i}`,
    price: price / 100,
    originalPrice: undefined,
    stock: stocks[i]!,
    inStock: stocks[i]! > 0,
  }));
}

/** What a line may hold of a product with this stock: the stock, and never more than one order carries. */
const limitOf = (stock: number) => Math.min(stock, MAX_QUANTITY_PER_PRODUCT);

function setup(catalogueProducts: CatalogueProduct[]) {
  const store = new MemoryKeyValueStore();
  const states = new CrossTabSharedStates(store, new MemorySharedCommits(), new RecordingLogger());
  const catalogue = new FakeCatalogue(catalogueProducts);
  const cart = new CartService(states);
  return { store, catalogue, cart, editor: new CartEditor(cart, catalogue), favorites: new FavoritesService(states) };
}

/** The model: each product's quantity in the cart, by the spec's rules (§4) and issue 10's stock. */
class CartModel {
  readonly lines = new Map<string, number>();
  private undoable: Map<string, number> | null = null;

  add(id: string, stock: number, quantity: number) {
    if (Number.isNaN(quantity) || quantity === Infinity) return;
    const next = Math.min((this.lines.get(id) ?? 0) + Math.max(1, Math.floor(quantity)), limitOf(stock));
    if (next >= 1) this.lines.set(id, next);
  }

  set(id: string, stock: number, quantity: number) {
    if (quantity <= 0) return this.remove(id);
    const held = this.lines.get(id);
    if (held === undefined || Number.isNaN(quantity)) return;
    const wanted = Math.min(quantity === Infinity ? held : Math.max(1, Math.floor(quantity)), limitOf(stock));
    if (wanted >= 1) this.lines.set(id, wanted);
  }

  remove(id: string) {
    this.undoable = new Map(this.lines);
    this.lines.delete(id);
  }

  /** The removed line comes back as it was, but never beyond what the catalogue now has. */
  undo(stockOf: (id: string) => number) {
    if (!this.undoable) return;
    for (const [id, quantity] of this.undoable) {
      if (!this.lines.has(id)) {
        const stock = stockOf(id);
        this.lines.set(id, stock > 0 ? Math.min(quantity, limitOf(stock)) : quantity);
      }
    }
  }

  /** The catalogue's new stock reaches the cart: a line above it comes down; a sold-out line keeps its quantity. */
  restock(id: string, stock: number) {
    const held = this.lines.get(id);
    if (held !== undefined && stock > 0) this.lines.set(id, Math.min(held, limitOf(stock)));
  }
}

function expectCartInvariants(
  items: readonly CartItem[],
  stored: readonly CartItem[],
  model: CartModel,
  stockOf: (id: string) => number,
  cents: Map<string, number>,
  subtotal: number,
) {
  expect(stored).toEqual(items);
  expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
  for (const item of items) {
    expect(Number.isInteger(item.quantity), `${item.id}: ${item.quantity}`).toBe(true);
    expect(item.quantity).toBeGreaterThanOrEqual(1);
    const stock = stockOf(item.id);
    // A sold-out product's line keeps its quantity, to be bought when it is back; it is not counted.
    expect(item.quantity).toBeLessThanOrEqual(stock > 0 ? limitOf(stock) : MAX_QUANTITY_PER_PRODUCT);
  }
  expect(Object.fromEntries(items.map((item) => [item.id, item.quantity]))).toEqual(Object.fromEntries(model.lines));
  const buyableCents = items.filter((item) => stockOf(item.id) > 0).reduce((sum, item) => sum + cents.get(item.id)! * item.quantity, 0);
  expect(Math.round(subtotal * 100)).toBe(buyableCents);
}

describe('the cart, whatever the order of operations (fast-check)', () => {
  it('keeps whole quantities, 1 ≤ quantity ≤ stock, one line per product, and a subtotal in cents equal to the sum of its lines', async () => {
    await fc.assert(
      fc.asyncProperty(catalogueOf, fc.array(cartOp, { maxLength: 30 }), async ([cents, stocks], ops) => {
        const catalogueProducts = products(cents, stocks);
        const { store, catalogue, cart, editor } = setup(catalogueProducts);
        await editor.refresh();
        const model = new CartModel();
        const stockOf = (id: string) => {
          const p = catalogue.products.find((product) => product.id === id)!;
          return p.inStock ? p.stock : 0;
        };
        const priceCents = new Map(catalogueProducts.map((p) => [p.id, Math.round(p.price * 100)]));
        let lastRemoval: CartEdit | null = null;
        for (const step of ops) {
          const id = step.op === 'undo' ? '' : `p${step.product}`;
          if (step.op === 'undo') {
            // « Annuler » of the last removal, once (its toast goes away with it).
            if (lastRemoval?.undo) {
              await lastRemoval.undo();
              model.undo(stockOf);
            }
            lastRemoval = null;
          } else if (step.op === 'add') {
            await addToCart(
              { cart },
              catalogue.products.find((p) => p.id === id)!,
              step.quantity,
            );
            model.add(id, stockOf(id), step.quantity);
          } else if (step.op === 'set') {
            const edit = editor.setQuantity(id, step.quantity);
            await edit.saved;
            if (edit.undo) lastRemoval = edit;
            model.set(id, stockOf(id), step.quantity);
          } else if (step.op === 'remove') {
            lastRemoval = editor.remove(id);
            await lastRemoval.saved;
            model.remove(id);
          } else {
            catalogue.change(id, { stock: step.stock, inStock: step.stock > 0 });
            await editor.refresh();
            model.restock(id, step.stock);
          }
          // The cart page asks the catalogue again whenever its products change (useCartReview):
          // the invariants hold for the cart it shows. « Annuler » is left to hold them by itself.
          if (step.op !== 'undo') await editor.refresh();
          await cart.whenSaved();
          const items = cart.getSnapshot();
          expectCartInvariants(items, JSON.parse(store.get('cart') ?? '[]') as CartItem[], model, stockOf, priceCents, editor.review(items).subtotal);
        }
        cart.dispose();
      }),
      { numRuns: RUNS },
    );
  });
});

describe('the favorites, whatever the order of operations (fast-check)', () => {
  it('hold each product once, exactly those added and not removed since', async () => {
    const favoriteOp = fc.record({ add: fc.boolean(), product: productIndex });
    await fc.assert(
      fc.asyncProperty(fc.array(favoriteOp, { maxLength: 40 }), async (ops) => {
        const { store, favorites } = setup(products([100, 200, 300], [1, 1, 1]));
        const model = new Set<string>();
        for (const { add, product } of ops) {
          const p = { ...FAKE_PRODUCTS[0]!, id: `p${product}` };
          const result = add ? await favorites.add(p) : await favorites.remove(p.id);
          expect(result.ok).toBe(true);
          if (add) model.add(p.id);
          else model.delete(p.id);
          await favorites.whenSaved();
          const ids = favorites.getSnapshot().map((item) => item.id);
          expect(new Set(ids).size).toBe(ids.length);
          expect(new Set(ids)).toEqual(model);
          expect(favorites.count()).toBe(model.size);
          expect((JSON.parse(store.get('favorites') ?? '[]') as { id: string }[]).map((item) => item.id)).toEqual(ids);
        }
        favorites.dispose();
      }),
      { numRuns: RUNS },
    );
  });
});
