import type { KeyValueStore } from '../../ports/key-value-store';
import type { Logger } from '../../ports/logger';
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

  constructor(store: KeyValueStore, logger: Logger) {
    this.state = new PersistedState({
      store,
      key: STORAGE_KEYS.cart,
      parse: lenientList(cart.cartItemSchema, 'cart line'),
      initial: EMPTY,
      logger,
    });
  }

  getSnapshot = (): readonly CartItem[] => this.state.get();

  subscribe = (listener: () => void): (() => void) => this.state.subscribe(listener);

  add(product: Product, quantity = 1): Result {
    return this.apply((items) => cart.addProduct(items, product, quantity));
  }

  setQuantity(id: string, quantity: number): Result {
    return this.apply((items) => cart.setQuantity(items, id, quantity));
  }

  remove(id: string): Result {
    return this.apply((items) => cart.removeItem(items, id));
  }

  clear(): Result {
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

  private apply(change: (items: readonly CartItem[]) => readonly CartItem[]): Result {
    return toResult(this.state.update(change));
  }
}

function toResult(outcome: UpdateOutcome): Result {
  return outcome.saved ? ok() : fail('storage-write-failed', MESSAGES.storageWriteFailed('panier'));
}
