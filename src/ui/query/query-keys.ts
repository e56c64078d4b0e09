import type { CatalogueQuery } from '@/domain/catalogue/catalogue-query';
import type { OrderStatus } from '@/domain/order/order-status';

// The shop's TanStack Query keys: one factory per resource, each under its own root, so a change
// invalidates exactly what it touches, whichever page (storefront or back office) reads it.

/** The catalogue: the storefront and the back office read it under the same keys. */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  lists: () => [...catalogueKeys.all, 'list'] as const,
  list: (query: CatalogueQuery) => [...catalogueKeys.lists(), query] as const,
  product: (slug: string) => [...catalogueKeys.all, 'product', slug] as const,
  related: (id: string, limit: number) => [...catalogueKeys.all, 'related', id, limit] as const,
  categories: () => [...catalogueKeys.all, 'categories'] as const,
  /** Every price a product has had (the back office's reference price). */
  prices: (id: string) => [...catalogueKeys.all, 'prices', id] as const,
  /** What the catalogue says now of these products (the cart's): ids sorted, one per line. */
  products: (ids: string) => [...catalogueKeys.all, 'products', ids] as const,
};

/**
 * Orders: the shopper's (this device's) and the back office's. One order sits under one key
 * (`detail`), whether its confirmation page or the back office reads it. `all` reaches every
 * query that shows orders; `lists` every list and figure, not the orders read one by one.
 */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  /** The orders placed from this device. */
  mine: () => [...orderKeys.lists(), 'mine'] as const,
  /** The back office's list: every order, or those of one status; all, or those withdrawn from. */
  list: (status: OrderStatus | undefined, withdrawn = false) =>
    [...orderKeys.lists(), 'all', status ?? 'toutes', withdrawn ? 'retractations' : 'toutes'] as const,
  /** The back office's dashboard figures. */
  summary: () => [...orderKeys.lists(), 'summary'] as const,
  detail: (number: string) => [...orderKeys.all, 'detail', number] as const,
};

/** What this device follows (« Notifications »). */
export const notificationKeys = {
  all: ['notifications'] as const,
};

/** The newsletter's subscribers. */
export const newsletterKeys = {
  all: ['newsletter'] as const,
  subscribers: () => [...newsletterKeys.all, 'subscribers'] as const,
};

/** The relay points near a postal code (checkout's « Point relais »). */
export const relayPointKeys = {
  search: (postalCode: string) => ['relay-points', postalCode] as const,
};

/** A session of the local « Paiement de test » page. */
export const testPaymentKeys = {
  session: (id: string) => ['test-payment', id] as const,
};
