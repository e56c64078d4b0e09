import type { RelayPoint } from '@/domain/order/relay-point';
import type { Result } from '@/domain/result';
import { token } from './token';

export type { RelayPoint } from '@/domain/order/relay-point';

/**
 * The relay points a parcel can be sent to, near a postal code (« Point relais » at checkout).
 * Asynchronous and answering with a Result, as a carrier's API would (Mondial Relay, Relais
 * Colis, La Poste's Pickup): an adapter for one of them implements this and nothing else moves.
 * No backend of the shop serves relay points: the demo adapter (src/adapters/demo-relay-points)
 * serves the local and the Supabase builds alike, and place_order() keeps the point the shopper
 * chose without checking it against a carrier.
 *
 * What every adapter must guarantee (tests/contract/relay-points.contract.test.ts):
 * - `search` takes a postal code as typed (spaces allowed); one that is not 5 digits, or names no
 *   zone the shop delivers (domain/order/postal-code.ts), answers `invalid-postal-code` with the
 *   checkout's French message;
 * - otherwise it answers at most RELAY_POINTS_PER_SEARCH points, the nearest first (its own
 *   department's before any other, then by distance from the searched code's place: no point left
 *   out is nearer than one answered, domain/order/postal-code-places.ts), possibly none; each with
 *   an id, a name, a street, a 5-digit postal code, a city and its opening hours in French;
 * - the same search answers the same points in the same order;
 * - a carrier that cannot be reached answers `network`.
 */
export interface RelayPoints {
  search(postalCode: string): Promise<Result<readonly RelayPoint[]>>;
}

/** The most points one search answers. */
export const RELAY_POINTS_PER_SEARCH = 5;

export const RELAY_POINTS = token<RelayPoints>('RelayPoints');
