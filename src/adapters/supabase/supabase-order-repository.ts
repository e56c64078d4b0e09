import type { SupabaseClient } from '@supabase/supabase-js';
import * as v from 'valibot';
import { DEFAULT_PRODUCT_IMAGE } from '@/domain/constants';
import { MESSAGES } from '@/domain/messages';
import { readCheckoutForm, SHIPPING_COUNTRIES, SHIPPING_COUNTRY, toCheckoutFormInput, normalizeFrenchPhone } from '@/domain/order/checkout-form';
import { DELIVERY_METHODS } from '@/domain/order/order-constants';
import { ORDER_MESSAGES, mergeLines, orderSizeRefusal, type Order, type PlaceOrderRequest } from '@/domain/order/order';
import { ORDER_LOOKUP_MESSAGES, newestFirst } from '@/domain/order/order-lookup';
import { ORDER_STATUSES, type OrderStatus } from '@/domain/order/order-status';
import { toCents } from '@/domain/order/order-totals';
import type { PlacedOrderRef, PlacedOrders } from '@/domain/order/placed-orders';
import { toOrderRelayPoint } from '@/domain/order/relay-point';
import {
  checkWithdrawalChange,
  isWithdrawalStatus,
  WITHDRAWAL_MESSAGES,
  WITHDRAWAL_STATUSES,
  type WithdrawalStatus,
  type WithdrawnLine,
} from '@/domain/order/withdrawal';
import { fail, ok, type Result } from '@/domain/result';
import { VAT_RATES } from '@/domain/vat-rate';
import type { Logger } from '@/ports/logger';
import type { OrderFilter, OrderRepository } from '@/ports/order-repository';
import { backendError, functionErrorBody } from './supabase-errors';

/** The table's ids are whole numbers: any other id names no product the database has. */
const ID_PATTERN = /^[1-9]\d{0,17}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** orders_by_secrets reads at most this many orders a call. */
const REFS_PER_CALL = 200;
/** my_orders answers at most this many orders a call (supabase/migrations/…_anonymous_owners.sql). */
const MY_ORDERS_PAGE = 100;
const REFUSED = '42501';

const money = v.pipe(v.number(), v.finite());
const vatRate = v.picklist(VAT_RATES);
/** An order as order_document() writes it (supabase/migrations/…_orders.sql, …_orders_payment_and_device.sql, …_vat_rates.sql). */
const documentSchema = v.object({
  number: v.string(),
  status: v.picklist(ORDER_STATUSES),
  createdAt: v.string(),
  email: v.string(),
  phone: v.nullable(v.string()),
  recipientName: v.string(),
  // Null for a pickup at the shop (…_delivery_choices.sql).
  addressLine: v.nullish(v.string()),
  postalCode: v.nullish(v.string()),
  city: v.nullish(v.string()),
  country: v.nullish(v.string()),
  relayPoint: v.nullish(v.object({ id: v.string(), name: v.string(), street: v.string(), postalCode: v.string(), city: v.string() })),
  deliveryMethod: v.picklist(DELIVERY_METHODS),
  paymentMethod: v.picklist(['a-la-livraison', 'carte']),
  paymentLast4: v.nullish(v.string()),
  paymentReference: v.nullish(v.string()),
  subtotal: money,
  deliveryFee: money,
  total: money,
  lines: v.nullable(
    v.array(
      v.object({
        productId: v.nullable(v.number()),
        name: v.string(),
        unitPrice: money,
        quantity: v.number(),
        picture: v.nullish(v.string()),
        vatRate,
      }),
    ),
  ),
  /** The VAT per rate, computed by the database (lowest rate first); euros. */
  vatByRate: v.nullable(v.array(v.object({ rate: vatRate, base: money, vat: money }))),
  // …_withdrawals.sql: when it was delivered; …_several_withdrawals.sql: the buyer's withdrawals, oldest first.
  deliveredAt: v.nullish(v.string()),
  withdrawals: v.nullish(
    v.array(
      v.object({
        number: v.number(),
        status: v.picklist(WITHDRAWAL_STATUSES),
        lines: v.array(v.object({ line: v.number(), quantity: v.number() })),
        beforeShipping: v.boolean(),
        receivedAt: v.string(),
        returnedAt: v.nullable(v.string()),
        refundedAt: v.nullable(v.string()),
      }),
    ),
  ),
});
type OrderDocument = v.InferOutput<typeof documentSchema>;

/** One line that place_order could not serve (CM001, CM002 details). */
const problemsSchema = v.array(v.object({ productId: v.union([v.number(), v.string()]), name: v.nullable(v.string()), available: v.number() }));

function toOrder(doc: OrderDocument): Order {
  const totalCents = toCents(doc.total);
  // As the database computed it: the shop does not compute an order's VAT again.
  const vatByRate = (doc.vatByRate ?? []).map(({ rate, base, vat }) => ({ rate, baseCents: toCents(base), vatCents: toCents(vat) }));
  return {
    number: doc.number,
    placedAt: new Date(doc.createdAt).toISOString(),
    status: doc.status,
    contact: { name: doc.recipientName, email: doc.email, phone: doc.phone === null ? null : normalizeFrenchPhone(doc.phone) },
    address:
      doc.addressLine === null || doc.addressLine === undefined
        ? null
        : {
            street: doc.addressLine,
            postalCode: doc.postalCode ?? '',
            city: doc.city ?? '',
            country: SHIPPING_COUNTRIES.find((country) => country === doc.country) ?? SHIPPING_COUNTRY,
          },
    deliveryMethod: doc.deliveryMethod,
    relayPoint: doc.relayPoint ? toOrderRelayPoint(doc.relayPoint) : null,
    lines: (doc.lines ?? []).map((line) => ({
      productId: line.productId === null ? '' : String(line.productId),
      name: line.name,
      unitPriceCents: toCents(line.unitPrice),
      quantity: line.quantity,
      picture: line.picture ?? DEFAULT_PRODUCT_IMAGE,
      vatRate: line.vatRate,
    })),
    payment:
      doc.paymentMethod === 'carte'
        ? { method: 'carte', reference: doc.paymentReference ?? null, last4: doc.paymentLast4 ?? null }
        : { method: 'a-la-livraison' },
    totals: {
      subtotalCents: toCents(doc.subtotal),
      deliveryCents: toCents(doc.deliveryFee),
      totalCents,
      vatIncludedCents: vatByRate.reduce((sum, rate) => sum + rate.vatCents, 0),
      vatByRate,
    },
    deliveredAt: doc.deliveredAt ? iso(doc.deliveredAt) : null,
    withdrawals: (doc.withdrawals ?? []).map((withdrawal) => ({
      ...withdrawal,
      receivedAt: iso(withdrawal.receivedAt),
      returnedAt: withdrawal.returnedAt && iso(withdrawal.returnedAt),
      refundedAt: withdrawal.refundedAt && iso(withdrawal.refundedAt),
    })),
  };
}

/** PostgreSQL's timestamptz as the domain keeps dates (ISO, UTC). */
const iso = (timestamp: string) => new Date(timestamp).toISOString();

function parseJson(text: unknown): unknown {
  if (typeof text !== 'string') return text;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

interface PostgrestFailure {
  code?: string;
  message?: string;
  details?: unknown;
}

const notFound = () => fail('not-found', ORDER_LOOKUP_MESSAGES.notFound);
const notAdmin = () => fail('not-admin', MESSAGES.notAdmin);

/**
 * Orders on Supabase: the database decides. `place` is one call of place_order (prices, locked
 * stock, totals and the number, in one transaction), which records every order « en attente »
 * whatever the browser says of the card: only an admin (or a provider's webhook) marks it paid.
 * Before it, the shopper gets a session: the one this device has (supabase-js keeps it in
 * localStorage), else a new anonymous user (signInAnonymously), whose order it becomes and by
 * whom place_order counts the unpaid orders. Without one (Supabase Auth refused or is out of
 * reach) the order is placed owner-less, capped by the shopper's address.
 * « Mes commandes » is the session's user's orders (my_orders) and the orders whose number and
 * secret this device keeps (PlacedOrders, read with order_by_secret / orders_by_secrets: orders
 * placed before anonymous sessions, or under a session since replaced by the owner's sign-in).
 * The back office's reads and status changes are admin_orders and admin_set_order_status, which
 * refuse anyone but an admin (mapped to `not-admin`). A backend out of reach answers `network`,
 * with the French BackendError message.
 */
export class SupabaseOrderRepository implements OrderRepository {
  constructor(
    private readonly client: SupabaseClient,
    private readonly placed: PlacedOrders,
    private readonly logger: Logger,
  ) {}

  async place(request: PlaceOrderRequest): Promise<Result<Order>> {
    // The domain's checks first, for its messages; the database checks them all again.
    if (request.lines.length === 0) return fail('empty-cart', ORDER_MESSAGES.emptyCart);
    const tooLarge = orderSizeRefusal(request.lines);
    if (tooLarge) return tooLarge;
    const lines = mergeLines(request.lines);
    const checked = readCheckoutForm(toCheckoutFormInput(request));
    if (!checked.ok) return fail('invalid-order', Object.values(checked.errors)[0] ?? '');
    for (const line of lines) {
      if (!Number.isInteger(line.quantity) || line.quantity < 1) return fail('invalid-order', ORDER_MESSAGES.badQuantity(line.name));
      if (!ID_PATTERN.test(line.productId)) return fail('product-unavailable', ORDER_MESSAGES.productGone(line.name));
    }
    const { contact, address, deliveryMethod, relayPoint } = checked.value;
    await this.ensureSession();
    const { data, error, status } = await this.client.rpc('place_order', {
      lines: lines.map((line) => ({ productId: Number(line.productId), quantity: line.quantity })),
      email: contact.email,
      phone: contact.phone,
      recipient_name: contact.name,
      address_line: address?.street ?? null,
      postal_code: address?.postalCode ?? null,
      city: address?.city ?? null,
      country: address?.country ?? null,
      delivery_method: deliveryMethod,
      payment_method: request.payment.method,
      // A card's reference and last 4 digits come from the provider's webhook, never from the browser.
      payment_last4: null,
      payment_reference: null,
      relay_point: relayPoint,
      expected_total_cents: request.expectedTotalCents ?? null,
    });
    if (error) return this.placeRefused(request, error, status);
    const secret = (data as { secret?: unknown } | null)?.secret;
    const order = this.read(data, 'the placed order');
    if (!order.ok) return order;
    if (typeof secret !== 'string') return this.failure('placing an order', new Error('place_order answered no secret'));
    const remembered = this.placed.remember({ number: order.value.number, secret });
    return remembered ? order : ok(order.value, ORDER_LOOKUP_MESSAGES.notRemembered(order.value.number));
  }

  async get(number: string, secret?: string): Promise<Result<Order>> {
    const key = secret ?? this.placed.secretOf(number);
    if (key !== null && UUID_PATTERN.test(key)) {
      const { data, error, status } = await this.client.rpc('order_by_secret', { number, secret: key });
      if (error) return this.failure(`reading order ${number}`, error, status);
      if (data !== null) return this.read(data, `order ${number}`);
    }
    if (await this.hasSession()) {
      const mine = await this.myOrders(number, 0);
      if (!mine.ok) return mine;
      if (mine.value[0]) return ok(mine.value[0]);
    }
    // Not this device's (or not with this secret): an admin reads any order, anyone else nothing.
    const { data, error, status } = await this.client.rpc('admin_orders', { status: null, number });
    if (error) return error.code === REFUSED ? notFound() : this.failure(`reading order ${number}`, error, status);
    const orders = this.readList(data, `order ${number}`);
    if (!orders.ok) return orders;
    const [order] = orders.value;
    return order ? ok(order) : notFound();
  }

  async listMine(): Promise<Result<readonly Order[]>> {
    const orders = new Map<string, Order>();
    if (await this.hasSession()) {
      for (let skip = 0; ; skip += MY_ORDERS_PAGE) {
        const page = await this.myOrders(null, skip);
        if (!page.ok) return page;
        for (const order of page.value) orders.set(order.number, order);
        if (page.value.length < MY_ORDERS_PAGE) break;
      }
    }
    const refs = this.placed.list().filter((ref) => !orders.has(ref.number));
    for (let start = 0; start < refs.length; start += REFS_PER_CALL) {
      const chunk: PlacedOrderRef[] = refs.slice(start, start + REFS_PER_CALL).filter((ref) => UUID_PATTERN.test(ref.secret));
      const { data, error, status } = await this.client.rpc('orders_by_secrets', { refs: chunk });
      if (error) return this.failure('reading this device’s orders', error, status);
      const read = this.readList(data, 'this device’s orders');
      if (!read.ok) return read;
      for (const order of read.value) orders.set(order.number, order);
    }
    return ok(newestFirst([...orders.values()]));
  }

  async listAll(filter: OrderFilter): Promise<Result<readonly Order[]>> {
    const { data, error, status } = await this.client.rpc('admin_orders', { status: filter.status ?? null, number: null });
    if (error) return error.code === REFUSED ? notAdmin() : this.failure('listing the orders', error, status);
    const orders = this.readList(data, 'the orders');
    return orders.ok && filter.withdrawn ? ok(orders.value.filter((order) => order.withdrawals.length > 0)) : orders;
  }

  /**
   * The edge function withdraw-from-order: withdraw_from_order as this caller (this device's
   * secret for the order, and its session), then the acknowledgement mailed. The database's
   * refusals come back with their French message (CM020, CM021: the period is closed; CM003: lines).
   */
  async withdraw(number: string, lines: readonly WithdrawnLine[], secret?: string): Promise<Result<Order>> {
    const key = secret ?? this.placed.secretOf(number);
    const { data, error } = await this.client.functions.invoke('withdraw-from-order', {
      body: { number, secret: key !== null && UUID_PATTERN.test(key) ? key : null, lines },
    });
    if (error) {
      const body = (await functionErrorBody(error)) as { code?: unknown; message?: unknown } | null;
      const message = typeof body?.message === 'string' ? body.message : '';
      if (body?.code === 'not-found') return notFound();
      if (body?.code === 'CM020' || body?.code === 'CM021') return fail('withdrawal-closed', message);
      if (body?.code === 'CM003') return fail('invalid-withdrawal', message || WITHDRAWAL_MESSAGES.badLine);
      return this.failure(`withdrawing from order ${number}`, error);
    }
    const answer = data as { order?: unknown; acknowledged?: unknown } | null;
    const order = this.read(answer?.order, `order ${number}`);
    if (!order.ok || answer?.acknowledged === true) return order;
    return ok(order.value, ORDER_LOOKUP_MESSAGES.acknowledgementNotSent);
  }

  async changeWithdrawal(number: string, withdrawal: number, to: WithdrawalStatus): Promise<Result<Order>> {
    const { data, error, status } = await this.client.rpc('admin_set_withdrawal_status', { number, withdrawal, status: to });
    if (error) {
      if (error.code === REFUSED) return notAdmin();
      if (error.code === 'CM022') {
        const { from } = (parseJson((error as PostgrestFailure).details) ?? {}) as { from?: unknown };
        const known = isWithdrawalStatus(from)
          ? [{ number: withdrawal, status: from, lines: [], beforeShipping: false, receivedAt: '', returnedAt: null, refundedAt: null }]
          : [];
        const checked = checkWithdrawalChange(known, withdrawal, to);
        return checked.ok ? fail('invalid-status-change', error.message) : checked;
      }
      return this.failure(`changing the withdrawal of order ${number}`, error, status);
    }
    return data === null ? notFound() : this.read(data, `order ${number}`);
  }

  async changeStatus(number: string, to: OrderStatus): Promise<Result<Order>> {
    const { data, error, status } = await this.client.rpc('admin_set_order_status', { number, status: to });
    if (error) {
      if (error.code === REFUSED) return notAdmin();
      if (error.code === 'CM004') {
        return fail('invalid-status-change', error.message);
      }
      return this.failure(`changing the status of order ${number}`, error, status);
    }
    return data === null ? notFound() : this.read(data, `order ${number}`);
  }

  /** The session's user's orders (one of them, by `number`), a page of my_orders. */
  private async myOrders(number: string | null, skip: number): Promise<Result<readonly Order[]>> {
    const { data, error, status } = await this.client.rpc('my_orders', { number, skip });
    if (error) return this.failure('reading the session’s orders', error, status);
    return this.readList(data, 'the session’s orders');
  }

  /** Whether this device has a session (an anonymous user's, or the owner's): read from storage, no request. */
  private async hasSession(): Promise<boolean> {
    try {
      const { data } = await this.client.auth.getSession();
      return data.session !== null;
    } catch (error) {
      this.logger.warn('Supabase: the session could not be read; only this device’s order references are used', error);
      return false;
    }
  }

  /**
   * The shopper's session before an order: kept if there is one (the owner signed in on this
   * device orders as the owner), else a new anonymous user. A refusal (anonymous sign-ins off, the
   * address's hourly limit reached) or a network failure leaves the order owner-less.
   */
  private async ensureSession(): Promise<void> {
    if (await this.hasSession()) return;
    try {
      const { error } = await this.client.auth.signInAnonymously();
      if (error) this.logger.warn('Supabase: no anonymous session; the order is placed without one', error);
    } catch (error) {
      this.logger.warn('Supabase: no anonymous session; the order is placed without one', error);
    }
  }

  /** place_order's refusals in the domain's words, naming the product as the shopper knows it. */
  private placeRefused(request: PlaceOrderRequest, error: PostgrestFailure, status: number): Result<Order> {
    if (error.code === 'CM001' || error.code === 'CM002') {
      const problems = v.safeParse(problemsSchema, parseJson(error.details));
      const first = problems.success ? problems.output[0] : undefined;
      if (first) {
        if (error.code === 'CM001') {
          const asked = request.lines.find((line) => line.productId === String(first.productId))?.name;
          return fail('product-unavailable', ORDER_MESSAGES.productGone(asked ?? first.name ?? undefined));
        }
        const name = first.name ?? '';
        return fail('out-of-stock', first.available <= 0 ? ORDER_MESSAGES.soldOut(name) : ORDER_MESSAGES.short(name, first.available));
      }
    }
    if (error.code === 'CM007') return fail('price-changed', ORDER_MESSAGES.priceChanged);
    // CM003: an argument the domain's checks let through and the database refused; its message is French.
    if (error.code === 'CM003' && error.message) {
      this.logger.warn('Supabase: place_order refused an argument', error);
      return fail('invalid-order', error.message);
    }
    return this.failure('placing an order', error, status);
  }

  private read(data: unknown, what: string): Result<Order> {
    const parsed = v.safeParse(documentSchema, data);
    return parsed.success ? ok(toOrder(parsed.output)) : this.failure(`reading ${what}`, new Error(`unexpected order document: ${v.summarize(parsed.issues)}`));
  }

  private readList(data: unknown, what: string): Result<readonly Order[]> {
    const parsed = v.safeParse(v.array(documentSchema), data);
    return parsed.success
      ? ok(parsed.output.map(toOrder))
      : this.failure(`reading ${what}`, new Error(`unexpected order documents: ${v.summarize(parsed.issues)}`));
  }

  private failure(what: string, error: unknown, status?: number): Result<never> {
    const problem = backendError(this.logger, what, error, status);
    return fail(problem.code, problem.message);
  }
}
