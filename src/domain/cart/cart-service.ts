import type { KeyValueStore } from '../../ports/key-value-store';
import type { Logger } from '../../ports/logger';
import type { SharedCommits } from '../../ports/shared-commits';
import { MESSAGES } from '../messages';
import { lenientList, PersistedState, type UpdateOutcome } from '../persisted-state';
import type { Product } from '../product';
import { fail, ok, type Result } from '../result';
import { STORAGE_KEYS } from '../storage-keys';
import * as cart from './cart';
import type { CartItem } from './cart';

const EMPTY: readonly CartItem[] = [];

/** The shopper's cart: local-first, saved under `cart` on every change, shared by all tabs. */
export class CartService {
  private readonly state: PersistedState<readonly CartItem[]>;

  constructor(store: KeyValueStore, commits: SharedCommits, logger: Logger) {
    this.state = new PersistedState({
      store,
      commits,
      key: STORAGE_KEYS.cart,
      parse: lenientList(cart.cartItemSchema, 'cart line'),
      initial: EMPTY,
      logger,
    });
  }

  getSnapshot = (): readonly CartItem[] => this.state.get();

  subscribe = (listener: () => void): (() => void) => this.state.subscribe(listener);

  /**
   * Adds `quantity` of `product`, never beyond its stock (issue 10): what the stock cannot give is
   * left out and the answer names the stock, a failure when nothing could be added.
   */
  add(product: Product, quantity = 1): Promise<Result> {
    const stock = cart.stockOf(product);
    const held = this.state.get().find((item) => item.id === product.id)?.quantity ?? 0;
    const saved = this.edit((items) => cart.addProduct(items, product, quantity, stock));
    if (held + (cart.wholeQuantity(quantity) ?? 0) <= stock) return saved;
    const message = stock < 1 ? MESSAGES.soldOut(product.name) : MESSAGES.stockLimit(product.name, stock);
    return saved.then((result) => (!result.ok ? result : held < stock ? ok(undefined, message) : fail('stock-limit', message)));
  }

  count(): number {
    return cart.itemCount(this.state.get());
  }

  dispose(): void {
    this.state.dispose();
  }

  /**
   * Applies a change of the cart's rules (./cart-editor.ts, loaded with the cart page): it shows at
   * once, the promise tells whether it was saved. `change` must be pure: it is applied again on
   * top of another tab's newer commit (see PersistedState.update).
   */
  async edit(change: (items: readonly CartItem[]) => readonly CartItem[]): Promise<Result> {
    return toResult(await this.state.update(change));
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
