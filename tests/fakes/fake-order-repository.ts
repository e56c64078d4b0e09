import { createOrder, orderSizeRefusal, stockTaken, type Order, type OrderableProduct, type PlaceOrderRequest } from '@/domain/order/order';
import { newestFirst, ORDER_LOOKUP_MESSAGES } from '@/domain/order/order-lookup';
import { orderNumberAt } from '@/domain/order/order-number';
import { MESSAGES } from '@/domain/messages';
import { fail, ok, type BackendFailure, type Result } from '@/domain/result';
import type { Clock } from '@/ports/clock';
import type { OrderFilter, OrderRepository } from '@/ports/order-repository';
import { checkStatusChange, isHandedOver, type OrderStatus } from '@/domain/order/order-status';
import type { ProviderOutcome } from '@/domain/order/payment';
import { advanceWithdrawal, checkWithdrawalChange, type WithdrawalStatus, type WithdrawnLine } from '@/domain/order/withdrawal';
import { withdrawOrder } from '@/domain/order/withdrawn-order';

/** A shopper's order of one linen notebook (in FAKE_PRODUCTS), delivered at home and paid on delivery. */
export const CAMILLE_ORDER: PlaceOrderRequest = {
  contact: { name: 'Camille Martin', email: 'camille@exemple.fr', phone: null },
  address: { street: '12 rue de la Roquette', postalCode: '75011', city: 'Paris', country: 'France' },
  deliveryMethod: 'domicile',
  relayPoint: null,
  payment: { method: 'a-la-livraison' },
  lines: [{ productId: 'carnet-lin', quantity: 1 }],
};

/**
 * Orders in memory over a small stock, by the domain's rules (createOrder; a status change is saved as asked, the use case checking it):
 * the stock goes down with each order. `failWith` makes every call answer that backend failure
 * (offline, say) until it is cleared. Every order is « mine »; the caller is an admin until
 * `admin` is set to false (then listAll and changeStatus answer `not-admin`, as the adapters do).
 * Refusals carry the adapters' messages (ORDER_LOOKUP_MESSAGES, MESSAGES.notAdmin); lists come newest first, as the port promises.
 */
export class FakeOrderRepository implements OrderRepository {
  readonly orders: Order[] = [];
  failWith: BackendFailure | null = null;
  admin = true;
  /** Set: the device cannot note the orders it places (the adapters' `placed_orders` refused); place says so beside the order. */
  forgetful = false;
  private sequence = 0;

  constructor(
    private readonly clock: Clock,
    readonly products: Map<string, OrderableProduct>,
  ) {}

  async place(request: PlaceOrderRequest): Promise<Result<Order>> {
    if (this.failWith) return fail(this.failWith, `backend: ${this.failWith}`);
    // The adapters' caps (one order's lines and units), refused with their code.
    const tooLarge = orderSizeRefusal(request.lines);
    if (tooLarge) return tooLarge;
    const now = this.clock.now();
    const created = createOrder(request, this.products, { number: orderNumberAt(now, this.sequence + 1), placedAt: new Date(now).toISOString() });
    if (!created.ok) return created;
    this.sequence += 1;
    for (const [id, quantity] of stockTaken(created.value)) {
      const product = this.products.get(id);
      if (product) this.products.set(id, { ...product, stock: product.stock - quantity, inStock: product.stock - quantity > 0 });
    }
    this.orders.unshift(created.value);
    return this.forgetful ? ok(created.value, ORDER_LOOKUP_MESSAGES.notRemembered(created.value.number)) : created;
  }

  async get(number: string): Promise<Result<Order>> {
    if (this.failWith) return fail(this.failWith, `backend: ${this.failWith}`);
    const order = this.orders.find((o) => o.number === number);
    return order ? ok(order) : fail('not-found', ORDER_LOOKUP_MESSAGES.notFound);
  }

  async listMine(): Promise<Result<readonly Order[]>> {
    if (this.failWith) return fail(this.failWith, `backend: ${this.failWith}`);
    return ok(newestFirst(this.orders));
  }

  async listAll(filter: OrderFilter): Promise<Result<readonly Order[]>> {
    if (this.failWith) return fail(this.failWith, `backend: ${this.failWith}`);
    if (!this.admin) return fail('not-admin', MESSAGES.notAdmin);
    return ok(
      newestFirst(this.orders.filter((o) => (filter.status === undefined || o.status === filter.status) && (!filter.withdrawn || o.withdrawals.length > 0))),
    );
  }

  async changeStatus(number: string, status: OrderStatus): Promise<Result<Order>> {
    if (this.failWith) return fail(this.failWith, `backend: ${this.failWith}`);
    if (!this.admin) return fail('not-admin', MESSAGES.notAdmin);
    const index = this.orders.findIndex((o) => o.number === number);
    const order = this.orders[index];
    if (!order) return fail('not-found', ORDER_LOOKUP_MESSAGES.notFound);
    // Delivered or collected at the shop: the moment it was handed over is kept (the withdrawal period runs from it).
    const changed = { ...order, status, deliveredAt: isHandedOver(status) ? new Date(this.clock.now()).toISOString() : order.deliveredAt };
    this.orders[index] = changed;
    return ok(changed);
  }

  /** The payment provider's word, as the backend records it (a webhook on Supabase, the test page locally): paid with its card's digits, or given up. */
  async recordProviderOutcome(number: string, outcome: ProviderOutcome): Promise<Result<Order>> {
    const index = this.orders.findIndex((o) => o.number === number);
    const order = this.orders[index];
    if (!order) return fail('not-found', ORDER_LOOKUP_MESSAGES.notFound);
    const allowed = checkStatusChange(order, outcome.to, 'provider');
    if (!allowed.ok) return allowed;
    const changed: Order = { ...order, status: outcome.to, ...(outcome.to === 'payee' && { payment: { method: 'carte' as const, ...outcome.payment } }) };
    this.orders[index] = changed;
    return ok(changed);
  }

  /** As the adapters (withdrawOrder): the period and the lines checked, the withdrawal saved, units cancelled before shipping back in stock (no mail: the adapters' own). */
  async withdraw(number: string, lines: readonly WithdrawnLine[]): Promise<Result<Order>> {
    if (this.failWith) return fail(this.failWith, `backend: ${this.failWith}`);
    const index = this.orders.findIndex((o) => o.number === number);
    const order = this.orders[index];
    if (!order) return fail('not-found', ORDER_LOOKUP_MESSAGES.notFound);
    const withdrawn = withdrawOrder(order, lines, this.clock.now());
    if (!withdrawn.ok) return withdrawn;
    for (const [id, quantity] of withdrawn.value.restock) {
      const product = this.products.get(id);
      if (product) this.products.set(id, { ...product, stock: product.stock + quantity, inStock: true });
    }
    this.orders[index] = withdrawn.value.order;
    return ok(withdrawn.value.order);
  }

  async changeWithdrawal(number: string, withdrawal: number, to: WithdrawalStatus): Promise<Result<Order>> {
    if (this.failWith) return fail(this.failWith, `backend: ${this.failWith}`);
    if (!this.admin) return fail('not-admin', MESSAGES.notAdmin);
    const index = this.orders.findIndex((o) => o.number === number);
    const order = this.orders[index];
    if (!order) return fail('not-found', ORDER_LOOKUP_MESSAGES.notFound);
    const checked = checkWithdrawalChange(order.withdrawals, withdrawal, to);
    if (!checked.ok) return checked;
    this.orders[index] = { ...order, withdrawals: advanceWithdrawal(order.withdrawals, withdrawal, to, new Date(this.clock.now()).toISOString()) };
    return ok(this.orders[index]!);
  }
}
