export type ErrorCode =
  | 'invalid-email'
  | 'already-subscribed'
  | 'invalid-token'
  | 'no-active-subscribers'
  | 'invalid-newsletter'
  | 'wrong-credentials'
  | 'sign-up-closed'
  // A field left blank that the form needs (the newsletter's address, the admin's email or password).
  | 'missing-field'
  | 'storage-write-failed'
  | 'mail-failed'
  | 'not-admin'
  | 'stock-limit'
  // The back office's catalogue (src/ports/catalogue-writer.ts, picture-storage.ts).
  | 'invalid-product'
  | 'slug-taken'
  | 'no-reduction'
  | 'not-found'
  | 'invalid-picture'
  // The storefront's search (src/domain/catalogue/run-catalogue-query.ts).
  | 'search-too-long'
  // Checkout and orders (issue 13: src/domain/order, src/ports/order-repository.ts, payment-gateway.ts).
  | 'empty-cart'
  | 'product-unavailable'
  | 'out-of-stock'
  | 'invalid-order'
  // More lines, units of one product or units in all than one order may hold (order-constants.ts).
  | 'order-too-large'
  | 'invalid-status-change'
  | 'invalid-card'
  | 'payment-declined'
  // A payment asked for an order that no longer waits for one, or on a session past its time.
  | 'not-payable'
  | 'payment-expired'
  // The total the shopper saw is not the order's any more (a price changed meanwhile).
  | 'price-changed'
  // The right of withdrawal (src/domain/order/withdrawal.ts): lines refused, or the period closed.
  | 'invalid-withdrawal'
  | 'withdrawal-closed'
  // The relay points' search (src/ports/relay-points.ts).
  | 'invalid-postal-code'
  // Notifications (src/domain/notifications): the browser's permission refused, or none to ask.
  | 'notifications-refused'
  | 'notifications-unsupported'
  // A remote backend's failures (src/domain/backend-error.ts).
  | BackendFailure;

/** What can go wrong when a remote backend is asked, as the domain tells the shopper. */
export type BackendFailure = 'network' | 'refused' | 'session-expired' | 'backend-failed';

/** A refused action: a stable code for the program, the exact French message for the shopper. */
export interface DomainError {
  code: ErrorCode;
  message: string;
}

export type Success<T> = { ok: true; value: T; message?: string };
/** A failure: a DomainError for the shopper, or a port's own coded failure (`E`) that the domain words. */
export type Failure<E = DomainError> = { ok: false; error: E };
export type Result<T = undefined, E = DomainError> = Success<T> | Failure<E>;

export function ok(): Success<undefined>;
export function ok<T>(value: T, message?: string): Success<T>;
export function ok<T>(value?: T, message?: string): Success<T | undefined> {
  return message === undefined ? { ok: true, value } : { ok: true, value, message };
}

export function fail(code: ErrorCode, message: string): Failure {
  return { ok: false, error: { code, message } };
}
