import type { Order, PlaceOrderRequest } from '@/domain/order/order';
import type { OrderStatus } from '@/domain/order/order-status';
import type { WithdrawalStatus, WithdrawnLine } from '@/domain/order/withdrawal';
import type { Result } from '@/domain/result';
import { token } from './token';

export type { Order, OrderLine, OrderRequestLine, PlaceOrderRequest } from '@/domain/order/order';
export type { OrderStatus } from '@/domain/order/order-status';

/** The back office's orders list: every order, or those of one status. */
export interface OrderFilter {
  status?: OrderStatus;
  /** Only the orders the buyer withdrew from (any withdrawal, any status). */
  withdrawn?: boolean;
}

/**
 * Where orders are kept (issue 13): IndexedDB on this device locally, the `orders` and
 * `order_lines` tables on Supabase. Asynchronous and answering with a Result, like every port a
 * remote backend serves; a backend that cannot be reached answers `network`.
 *
 * What every adapter must guarantee (the contract suite runs each against the same tests):
 * - `place` prices each line from the catalogue as it is at that moment, never from the
 *   request (which carries no price); refuses the whole order, changing nothing, when the cart
 *   is empty (`empty-cart`), a product is gone (`product-unavailable`), sold out or short
 *   (`out-of-stock`), with ORDER_MESSAGES' French sentence naming the product; otherwise, in one
 *   step that nothing else can interleave with, decrements each product's stock, gives the next
 *   number of one shop-wide sequence (CMD-AAAA-NNNNNN, year from the Clock in Paris) and saves
 *   the order with its lines' snapshot and totals (domain/order/order-totals.ts: same fees,
 *   threshold and VAT rounding). Two orders for the last unit: exactly one succeeds.
 *   On Supabase that is the SQL function place_order(...): the database decides the prices, the
 *   stock (rows locked) and the totals. Locally it is createOrder() in one IndexedDB transaction
 *   over the catalogue's stock.
 * - The initial status follows the payment (initialStatus): `payee` for an accepted card,
 *   `en-attente` for « Paiement à la livraison ». The card itself never reaches this port (last
 *   4 digits and the gateway's reference only). A request's card outcome is the browser's word:
 *   that is enough for the simulated card of the demo, but where money is real the backend must
 *   not take it, and records the order `en-attente` until the provider confirms the payment to
 *   the server (a webhook moves it to `payee`).
 * - A request line's `name` only names a product that is gone, in the refusal; it is never saved.
 * - `get` answers an order only to whoever placed it (this device, which keeps the order's
 *   secret; or a `secret` passed explicitly, e.g. from a link) or to an admin; any other number
 *   answers `not-found`, exactly as an unknown one does, so numbers cannot be probed.
 * - `listMine` answers the orders placed from this device, newest first.
 * - `listAll` and `changeStatus` are the admin's: anyone else gets `not-admin`, and reads nothing.
 *   `listAll` answers newest first.
 * - `changeStatus` saves a change the changeOrderStatus use case checked against ORDER_TRANSITIONS
 *   (`not-found` for an unknown number), gives a cancelled order's units back to the stock in the
 *   same step, and answers the order as saved. On Supabase the database enforces the same table
 *   again: a change outside it answers `invalid-status-change` with checkStatusChange's message.
 *   The change to « livrée » keeps its date and time (`deliveredAt`): the withdrawal period runs from it.
 * - `withdraw` records one more withdrawal of the buyer (domain/order/withdrawn-order.ts,
 *   withdrawOrder) from lines of their own order (the same readers as `get`: anyone else gets
 *   `not-found`) and sends the acknowledgement mail (withdrawalAcknowledgementMail) to the order's
 *   address. An order may hold several: each withdraws some of what remains, until the period ends.
 *   It refuses, saving nothing, an order cancelled, with nothing left to withdraw or past its period
 *   (`withdrawal-closed`, with withdrawalWindow's message) and lines that are not the order's or
 *   more than remains of them (`invalid-withdrawal`). Before the goods leave the shop, the lines
 *   withdrawn are cancelled in the same step: their units go back to the stock, the withdrawal
 *   needs no return (« à rembourser » if paid, « close » otherwise), and withdrawing all that
 *   remains cancels the order. On Supabase the database decides all of it (withdraw_from_order)
 *   and the edge function mails. A mail that could not go leaves the withdrawal recorded: the
 *   answer says so beside the order.
 * - `changeWithdrawal` is the admin's (`not-admin` otherwise): moves the order's withdrawal
 *   `withdrawal` (its number, 1 for the first) along WITHDRAWAL_TRANSITIONS (`invalid-status-change`
 *   otherwise, or for a number the order has not), with the date of each step.
 */
export interface OrderRepository {
  place(request: PlaceOrderRequest): Promise<Result<Order>>;
  get(number: string, secret?: string): Promise<Result<Order>>;
  listMine(): Promise<Result<readonly Order[]>>;
  listAll(filter: OrderFilter): Promise<Result<readonly Order[]>>;
  changeStatus(number: string, status: OrderStatus): Promise<Result<Order>>;
  withdraw(number: string, lines: readonly WithdrawnLine[], secret?: string): Promise<Result<Order>>;
  changeWithdrawal(number: string, withdrawal: number, to: WithdrawalStatus): Promise<Result<Order>>;
}

export const ORDER_REPOSITORY = token<OrderRepository>('OrderRepository');
