import type { Catalogue } from '@/ports/catalogue';
import type { CatalogueProduct } from '../catalogue/catalogue-product';
import { lookUp } from '../catalogue/look-up-products';
import type { Result } from '../result';
import { withinStock, type CartAddition } from './add-to-cart';
import { itemCount, refreshItems, removeItems, restoreItems, setQuantity, subtotal, type CartItem } from './cart';
import type { CartService } from './cart-service';

/** `buyable`; `sold-out` (the catalogue has none left); `gone` (no longer sold); `unchecked` (the catalogue has not answered yet). */
type LineState = 'buyable' | 'sold-out' | 'gone' | 'unchecked';

export interface ReviewedLine {
  /** The line, with the catalogue's current name and price once it has answered. */
  item: CartItem;
  state: LineState;
  /** The catalogue's product (its page, its stock); null when gone or unchecked. */
  product: CatalogueProduct | null;
  /** The price the cart held when the catalogue's differed: it changed since the product was added. */
  previousPrice: number | null;
}

export interface CartReview {
  lines: readonly ReviewedLine[];
  /** Articles and subtotal of the lines that can be bought (an unchecked line is taken as it is stored). */
  count: number;
  subtotal: number;
}

/** A change, and for a removal the way to take it back (« Annuler »). */
export interface CartEdit {
  /** A quantity change tells whether the stock capped it. */
  saved: Promise<Result<CartAddition | undefined>>;
  undo?: () => Promise<Result>;
}

/**
 * What the cart page does to the cart, by the rules of spec §4 and issue 10: quantities within
 * the stock, the catalogue's current name and price, and removals that can be undone. Built over
 * the CartService (every change goes through its shared, pure-change state; the stock rule is
 * add-to-cart.ts's withinStock) and the catalogue the lines are checked against.
 */
export class CartEditor {
  /** What the catalogue said of each product it was asked about (null: not sold any more). */
  private readonly checked = new Map<string, CatalogueProduct | null>();
  private readonly previousPrices = new Map<string, number>();
  private version = 0;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly cart: CartService,
    private readonly catalogue: Catalogue,
  ) {}

  /** Changes when the catalogue's answer does (what `review` shows beside the cart's own changes). */
  getVersion = (): number => this.version;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Asks the catalogue about the cart's products; the stored lines then follow its answer. A
   * catalogue that cannot answer (offline) leaves the lines as stored, unchecked.
   */
  async refresh(): Promise<Result> {
    const ids = [...new Set(this.cart.getSnapshot().map((item) => item.id))];
    const products = await lookUp(this.catalogue, ids);
    return products.ok ? this.check(ids, products.value) : { ok: true, value: undefined };
  }

  /** The catalogue's answer about `ids` (`products`: those it sells); the stored lines follow it. */
  check(ids: readonly string[], products: readonly CatalogueProduct[]): Promise<Result> {
    const byId = new Map(products.map((product) => [product.id, product]));
    for (const id of ids) this.checked.set(id, byId.get(id) ?? null);
    for (const item of this.cart.getSnapshot()) {
      const product = byId.get(item.id);
      if (product && product.price !== item.price && !this.previousPrices.has(item.id)) this.previousPrices.set(item.id, item.price);
    }
    const known = new Map(this.checked);
    const saved = this.cart.edit((items) => refreshItems(items, known));
    this.version += 1;
    for (const listener of [...this.listeners]) listener();
    return saved;
  }

  review(items: readonly CartItem[]): CartReview {
    const lines = items.map((item): ReviewedLine => {
      const product = this.checked.get(item.id);
      const previous = this.previousPrices.get(item.id);
      return {
        item,
        state: product === undefined ? 'unchecked' : product === null ? 'gone' : availableOf(product) > 0 ? 'buyable' : 'sold-out',
        product: product ?? null,
        previousPrice: previous !== undefined && previous !== item.price ? previous : null,
      };
    });
    const buyable = lines.filter((line) => line.state === 'buyable' || line.state === 'unchecked').map((line) => line.item);
    return { lines, count: itemCount(buyable), subtotal: subtotal(buyable) };
  }

  /** Spec §4 (0 or less removes the line, and can be undone); never more than the catalogue's stock. */
  setQuantity(id: string, quantity: number): CartEdit {
    if (quantity <= 0) return this.remove(id);
    const product = this.checked.get(id);
    const stock = product ? availableOf(product) : Infinity;
    const held = this.cart.getSnapshot().find((item) => item.id === id)?.quantity ?? 0;
    const saved = this.cart.edit((items) => setQuantity(items, id, quantity, stock));
    return { saved: saved.then((result) => withinStock(result, product?.name ?? '', stock, held, quantity)) };
  }

  remove(id: string): CartEdit {
    return this.removal(new Set([id]));
  }

  /** « Vider le panier »: every line the shopper sees goes, and can come back. */
  clear(): CartEdit {
    return this.removal(new Set(this.cart.getSnapshot().map((item) => item.id)));
  }

  private removal(ids: ReadonlySet<string>): CartEdit {
    const before = this.cart.getSnapshot();
    return {
      saved: this.cart.edit((items) => removeItems(items, ids)),
      undo: async () => {
        const saved = await this.cart.edit((items) => restoreItems(items, before, ids));
        if (!saved.ok) return saved;
        // The catalogue may have changed since the removal (a stock lowered, the product sold
        // out): the lines come back within what it says now, and are counted as it says.
        const checked = await this.refresh();
        return checked.ok ? saved : checked;
      },
    };
  }
}

function availableOf(product: CatalogueProduct): number {
  return product.inStock ? product.stock : 0;
}
