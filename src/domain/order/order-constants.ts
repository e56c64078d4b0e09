import { COMPANY } from '../company';
// The checkout's business constants (issue 13), in one place. Money is kept in whole cents:
// 4,90 € is 490, so sums never meet float error (0,10 + 0,20 is 30 cents, not 0.30000000000000004).
// On Supabase, place_order() must use the same values: the database decides what is charged.

/** How an order reaches the shopper; the key is what is stored (orders.delivery_method). */
export const DELIVERY_METHODS = ['domicile', 'point-relais', 'retrait-boutique'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

export const DELIVERY_METHOD_LABELS: Readonly<Record<DeliveryMethod, string>> = {
  domicile: 'Livraison à domicile',
  'point-relais': 'Point relais',
  'retrait-boutique': 'Retrait en boutique',
};

/** Livraison à domicile: 4,90 €. */
/** The home delivery price the legal pages state (COMPANY.shipping.price), in cents. */
const HOME_DELIVERY_FEE_CENTS = Math.round(COMPANY.shipping.price * 100);
/** Point relais: 3,90 €. */
const RELAY_DELIVERY_FEE_CENTS = 390;
/** Retrait en boutique: free, always. */
const STORE_PICKUP_FEE_CENTS = 0;

export const DELIVERY_FEES_CENTS: Readonly<Record<DeliveryMethod, number>> = {
  domicile: HOME_DELIVERY_FEE_CENTS,
  'point-relais': RELAY_DELIVERY_FEE_CENTS,
  'retrait-boutique': STORE_PICKUP_FEE_CENTS,
};

/**
 * From 60,00 € of products (the subtotal, delivery excluded), delivery is free: the threshold the
 * legal pages promise (COMPANY.shipping.freeFrom) and the database's order_delivery_options().
 */
export const FREE_DELIVERY_THRESHOLD_CENTS = Math.round(COMPANY.shipping.freeFrom * 100);
/** The methods the free-delivery threshold applies to (pickup is free anyway). */
export const FREE_DELIVERY_METHODS: readonly DeliveryMethod[] = ['domicile', 'point-relais'];

export function isDeliveryMethod(value: unknown): value is DeliveryMethod {
  return typeof value === 'string' && (DELIVERY_METHODS as readonly string[]).includes(value);
}

/** The most units of one product an order may hold: place_order() refuses more, as the local adapter does. */
export const MAX_QUANTITY_PER_PRODUCT = 20;
/** The refusal of a line past MAX_QUANTITY_PER_PRODUCT, word for word as place_order() raises it. */
export const TOO_MANY_OF_ONE_PRODUCT = `Au plus ${MAX_QUANTITY_PER_PRODUCT} exemplaires d’un même produit par commande.`;

/** The most lines an order may hold: place_order() refuses more before reading anything, as the local adapter does. */
export const MAX_ORDER_LINES = 50;
/** The refusal of an order past MAX_ORDER_LINES, word for word as place_order() raises it. */
export const TOO_MANY_LINES = `Une commande compte au plus ${MAX_ORDER_LINES} lignes.`;

/** The most units an order may hold, all products together: place_order() refuses more, as the local adapter does, and the cart says so first. */
export const MAX_UNITS_PER_ORDER = 100;
/** The refusal of an order past MAX_UNITS_PER_ORDER, word for word as place_order() raises it. */
export const TOO_MANY_UNITS = `Une commande compte au plus ${MAX_UNITS_PER_ORDER} articles. Pour une commande plus importante, contactez-nous.`;

/** How many units lines hold together. */
function unitsOf(lines: readonly { quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** Whether lines hold more units than one order may (MAX_UNITS_PER_ORDER). */
export function exceedsUnitsPerOrder(lines: readonly { quantity: number }[]): boolean {
  return unitsOf(lines) > MAX_UNITS_PER_ORDER;
}
