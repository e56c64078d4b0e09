import type { CatalogueProduct } from '@/domain/catalogue/catalogue-product';
import { DEFAULT_PRODUCT_IMAGE } from '@/domain/constants';
import { MESSAGES } from '@/domain/messages';
import { createOrder, orderSizeRefusal, stockTaken, type Order, type OrderableProduct, type PlaceOrderRequest } from '@/domain/order/order';
import { ORDER_LOOKUP_MESSAGES, newestFirst } from '@/domain/order/order-lookup';
import { orderNumberAt } from '@/domain/order/order-number';
import type { ProviderOutcome } from '@/domain/order/payment';
import { checkStatusChange, givesStockBack, isHandedOver, statusOnItsPath, type OrderStatus, type StatusActor } from '@/domain/order/order-status';
import type { PlacedOrders } from '@/domain/order/placed-orders';
import { vatByRate } from '@/domain/order/order-totals';
import { orderMail, placementMails, STATUS_MAILS, type OrderMailKind } from '@/domain/order/order-mails';
import { withdrawalAcknowledgementMail } from '@/domain/order/withdrawal-acknowledgement';
import { advanceWithdrawal, checkWithdrawalChange, type Withdrawal, type WithdrawalStatus, type WithdrawnLine } from '@/domain/order/withdrawal';
import { unitsStillTaken, withdrawOrder } from '@/domain/order/withdrawn-order';
import { fail, ok, type Result } from '@/domain/result';
import { isVatRate, STANDARD_VAT_RATE } from '@/domain/vat-rate';
import type { CatalogueChange } from '@/ports/catalogue-changes';
import type { Clock } from '@/ports/clock';
import type { IdGenerator } from '@/ports/id-generator';
import type { Logger } from '@/ports/logger';
import type { Mailer } from '@/ports/mailer';
import type { OrderChange } from '@/ports/order-changes';
import type { OrderFilter, OrderRepository } from '@/ports/order-repository';
import type { StoredOrder } from '../indexeddb/local-shop-database';
import type { LocalOrderStore, OrderWrites } from './local-order-store';
import { applyEdits, type ResolveImages } from '../catalogue-edits/edited-catalogue';
import type { DemoData } from '../demo-catalogue/demo-catalogue';

export interface LocalOrderRepositoryOptions {
  /** The back office's edits database: the stock orders take from is the catalogue's. */
  store: LocalOrderStore;
  /** The shipped demo catalogue, before any edit. */
  shipped: () => Promise<DemoData>;
  clock: Clock;
  /** Each order's secret. */
  ids: IdGenerator;
  /** The orders placed from this device (their numbers and secrets). */
  placed: PlacedOrders;
  /** Whether the page is signed in to the back office (the admin session). */
  isAdmin: () => boolean;
  /** Tells the open pages that a product's stock changed (CatalogueChanges). */
  announce: (change: CatalogueChange) => void;
  /** Tells the back office's open pages that an order was placed or moved (OrderChanges). */
  announceOrder?: (change: OrderChange) => void;
  /** Notes on the device that the demo catalogue changed (the stock), so the storefront reads the new stock. */
  markCatalogueChanged: () => void;
  logger: Logger;
  /** Sends the order's mails and the withdrawal's acknowledgement (the console mailer locally). */
  mailer: Mailer;
  /** The shop's public address, which every link of an order's mail starts with (SITE_URL). */
  siteUrl: string;
  /**
   * Turns a line's stored picture into one a page can show (an uploaded picture's
   * `local-picture:<id>` into an object URL, as the catalogue shows it); the order keeps the address.
   */
  resolveImages?: ResolveImages;
}

/**
 * Units back to the stock (product id → how many), written in the caller's transaction; a product
 * deleted since has nothing to take them back. Answers the products whose stock changed.
 */
async function giveBack(units: ReadonlyMap<string, number>, products: readonly CatalogueProduct[], writes: OrderWrites): Promise<string[]> {
  const byId = new Map(products.map((product) => [product.id, product]));
  const restocked: string[] = [];
  for (const [id, quantity] of units) {
    const product = byId.get(id);
    if (!product) continue;
    const stock = product.stock + quantity;
    await writes.putProduct({ ...product, images: [...product.images], tags: [...product.tags], stock, inStock: stock > 0 });
    restocked.push(id);
  }
  return restocked;
}

const notFound = () => fail('not-found', ORDER_LOOKUP_MESSAGES.notFound);
const notAdmin = () => fail('not-admin', MESSAGES.notAdmin);

/**
 * An order as kept, without its secret. One kept before the recipient's name moved to the contact
 * and relay points were chosen (its name in `address`, no `relayPoint`) is read in today's shape;
 * one kept before statuses went by path, with its path's status (statusOnItsPath).
 */
function withoutSecret({ secret: _secret, ...stored }: StoredOrder): Order {
  // Kept before withdrawals: not delivered as far as the device knows, never withdrawn from; kept
  // with one withdrawal at most (`withdrawal`): that one, the first, after delivery.
  const { withdrawal: single, ...rest } = stored as StoredOrder & { withdrawal?: Omit<Withdrawal, 'number' | 'beforeShipping'> | null };
  const withdrawals = stored.withdrawals ?? (single ? [{ ...single, number: 1, beforeShipping: false }] : []);
  const order = { ...rest, status: statusOnItsPath(stored), deliveredAt: stored.deliveredAt ?? null, withdrawals };
  const kept = order as Order & { address: (Order['address'] & { name?: string }) | null };
  if (kept.contact.name !== undefined && kept.relayPoint !== undefined) return order;
  const { name, ...address } = kept.address ?? {};
  return {
    ...order,
    contact: { ...order.contact, name: order.contact.name ?? name ?? '' },
    address: kept.address === null ? null : (address as Order['address']),
    relayPoint: order.relayPoint ?? null,
  };
}

/**
 * An order saved before VAT rates existed: its lines were charged and shown at the standard rate,
 * and its VAT per rate is computed from them. A newer order is as saved.
 */
function withRates(order: Order): Order {
  if (order.totals.vatByRate !== undefined && order.lines.every((line) => isVatRate(line.vatRate))) return order;
  const lines = order.lines.map((line) => (isVatRate(line.vatRate) ? line : { ...line, vatRate: STANDARD_VAT_RATE }));
  const byRate = vatByRate(lines, order.totals.deliveryCents);
  return { ...order, lines, totals: { ...order.totals, vatByRate: byRate, vatIncludedCents: byRate.reduce((sum, rate) => sum + rate.vatCents, 0) } };
}

function orderable(product: CatalogueProduct): OrderableProduct {
  return {
    id: product.id,
    name: product.name,
    price: product.price,
    images: product.images,
    inStock: product.inStock,
    stock: product.stock,
    vatRate: product.vatRate,
  };
}

/**
 * Orders kept on this device, in the back office's IndexedDB database: placing one reads the
 * catalogue as it stands (the demo data with every edit, other tabs' orders included), checks
 * and prices it with the domain (createOrder), then takes the stock, gives the next number and
 * saves the order in one readwrite transaction, which the browser runs after or before every
 * other tab's, never between. The order starts as the domain's initialStatus says (a card order
 * « en attente de paiement »); the local payment provider's stand-in moves it on (recordProviderOutcome).
 */
export class LocalOrderRepository implements OrderRepository {
  constructor(private readonly options: LocalOrderRepositoryOptions) {}

  async place(request: PlaceOrderRequest): Promise<Result<Order>> {
    const { store, clock, ids, logger } = this.options;
    // The same caps as place_order() on Supabase.
    const tooLarge = orderSizeRefusal(request.lines);
    if (tooLarge) return tooLarge;
    // Read before the transaction opens: IndexedDB commits a transaction left waiting.
    const shipped = await this.options.shipped();
    const secret = ids.next();
    let placed: Result<Order>;
    try {
      placed = await store.write(async (edits, writes) => {
        const catalogue = applyEdits(shipped, edits);
        const byId = new Map(catalogue.products.map((product) => [product.id, product]));
        const products = new Map(
          request.lines.map((line) => {
            const product = byId.get(line.productId);
            return [line.productId, product ? orderable(product) : null] as const;
          }),
        );
        const sequence = (await writes.lastSequence()) + 1;
        const now = clock.now();
        const created = createOrder(request, products, { number: orderNumberAt(now, sequence), placedAt: new Date(now).toISOString() });
        if (!created.ok) return created;
        for (const [id, quantity] of stockTaken(created.value)) {
          const product = byId.get(id)!;
          const stock = product.stock - quantity;
          await writes.putProduct({ ...product, images: [...product.images], tags: [...product.tags], stock, inStock: stock > 0 });
        }
        await writes.putOrder({ ...created.value, secret }, sequence);
        return created;
      });
    } catch (error) {
      logger.error('Order not placed: IndexedDB refused the transaction', error);
      return fail('storage-write-failed', ORDER_LOOKUP_MESSAGES.notSaved);
    }
    if (!placed.ok) return placed;
    const order = placed.value;
    this.options.markCatalogueChanged();
    for (const productId of stockTaken(order).keys()) this.options.announce({ productId, kind: 'saved' });
    this.options.announceOrder?.({ number: order.number, kind: 'placed' });
    this.mailLater(placementMails(order), order);
    const remembered = this.options.placed.remember({ number: order.number, secret });
    const shown = await this.shown(order);
    return remembered ? ok(shown) : ok(shown, ORDER_LOOKUP_MESSAGES.notRemembered(order.number));
  }

  async get(number: string, secret?: string): Promise<Result<Order>> {
    const key = secret ?? this.options.placed.secretOf(number);
    const order = await this.read(() => this.options.store.readOrder(number));
    if (!order.ok) return order;
    const found = order.value;
    if (!found || (found.secret !== key && !this.options.isAdmin())) return notFound();
    return ok(await this.shown(withoutSecret(found)));
  }

  async listMine(): Promise<Result<readonly Order[]>> {
    const refs = this.options.placed.list();
    if (refs.length === 0) return ok([]);
    const all = await this.read(() => this.options.store.readOrders());
    if (!all.ok) return all;
    const byNumber = new Map(all.value.map((order) => [order.number, order]));
    const mine = refs.flatMap((ref) => {
      const order = byNumber.get(ref.number);
      return order && order.secret === ref.secret ? [withoutSecret(order)] : [];
    });
    return ok(await Promise.all(newestFirst(mine).map((order) => this.shown(order))));
  }

  async listAll(filter: OrderFilter): Promise<Result<readonly Order[]>> {
    if (!this.options.isAdmin()) return notAdmin();
    const all = await this.read(() => this.options.store.readOrders());
    if (!all.ok) return all;
    const chosen = all.value.filter(
      (order) => (filter.status === undefined || order.status === filter.status) && (!filter.withdrawn || withoutSecret(order).withdrawals.length > 0),
    );
    return ok(await Promise.all(newestFirst(chosen.map(withoutSecret)).map((order) => this.shown(order))));
  }

  async changeStatus(number: string, status: OrderStatus): Promise<Result<Order>> {
    if (!this.options.isAdmin()) return notAdmin();
    return this.move(number, status, 'owner');
  }

  /**
   * The local payment provider's step (src/adapters/local-payment): the payment confirmed
   * (« payée », with the provider's reference and the card's last 4 digits) or given up
   * (« annulée », the stock back). Not on the OrderRepository port: on Supabase only the
   * provider's webhook, server-side, takes these steps.
   */
  async recordProviderOutcome(number: string, outcome: ProviderOutcome): Promise<Result<Order>> {
    return this.move(number, outcome.to, 'provider', (order) =>
      outcome.to === 'payee' && order.payment.method === 'carte' ? { payment: { method: 'carte', ...outcome.payment } } : {},
    );
  }

  private async move(number: string, status: OrderStatus, by: StatusActor, change: (order: Order) => Partial<Order> = () => ({})): Promise<Result<Order>> {
    // Read before the transaction opens: IndexedDB commits a transaction left waiting.
    const shipped = givesStockBack(status) ? await this.options.shipped() : null;
    let changed: { result: Result<Order>; restocked: string[] };
    try {
      changed = await this.options.store.write(async (edits, writes) => {
        const order = await writes.order(number);
        if (!order) return { result: notFound(), restocked: [] };
        // The change comes checked (the changeOrderStatus use case) against the order as it was
        // read; the store, as the database does, refuses it if another tab changed the order
        // meanwhile, so a cancellation never gives its stock back twice.
        const allowed = checkStatusChange({ ...order, status: statusOnItsPath(order) }, status, by);
        if (!allowed.ok) return { result: allowed, restocked: [] };
        // Handed over (delivered, or collected at the shop): the withdrawal period runs from now.
        const deliveredAt = isHandedOver(status) ? new Date(this.options.clock.now()).toISOString() : (order.deliveredAt ?? null);
        const kept = withoutSecret(order);
        const result = ok({ ...kept, ...change(kept), status, deliveredAt });
        await writes.replaceOrder({ ...result.value, secret: order.secret });
        // Cancelled before it left: its units go back to the stock, in the same transaction
        // (a product deleted since has nothing to take them back).
        const restocked = shipped ? await giveBack(unitsStillTaken(result.value), applyEdits(shipped, edits).products, writes) : [];
        return { result, restocked };
      });
    } catch (error) {
      this.options.logger.error(`Order ${number}: IndexedDB refused the status change`, error);
      return fail('storage-write-failed', ORDER_LOOKUP_MESSAGES.statusNotSaved);
    }
    const { result, restocked } = changed;
    if (restocked.length > 0) {
      this.options.markCatalogueChanged();
      for (const productId of restocked) this.options.announce({ productId, kind: 'saved' });
    }
    if (!result.ok) return result;
    this.options.announceOrder?.({ number, kind: 'status-changed' });
    this.mailLater(STATUS_MAILS[status] ?? [], result.value);
    return ok(await this.shown(result.value));
  }

  async withdraw(number: string, lines: readonly WithdrawnLine[], secret?: string): Promise<Result<Order>> {
    const key = secret ?? this.options.placed.secretOf(number);
    // Read before the transaction opens: IndexedDB commits a transaction left waiting.
    const shipped = await this.options.shipped();
    let saved: { result: Result<Order>; withdrawal?: Withdrawal; restocked: string[] };
    try {
      saved = await this.options.store.write(async (edits, writes) => {
        const stored = await writes.order(number);
        if (!stored || stored.secret !== key) return { result: notFound(), restocked: [] };
        // Checked again inside the transaction, as the database does: another tab may have withdrawn meanwhile.
        const withdrawn = withdrawOrder(withoutSecret(stored), lines, this.options.clock.now());
        if (!withdrawn.ok) return { result: withdrawn, restocked: [] };
        const { order, withdrawal, restock } = withdrawn.value;
        await writes.replaceOrder({ ...order, secret: stored.secret });
        // Cancelled before shipping: the units go back to the stock in the same transaction.
        const restocked = await giveBack(restock, applyEdits(shipped, edits).products, writes);
        return { result: ok(order), withdrawal, restocked };
      });
    } catch (error) {
      this.options.logger.error(`Order ${number}: IndexedDB refused the withdrawal`, error);
      return fail('storage-write-failed', ORDER_LOOKUP_MESSAGES.withdrawalNotSaved);
    }
    const { result, withdrawal, restocked } = saved;
    if (restocked.length > 0) {
      this.options.markCatalogueChanged();
      for (const productId of restocked) this.options.announce({ productId, kind: 'saved' });
    }
    if (!result.ok) return result;
    this.options.announceOrder?.({ number, kind: 'status-changed' });
    const order = await this.shown(result.value);
    this.mailLater(['retractation-recue'], order);
    try {
      await this.options.mailer.send(withdrawalAcknowledgementMail(order, withdrawal!));
      return ok(order);
    } catch (error) {
      this.options.logger.error(`Order ${number}: the withdrawal's acknowledgement could not be sent`, error);
      return ok(order, ORDER_LOOKUP_MESSAGES.acknowledgementNotSent);
    }
  }

  async changeWithdrawal(number: string, withdrawal: number, to: WithdrawalStatus): Promise<Result<Order>> {
    if (!this.options.isAdmin()) return notAdmin();
    let changed: Result<Order>;
    try {
      changed = await this.options.store.write(async (_edits, writes) => {
        const stored = await writes.order(number);
        if (!stored) return notFound();
        const order = withoutSecret(stored);
        const allowed = checkWithdrawalChange(order.withdrawals, withdrawal, to);
        if (!allowed.ok) return allowed;
        const withdrawals = advanceWithdrawal(order.withdrawals, withdrawal, to, new Date(this.options.clock.now()).toISOString());
        await writes.replaceOrder({ ...order, withdrawals, secret: stored.secret });
        return ok({ ...order, withdrawals });
      });
    } catch (error) {
      this.options.logger.error(`Order ${number}: IndexedDB refused the withdrawal's change`, error);
      return fail('storage-write-failed', ORDER_LOOKUP_MESSAGES.statusNotSaved);
    }
    if (!changed.ok) return changed;
    this.options.announceOrder?.({ number, kind: 'status-changed' });
    if (to === 'remboursee') this.mailLater(['remboursee'], changed.value);
    return ok(await this.shown(changed.value));
  }

  /**
   * Hands the order's mails to the mailer without waiting for them: a mail that cannot be sent is
   * logged, and the order, already saved, stands.
   */
  private mailLater(kinds: readonly OrderMailKind[], order: Order): void {
    const { mailer, logger, siteUrl } = this.options;
    for (const kind of kinds) {
      const failed = (error: unknown) => logger.error(`Order ${order.number}: the "${kind}" mail could not be sent`, error);
      try {
        mailer.send(orderMail(kind, withRates(order), siteUrl)).catch(failed);
      } catch (error) {
        failed(error);
      }
    }
  }

  /** The order as a page shows it: each line's picture resolved (one gone from the device: the default picture). */
  private async shown(stored: Order): Promise<Order> {
    const order = withRates(stored);
    const resolve = this.options.resolveImages;
    if (!resolve) return order;
    const lines = await Promise.all(order.lines.map(async (line) => ({ ...line, picture: (await resolve([line.picture]))[0] ?? DEFAULT_PRODUCT_IMAGE })));
    return { ...order, lines };
  }

  /** A read of the orders; a refusal by IndexedDB is logged and answered as a failure to read. */
  private async read<T>(read: () => Promise<T>): Promise<Result<T>> {
    try {
      return ok(await read());
    } catch (error) {
      this.options.logger.error('Orders unreadable: IndexedDB refused the read', error);
      return fail('backend-failed', ORDER_LOOKUP_MESSAGES.unreadable);
    }
  }
}
