import type { CatalogueProduct } from '../catalogue/catalogue-product';
import { MESSAGES } from '../messages';
import type { VatRate } from '../vat-rate';
import { mainPictureOf } from '../product';
import { fail, ok, type Failure, type Result } from '../result';
import { exceedsUnitsPerOrder, MAX_ORDER_LINES, MAX_QUANTITY_PER_PRODUCT, TOO_MANY_LINES, TOO_MANY_OF_ONE_PRODUCT, TOO_MANY_UNITS } from './order-constants';
import { readCheckoutForm, toCheckoutFormInput, type CheckoutDetails } from './checkout-form';
import { computeTotals, toCents, type OrderTotals } from './order-totals';
import { initialStatusOf, type OrderStatus } from './order-status';
import type { OrderPayment, PaymentMethod } from './payment';
import type { Withdrawal } from './withdrawal';

/** One line of an order: a snapshot of the product when it was ordered, whatever it becomes. */
export interface OrderLine {
  productId: string;
  name: string;
  unitPriceCents: number;
  quantity: number;
  /** The product's main picture then (or the default stock photo). */
  picture: string;
  /** The product's VAT rate then: the line keeps it whatever the product's becomes. */
  vatRate: VatRate;
}

export interface Order extends CheckoutDetails {
  /** CMD-AAAA-NNNNNN (order-number.ts). */
  number: string;
  /** ISO date and time the order was placed. */
  placedAt: string;
  status: OrderStatus;
  lines: readonly OrderLine[];
  payment: OrderPayment;
  totals: OrderTotals;
  /** ISO date and time the order became « livrée » (the withdrawal period runs from it); null before. */
  deliveredAt: string | null;
  /** The buyer's withdrawals (withdrawal.ts), oldest first: each of some units of the lines; the lines stay as placed. */
  withdrawals: readonly Withdrawal[];
}

/** A cart line as sent to be ordered: the product and how many; never a price. */
export interface OrderRequestLine {
  productId: string;
  quantity: number;
  /** The name the shopper saw: only to name a product the catalogue no longer has. */
  name?: string;
}

/** Everything a shopper sends to place an order (OrderRepository.place). */
export interface PlaceOrderRequest extends CheckoutDetails {
  lines: readonly OrderRequestLine[];
  /** How the shopper pays: a card is paid afterwards, on the provider's page (PaymentGateway.startPayment). */
  payment: { method: PaymentMethod };
  /**
   * The total TTC the shopper saw on the review and pays, in cents: an order whose total, priced
   * from the catalogue at that instant, differs is refused (`price-changed`). Absent: not checked.
   */
  expectedTotalCents?: number;
}

/** What createOrder needs to know of a product: the catalogue's current values. */
export type OrderableProduct = Pick<CatalogueProduct, 'id' | 'name' | 'price' | 'images' | 'inStock' | 'stock' | 'vatRate'>;

const q = (name: string) => `«\u202f${name}\u202f»`;

export const ORDER_MESSAGES = {
  emptyCart: 'Votre panier est vide.',
  productGone: (name: string | undefined) =>
    name === undefined || name.trim() === ''
      ? 'Un produit de votre panier n’est plus en vente. Retirez-le pour commander.'
      : `${q(name)} n’est plus en vente. Retirez-le de votre panier pour commander.`,
  soldOut: MESSAGES.soldOut,
  short: (name: string, stock: number) => `Il ne reste que ${stock} ${q(name)} en stock.`,
  priceChanged: 'Le prix d’un article a changé depuis votre récapitulatif\u00a0: vérifiez le nouveau total avant de commander.',
  badQuantity: (name: string | undefined) => `La quantité ${name === undefined ? 'd’un produit' : `de ${q(name)}`} doit être un nombre entier d’au moins 1.`,
} as const;

/** The request's lines, one per product (the same product twice is ordered once, quantities summed). */
export function mergeLines(lines: readonly OrderRequestLine[]): readonly OrderRequestLine[] {
  const merged = new Map<string, OrderRequestLine>();
  for (const line of lines) {
    const seen = merged.get(line.productId);
    merged.set(line.productId, seen ? { ...seen, quantity: seen.quantity + line.quantity } : line);
  }
  return [...merged.values()];
}

/**
 * The refusal of a request past one order's caps, as place_order() checks them: too many lines
 * (as asked), too many units of one product, too many units in all; null within every cap.
 */
export function orderSizeRefusal(lines: readonly OrderRequestLine[]): Failure | null {
  const merged = mergeLines(lines);
  if (lines.length > MAX_ORDER_LINES) return fail('order-too-large', TOO_MANY_LINES);
  if (merged.some((line) => line.quantity > MAX_QUANTITY_PER_PRODUCT)) return fail('order-too-large', TOO_MANY_OF_ONE_PRODUCT);
  return exceedsUnitsPerOrder(merged) ? fail('order-too-large', TOO_MANY_UNITS) : null;
}

/**
 * The order's lines priced from the catalogue's current products (`products`: what it says of
 * each id, null or absent for a product it no longer sells), or the first line that cannot be
 * sold: gone, sold out, or more than the stock. The same checks place_order() makes in SQL.
 */
export function priceLines(requested: readonly OrderRequestLine[], products: ReadonlyMap<string, OrderableProduct | null>): Result<readonly OrderLine[]> {
  if (requested.length === 0) return fail('empty-cart', ORDER_MESSAGES.emptyCart);
  const lines: OrderLine[] = [];
  for (const line of mergeLines(requested)) {
    const product = products.get(line.productId);
    const name = product?.name ?? line.name;
    if (!Number.isInteger(line.quantity) || line.quantity < 1) return fail('invalid-order', ORDER_MESSAGES.badQuantity(name));
    if (!product) return fail('product-unavailable', ORDER_MESSAGES.productGone(line.name));
    if (!product.inStock || product.stock <= 0) return fail('out-of-stock', ORDER_MESSAGES.soldOut(product.name));
    if (line.quantity > product.stock) return fail('out-of-stock', ORDER_MESSAGES.short(product.name, product.stock));
    lines.push({
      productId: product.id,
      name: product.name,
      unitPriceCents: toCents(product.price),
      quantity: line.quantity,
      picture: mainPictureOf(product),
      vatRate: product.vatRate,
    });
  }
  return ok(lines);
}

/** A card order waits for the provider's confirmation; paying on delivery or at the shop waits for the owner. */
export function initialStatus(payment: { method: PaymentMethod }): OrderStatus {
  return initialStatusOf(payment.method);
}

/** The payment a new order keeps: a card's reference and last 4 digits come later, from the provider. */
function newPayment(method: PaymentMethod): OrderPayment {
  return method === 'carte' ? { method: 'carte', reference: null, last4: null } : { method: 'a-la-livraison' };
}

/**
 * An order from a request and the catalogue's current products, or the French reason it cannot
 * be: the details checked again (a request may not come from the form), then every line.
 * `number` and `placedAt` come from the repository (its sequence, the Clock).
 */
export function createOrder(
  request: PlaceOrderRequest,
  products: ReadonlyMap<string, OrderableProduct | null>,
  placement: { number: string; placedAt: string },
): Result<Order> {
  if (request.lines.length === 0) return fail('empty-cart', ORDER_MESSAGES.emptyCart);
  const checked = readCheckoutForm(toCheckoutFormInput(request));
  if (!checked.ok) return fail('invalid-order', Object.values(checked.errors)[0] ?? '');
  const lines = priceLines(request.lines, products);
  if (!lines.ok) return lines;
  const totals = computeTotals(lines.value, checked.value.deliveryMethod);
  if (request.expectedTotalCents !== undefined && request.expectedTotalCents !== totals.totalCents) return fail('price-changed', ORDER_MESSAGES.priceChanged);
  return ok({
    number: placement.number,
    placedAt: placement.placedAt,
    status: initialStatus(request.payment),
    ...checked.value,
    lines: lines.value,
    payment: newPayment(request.payment.method),
    totals,
    deliveredAt: null,
    withdrawals: [],
  });
}

/** How many of each product an order takes from the stock (to decrement it). */
export function stockTaken(order: Pick<Order, 'lines'>): ReadonlyMap<string, number> {
  return new Map(order.lines.map((line) => [line.productId, line.quantity]));
}
