import { COMPANY } from '../company';
import { DELIVERY_FEES_CENTS, DELIVERY_METHODS, FREE_DELIVERY_METHODS, FREE_DELIVERY_THRESHOLD_CENTS, type DeliveryMethod } from './order-constants';
import { DELIVERY_ZONES, NOT_DELIVERED, type DeliveryZone } from './postal-code';

/**
 * What the shop offers for delivery, as the checkout applies it: its methods, their fees, the
 * free-delivery threshold, the zones a postal code may name, the delays and the shop where orders
 * are collected. « Livraison et retours » is written from this, so the page says what checkout does.
 */
export interface DeliveryOffer {
  methods: readonly DeliveryMethod[];
  feesCents: Readonly<Record<DeliveryMethod, number>>;
  freeFromCents: number;
  freeMethods: readonly DeliveryMethod[];
  zones: readonly DeliveryZone[];
  /** The French codes refused (overseas), named so that the page says so and why. */
  notDelivered: DeliveryZone;
  carrier: string;
  dispatchWorkingDays: number;
  deliveryWorkingDays: string;
  pickup: { address: string; openingHours: readonly string[] };
}

export const DELIVERY_OFFER: DeliveryOffer = {
  methods: DELIVERY_METHODS,
  feesCents: DELIVERY_FEES_CENTS,
  freeFromCents: FREE_DELIVERY_THRESHOLD_CENTS,
  freeMethods: FREE_DELIVERY_METHODS,
  zones: DELIVERY_ZONES,
  notDelivered: NOT_DELIVERED,
  carrier: COMPANY.shipping.carrier,
  dispatchWorkingDays: COMPANY.shipping.dispatchWorkingDays,
  deliveryWorkingDays: COMPANY.shipping.deliveryWorkingDays,
  pickup: { address: COMPANY.address, openingHours: COMPANY.pickup.openingHours },
};

/** The zones in one sentence's list: « France métropolitaine, Corse et Monaco ». */
export function zonesSentence(zones: readonly DeliveryZone[]): string {
  const names = zones.map((zone) => (zone.detail ? `${zone.name} (${zone.detail})` : zone.name));
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} et ${names.at(-1)}`;
}
