import type { OrderRepository } from '@/ports/order-repository';
import type { PaymentGateway, PaymentPage } from '@/ports/payment-gateway';
import type { CartItem } from '../cart/cart';
import { removeItems } from '../cart/cart';
import { fail, ok, type Result } from '../result';
import type { CheckoutDetails } from './checkout-form';
import type { Order, OrderRequestLine } from './order';
import { ORDER_MESSAGES } from './order';
import type { PaymentMethod } from './payment';

/** The cart as checkout needs it (CartService): one change, answered once saved. */
interface CheckoutCart {
  edit(change: (items: readonly CartItem[]) => readonly CartItem[]): Promise<Result>;
}

export interface CheckoutSubmission {
  details: CheckoutDetails;
  lines: readonly OrderRequestLine[];
  paymentMethod: PaymentMethod;
  /** The total TTC the review step showed: what the order must come to. */
  amountCents: number;
}

export interface PlaceOrderPorts {
  payments: PaymentGateway;
  orders: OrderRepository;
  cart: CheckoutCart;
}

/**
 * The order placed, and for a card the payment started: the provider's page to go to, or why it
 * could not start (the order and its stock are kept, the shopper may start it again). Null when
 * nothing is paid now (« Paiement à la livraison », « Paiement au retrait »).
 */
export interface PlacedOrder {
  order: Order;
  payment: Result<PaymentPage> | null;
}

/**
 * The review step's « Commander », as a hosted payment provider needs it: the order is placed
 * first (stock reserved; a card order « en attente de paiement »), the ordered products leave the
 * cart, then a card payment starts on the provider's page. Nothing is paid before the order
 * exists, so nothing is ever to give back when it cannot be placed: a product sold out meanwhile
 * or a backend out of reach changes nothing the shopper typed or chose.
 */
export async function placeOrder({ payments, orders, cart }: PlaceOrderPorts, submission: CheckoutSubmission): Promise<Result<PlacedOrder>> {
  if (submission.lines.length === 0) return fail('empty-cart', ORDER_MESSAGES.emptyCart);
  // The order is priced again at this instant: a total other than the one shown is refused.
  const placed = await orders.place({
    ...submission.details,
    lines: submission.lines,
    payment: { method: submission.paymentMethod },
    expectedTotalCents: submission.amountCents,
  });
  if (!placed.ok) return placed;
  const order = placed.value;
  const ordered = new Set(order.lines.map((line) => line.productId));
  // The order is saved whatever becomes of the cart: the confirmation shows even when the
  // emptied cart could not be saved, with the storage's message beside it.
  const emptied = await cart.edit((items) => removeItems(items, ordered));
  const payment = order.payment.method === 'carte' ? await payments.startPayment({ number: order.number }) : null;
  // Said beside the confirmation: the device could not note the order (« notez son numéro »),
  // the emptied cart could not be saved.
  const notes = [placed.message, emptied.ok ? undefined : emptied.error.message].filter((note) => note !== undefined);
  return notes.length === 0 ? ok({ order, payment }) : ok({ order, payment }, notes.join(' '));
}
