import * as v from 'valibot';
import type { KeyValueStore } from '@/ports/key-value-store';
import type { Logger } from '@/ports/logger';
import { compareNewestFirst } from './order-lookup';
import { STORAGE_KEYS } from '../storage-keys';
import { lenientList } from '../stored-list';

/**
 * The storage entry that lists the orders placed from this device: each one's number and the
 * secret that reads it back (OrderRepository.get, listMine), oldest first. Both adapters of the
 * OrderRepository keep it, so « Mes commandes » works the same on either backend.
 */

export interface PlacedOrderRef {
  number: string;
  secret: string;
}

const refSchema = v.object({ number: v.pipe(v.string(), v.minLength(1)), secret: v.pipe(v.string(), v.minLength(1)) });
/** Every valid reference of the list, each invalid one logged and dropped; throws for anything but a list. */
const parseRefs = lenientList(refSchema, `"${STORAGE_KEYS.placedOrders}" item`);

/**
 * The device's orders over the KeyValueStore port. A missing or unreadable entry reads as no
 * order (logged, never thrown: the shop goes on); an invalid item is dropped, the others kept.
 */
export class PlacedOrders {
  constructor(
    private readonly store: KeyValueStore,
    private readonly logger: Logger,
  ) {}

  /** Every order placed here, newest first (by number: one increasing sequence). */
  list(): readonly PlacedOrderRef[] {
    const refs = this.read();
    return [...refs].sort((a, b) => compareNewestFirst(a, b));
  }

  /** The secret this device keeps for `number`, if it placed it. */
  secretOf(number: string): string | null {
    return this.read().find((ref) => ref.number === number)?.secret ?? null;
  }

  /** Remembers an order placed here; false when the storage refused it (logged). */
  remember(ref: PlacedOrderRef): boolean {
    const refs = this.read().filter((known) => known.number !== ref.number);
    const written = this.store.set(STORAGE_KEYS.placedOrders, JSON.stringify([...refs, { number: ref.number, secret: ref.secret }]));
    if (!written.ok) this.logger.error(`Order ${ref.number} is saved, but this device could not remember it`, written.error);
    return written.ok;
  }

  private read(): readonly PlacedOrderRef[] {
    const text = this.store.get(STORAGE_KEYS.placedOrders);
    if (text === null) return [];
    try {
      return parseRefs(JSON.parse(text), this.logger);
    } catch (error) {
      this.logger.warn(`Unreadable "${STORAGE_KEYS.placedOrders}" ignored: no order is listed as placed here`, error);
      return [];
    }
  }
}
