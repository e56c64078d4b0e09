import type { SharedState, SharedStates } from '@/ports/shared-state';
import { MESSAGES } from '../messages';
import { productSchema, toStoredProduct, type Product } from '../product';
import { fail, ok, type Result } from '../result';
import { STORAGE_KEYS } from '../storage-keys';
import { lenientList } from '../stored-list';

const EMPTY: readonly Product[] = [];

/** The shopper's favorites (spec §3, §4): loaded at start, saved under `favorites` on every change. */
export class FavoritesService {
  private readonly state: SharedState<readonly Product[]>;

  constructor(states: SharedStates) {
    this.state = states.open({ key: STORAGE_KEYS.favorites, parse: lenientList(productSchema, 'favorite'), initial: EMPTY });
  }

  getSnapshot = (): readonly Product[] => this.state.get();

  subscribe = (listener: () => void): (() => void) => this.state.subscribe(listener);

  /** Ignored (and still a success) when the product is already a favorite. */
  add(product: Product): Promise<Result> {
    return this.apply((items) => (items.some((item) => item.id === product.id) ? items : [...items, toStoredProduct(product)]));
  }

  remove(id: string): Promise<Result> {
    return this.apply((items) => (items.some((item) => item.id === id) ? items.filter((item) => item.id !== id) : items));
  }

  isFavorite(id: string): boolean {
    return this.state.get().some((item) => item.id === id);
  }

  count(): number {
    return this.state.get().length;
  }

  dispose(): void {
    this.state.dispose();
  }

  /** Resolves once every change is committed or has failed. */
  whenSaved(): Promise<void> {
    return this.state.whenIdle();
  }

  /** The page is closing: changes not yet committed are written to storage at once. */
  flushBeforeUnload(): void {
    this.state.flushBeforeUnload();
  }

  /** The favorites change at once; the promise tells whether they were saved. */
  private async apply(change: (items: readonly Product[]) => readonly Product[]): Promise<Result> {
    const outcome = await this.state.update(change);
    return outcome.ok ? ok() : fail('storage-write-failed', MESSAGES.storageWriteFailed('favoris'));
  }
}
