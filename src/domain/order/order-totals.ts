import { DELIVERY_FEES_CENTS, FREE_DELIVERY_METHODS, FREE_DELIVERY_THRESHOLD_CENTS, VAT_RATE, type DeliveryMethod } from './order-constants';

/** An order's amounts, in whole cents, all TTC. */
export interface OrderTotals {
  /** The products: each line's unit price times its quantity, summed. */
  subtotalCents: number;
  deliveryCents: number;
  /** subtotal + delivery: what the shopper pays. */
  totalCents: number;
  /** The VAT included in the total (shown, not added). */
  vatIncludedCents: number;
}

/** Euros as the catalogue gives them (24.9) to whole cents (2490). */
export function toCents(euros: number): number {
  return Math.round(euros * 100);
}

/** What a delivery method costs for a subtotal: free from the threshold for home and relay. */
export function deliveryFeeCents(method: DeliveryMethod, subtotalCents: number): number {
  if (FREE_DELIVERY_METHODS.includes(method) && subtotalCents >= FREE_DELIVERY_THRESHOLD_CENTS) return 0;
  return DELIVERY_FEES_CENTS[method];
}

// VAT_RATE as a whole percentage (20), so the VAT is computed on integers: no float error can
// push a half cent the wrong way.
const VAT_PERCENT = Math.round(VAT_RATE * 100);

/** total − total / 1.2, rounded to the cent (half up): total × 20 / 120 on integers. */
export function vatIncludedCents(totalCents: number): number {
  return Math.round((totalCents * VAT_PERCENT) / (100 + VAT_PERCENT));
}

/** The totals of lines delivered by `method`. */
export function computeTotals(lines: readonly { unitPriceCents: number; quantity: number }[], method: DeliveryMethod): OrderTotals {
  const subtotalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const deliveryCents = deliveryFeeCents(method, subtotalCents);
  const totalCents = subtotalCents + deliveryCents;
  return { subtotalCents, deliveryCents, totalCents, vatIncludedCents: vatIncludedCents(totalCents) };
}
