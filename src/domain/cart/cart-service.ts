import type { StorageWrite } from '@/ports/key-value-store';
import type { SharedState, SharedStates } from '@/ports/shared-state';
import { MESSAGES } from '../messages';
import { fail, ok, type Result } from '../result';
import { STORAGE_KEYS } from '../storage-keys';
import { lenientList } from '../stored-list';
import { itemCount, type CartItem } from './cart';
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

  count(): number {
    return itemCount(this.state.get());
  }

  dispose(): void {
    this.state.dispose();
  }

  /**
   * Applies a change of the cart's rules (./add-to-cart.ts, ./cart-editor.ts): it shows at
   * once, the promise tells whether it was saved. `change` must be pure: it is applied again on
   * top of another tab's newer commit (see SharedState.update).
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

function toResult(outcome: StorageWrite): Result {
  return outcome.ok ? ok() : fail('storage-write-failed', MESSAGES.storageWriteFailed('panier'));
}
