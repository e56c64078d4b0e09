import { isDeliveredPostalCode } from './postal-code';

/** A relay point where a parcel can be collected (RelayPoints port). */
export interface RelayPoint {
  /** The carrier's identifier of the point. */
  id: string;
  name: string;
  street: string;
  /** 5 digits. */
  postalCode: string;
  city: string;
  /** One line a day or a span of days, in French (« Lundi au vendredi : 9 h – 19 h »). */
  openingHours: readonly string[];
}

/** The relay point an order keeps: who and where, not its hours (they change; the order does not). */
export type OrderRelayPoint = Pick<RelayPoint, 'id' | 'name' | 'street' | 'postalCode' | 'city'>;

/** The lengths place_order() accepts for a relay point's fields (supabase/migrations/…_delivery_choices.sql). */
const RELAY_POINT_LIMITS = { id: 40, name: 120, street: 200, city: 100 } as const;

export const RELAY_POINT_MESSAGES = {
  required: 'Choisissez un point relais.',
  invalid: 'Le point relais choisi est invalide. Choisissez-en un dans la liste.',
} as const;

/** The order's copy of a point. */
export function toOrderRelayPoint({ id, name, street, postalCode, city }: OrderRelayPoint): OrderRelayPoint {
  return { id, name, street, postalCode, city };
}

const filled = (text: unknown, limit: number) => typeof text === 'string' && text.trim() !== '' && text.trim() === text && text.length <= limit;

/** Whether a relay point as a request carries it has every field the order keeps, within its limits. */
export function isValidOrderRelayPoint(point: OrderRelayPoint | null | undefined): point is OrderRelayPoint {
  if (point === null || point === undefined || typeof point !== 'object') return false;
  return (
    filled(point.id, RELAY_POINT_LIMITS.id) &&
    filled(point.name, RELAY_POINT_LIMITS.name) &&
    filled(point.street, RELAY_POINT_LIMITS.street) &&
    filled(point.city, RELAY_POINT_LIMITS.city) &&
    typeof point.postalCode === 'string' &&
    isDeliveredPostalCode(point.postalCode)
  );
}
