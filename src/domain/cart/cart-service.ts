import type { SharedState, SharedStates, UpdateOutcome } from '@/ports/shared-state';
import { MESSAGES } from '../messages';
import type { Product } from '../product';
import { fail, ok, type Result } from '../result';
import { STORAGE_KEYS } from '../storage-keys';
import { lenientList } from '../stored-list';
import { addProduct, itemCount, stockOf, type CartItem } from './cart';
import { cartItemSchema } from './cart-schema';

const EMPTY: readonly CartItem[] = [];

/** The shopper's cart: local-first, saved under `cart` on every change, shared by all tabs. */
export class CartService {
  private readonly state: SharedState<readonly CartItem[]>;

  constructor(states: SharedStates) {
    this.state = states.open({ key: STORAGE_KEYS.cart, parse: lenientList(cartItemSchema, 'cart line'), initial: EMPTY });
  }

  getSnapshot = (): readonly CartItem[] => this.state.get();

  subscribe = (listener: () => void): (() => void) => this.state.subscribe(listener);

  /**
   * Adds `quantity` of `product`, never beyond its stock (issue 10): what the stock cannot give is
   * left out, and the answer names the stock (a failure when nothing could be added).
   */
  add(product: Product, quantity = 1): Promise<Result> {
    const stock = stockOf(product);
    const held = this.quantityOf(product.id);
    const saved = this.edit((items) => addProduct(items, product, quantity, stock));
    return this.withinStock(saved, product.name, stock, held, held + Math.floor(quantity));
  }

  count(): number {
    return itemCount(this.state.get());
  }

  dispose(): void {
    this.state.dispose();
  }

  /**
   * Applies a change of the cart's rules (./cart-editor.ts, the cart page's): it shows at
   * once, the promise tells whether it was saved. `change` must be pure: it is applied again on
   * top of another tab's newer commit (see SharedState.update).
   */
  async edit(change: (items: readonly CartItem[]) => readonly CartItem[]): Promise<Result> {
    return toResult(await this.state.update(change));
  }

  private quantityOf(id: string): number {
    return this.state.get().find((item) => item.id === id)?.quantity ?? 0;
  }

  /**
   * A change's answer once the stock has capped it (`wanted` beyond `stock`, `held` before): the
   * message names the stock, and it is a failure when the cart could not change.
   */
  async withinStock(saved: Promise<Result>, name: string, stock: number, held: number, wanted: number): Promise<Result> {
    const result = await saved;
    if (!result.ok || !(wanted > stock)) return result;
    const message = stock < 1 ? MESSAGES.soldOut(name) : MESSAGES.stockLimit(name, stock);
    return held < stock ? ok(undefined, message) : fail('stock-limit', message);
  }

  /** Resolves once every change is committed or has failed. */
  whenSaved(): Promise<void> {
    return this.state.whenIdle();
  }

  /** The page is closing: changes not yet committed are written to storage at once. */
  flushBeforeUnload(): void {
    this.state.flushBeforeUnload();
  }
}

function toResult(outcome: UpdateOutcome): Result {
  return outcome.saved ? ok() : fail('storage-write-failed', MESSAGES.storageWriteFailed('panier'));
}
