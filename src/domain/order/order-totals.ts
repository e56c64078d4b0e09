import { STANDARD_VAT_RATE, vatIncludedAt, type VatRate } from '../vat-rate';
import { DELIVERY_FEES_CENTS, FREE_DELIVERY_METHODS, FREE_DELIVERY_THRESHOLD_CENTS, type DeliveryMethod } from './order-constants';

/** An order's amounts, in whole cents, all TTC. */
export interface OrderTotals {
  /** The products: each line's unit price times its quantity, summed. */
  subtotalCents: number;
  deliveryCents: number;
  /** subtotal + delivery: what the shopper pays. */
  totalCents: number;
  /** The VAT included in the total (shown, not added): the sum of vatByRate's. */
  vatIncludedCents: number;
  /** The VAT of each rate the order holds, lowest rate first (vatByRate below). */
  vatByRate: readonly RateVat[];
}

/** What an order holds at one VAT rate: its goods and share of the delivery, TTC, and the VAT in it. */
export interface RateVat {
  rate: VatRate;
  /** The lines at this rate plus their share of the delivery fee, TTC. */
  baseCents: number;
  vatCents: number;
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

/** a × b / c rounded half up, on whole numbers (a, b, c ≥ 0, c > 0). */
function mulDivRound(a: number, b: number, c: number): number {
  return Math.floor((2 * a * b + c) / (2 * c));
}

/**
 * The VAT of an order per rate. Prices are TTC and a line is its unit price times its quantity,
 * exact in cents: no line is rounded. For each rate, the lines' sum TTC plus that rate's share of
 * the delivery fee is the base, and its VAT is base − base / (1 + rate), rounded to the cent (half
 * up), once per rate (never per line).
 *
 * The delivery fee is split between the rates in proportion to the goods of each
 * (« ventilation au prorata »): the delivery is an accessory of the sale of the goods and follows
 * their rate (CGI art. 267, I-2°: transport billed to the buyer is part of the price); when the goods
 * are at several rates, splitting the fee by their value is what the tax administration admits, and
 * it taxes each part of the basket (food at 5,5 %, a teapot at 20 %) on its own share, where the
 * main rate alone would tax a mostly-food basket's whole fee at 5,5 % or a mostly-teapot one at 20 %.
 * Each share but one is rounded half up to the cent; the rate with the most goods (the higher rate
 * on a tie) takes what is left, so the shares add up to the fee exactly. A fee without goods (no
 * line) is at the standard rate. place_order's order_document computes the same in SQL.
 */
export function vatByRate(lines: readonly { unitPriceCents: number; quantity: number; vatRate: VatRate }[], deliveryCents: number): readonly RateVat[] {
  const goods = new Map<VatRate, number>();
  for (const line of lines) goods.set(line.vatRate, (goods.get(line.vatRate) ?? 0) + line.unitPriceCents * line.quantity);
  const subtotal = [...goods.values()].reduce((sum, cents) => sum + cents, 0);
  if (subtotal === 0) {
    return deliveryCents === 0 ? [] : [{ rate: STANDARD_VAT_RATE, baseCents: deliveryCents, vatCents: vatIncludedAt(deliveryCents, STANDARD_VAT_RATE) }];
  }
  const [main] = [...goods].sort(([rateA, a], [rateB, b]) => b - a || rateB - rateA);
  const shares = new Map<VatRate, number>();
  for (const [rate, cents] of goods) if (rate !== main![0]) shares.set(rate, mulDivRound(deliveryCents, cents, subtotal));
  shares.set(main![0], deliveryCents - [...shares.values()].reduce((sum, cents) => sum + cents, 0));
  return [...goods]
    .sort(([a], [b]) => a - b)
    .map(([rate, cents]) => {
      const baseCents = cents + shares.get(rate)!;
      return { rate, baseCents, vatCents: vatIncludedAt(baseCents, rate) };
    });
}

/** The totals of lines delivered by `method`. */
export function computeTotals(lines: readonly { unitPriceCents: number; quantity: number; vatRate: VatRate }[], method: DeliveryMethod): OrderTotals {
  const subtotalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const deliveryCents = deliveryFeeCents(method, subtotalCents);
  const totalCents = subtotalCents + deliveryCents;
  const byRate = vatByRate(lines, deliveryCents);
  return { subtotalCents, deliveryCents, totalCents, vatIncludedCents: byRate.reduce((sum, rate) => sum + rate.vatCents, 0), vatByRate: byRate };
}
