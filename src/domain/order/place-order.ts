import type { OrderRepository } from '@/ports/order-repository';
import type { PaymentGateway } from '@/ports/payment-gateway';
import type { CartItem } from '../cart/cart';
import { removeItems } from '../cart/cart';
import { fail, ok, type Failure, type Result, type Success } from '../result';
import type { CheckoutDetails } from './checkout-form';
import type { Order, OrderRequestLine } from './order';
import { ORDER_MESSAGES } from './order';
import type { PaymentRequest } from './payment';

/** The cart as checkout needs it (CartService): one change, answered once saved. */
interface CheckoutCart {
  edit(change: (items: readonly CartItem[]) => readonly CartItem[]): Promise<Result>;
}

export interface CheckoutSubmission {
  details: CheckoutDetails;
  lines: readonly OrderRequestLine[];
  payment: PaymentRequest;
  /** The total TTC the review step showed: what the payment provider is asked, and what the order must come to. */
  amountCents: number;
}

/** Appended to the refusal of an order paid by card: what became of the payment. */
export const PAYMENT_RELEASE_MESSAGES = {
  released: 'Votre paiement a été annulé\u00a0: rien n’a été débité.',
  notReleased: 'Votre paiement n’a pas pu être annulé automatiquement\u00a0: contactez-nous, nous vous rembourserons.',
} as const;

/** What became of a card payment whose order could not be placed. */
type PaymentRelease = keyof typeof PAYMENT_RELEASE_MESSAGES;

/** A refused « Commander »: the reason's code and French message, and where a card payment was given back, whether it was. */
export type PlaceOrderFailure = Failure & { release?: PaymentRelease };

export interface PlaceOrderPorts {
  payments: PaymentGateway;
  orders: OrderRepository;
  cart: CheckoutCart;
}

/**
 * The review step's « Commander »: pay, then place the order with the payment's outcome, then
 * take the ordered products out of the cart. The cart is left as it was until the order is
 * saved: a declined card, a product sold out meanwhile or a backend out of reach changes nothing
 * the shopper typed or chose. A card payment whose order could not be placed is given back, and
 * the refusal says whether it was (`release`, and its sentence after the reason's).
 */
export async function placeOrder({ payments, orders, cart }: PlaceOrderPorts, submission: CheckoutSubmission): Promise<Success<Order> | PlaceOrderFailure> {
  if (submission.lines.length === 0) return fail('empty-cart', ORDER_MESSAGES.emptyCart);
  const paid = await payments.pay(submission.payment, submission.amountCents);
  if (!paid.ok) return paid;
  // The order is priced again at this instant: a total other than the one paid is refused.
  const placed = await orders.place({ ...submission.details, lines: submission.lines, payment: paid.value, expectedTotalCents: submission.amountCents });
  if (!placed.ok) {
    if (paid.value.method === 'a-la-livraison') return placed;
    const released = await payments.release(paid.value);
    const release: PaymentRelease = released.ok ? 'released' : 'notReleased';
    return { ...fail(placed.error.code, `${placed.error.message} ${PAYMENT_RELEASE_MESSAGES[release]}`), release };
  }
  const ordered = new Set(placed.value.lines.map((line) => line.productId));
  // The order is saved whatever becomes of the cart: the confirmation shows even when the
  // emptied cart could not be saved, with the storage's message beside it.
  const emptied = await cart.edit((items) => removeItems(items, ordered));
  // Said beside the confirmation: the device could not note the order (« notez son numéro »),
  // the emptied cart could not be saved.
  const notes = [placed.message, emptied.ok ? undefined : emptied.error.message].filter((note) => note !== undefined);
  return notes.length === 0 ? ok(placed.value) : ok(placed.value, notes.join(' '));
}
