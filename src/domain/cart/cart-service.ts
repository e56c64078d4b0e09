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

  add(product: Product, quantity = 1): Promise<Result> {
    return this.apply((items) => cart.addProduct(items, product, quantity));
  }

  setQuantity(id: string, quantity: number): Promise<Result> {
    return this.apply((items) => cart.setQuantity(items, id, quantity));
  }

  remove(id: string): Promise<Result> {
    return this.apply((items) => cart.removeItem(items, id));
  }

  clear(): Promise<Result> {
    return this.apply(() => EMPTY);
  }

  count(): number {
    return cart.itemCount(this.state.get());
  }

  subtotal(): number {
    return cart.subtotal(this.state.get());
  }

  dispose(): void {
    this.state.dispose();
  }

  /** The cart changes at once; the promise tells whether it was saved. */
  private async apply(change: (items: readonly CartItem[]) => readonly CartItem[]): Promise<Result> {
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
