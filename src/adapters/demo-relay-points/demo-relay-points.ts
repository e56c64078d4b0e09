import { CHECKOUT_MESSAGES, postalCodeRefusal } from '@/domain/order/checkout-form';
import { departmentOf, normalizePostalCode, zoneOf } from '@/domain/order/postal-code';
import { distanceKm } from '@/domain/order/postal-code-places';
import type { RelayPoint } from '@/domain/order/relay-point';
import { fail, ok, type Result } from '@/domain/result';
import { RELAY_POINTS_PER_SEARCH, type RelayPoints } from '@/ports/relay-points';

const WEEK = 'Lundi au vendredi\u00a0: 9\u00a0h – 19\u00a0h';
const SATURDAY = 'Samedi\u00a0: 9\u00a0h – 12\u00a0h\u00a030';
const LONG_WEEK = 'Lundi au samedi\u00a0: 8\u00a0h – 20\u00a0h';

/**
 * Demonstration relay points, a few in several departments of each zone the shop delivers
 * (metropolitan France, Corsica, Monaco). Made-up shops at made-up numbers of real streets:
 * a carrier's adapter replaces this one before a real shop opens.
 */
const DEMO_RELAY_POINTS: readonly RelayPoint[] = [
  { id: 'DEMO-75011-01', name: 'Tabac de la Roquette', street: '48 rue de la Roquette', postalCode: '75011', city: 'Paris', openingHours: [LONG_WEEK] },
  { id: 'DEMO-75011-02', name: 'Épicerie Voltaire', street: '112 boulevard Voltaire', postalCode: '75011', city: 'Paris', openingHours: [WEEK, SATURDAY] },
  { id: 'DEMO-75015-01', name: 'Librairie du Commerce', street: '30 rue du Commerce', postalCode: '75015', city: 'Paris', openingHours: [WEEK, SATURDAY] },
  { id: 'DEMO-75018-01', name: 'Pressing des Abbesses', street: '5 rue des Abbesses', postalCode: '75018', city: 'Paris', openingHours: [LONG_WEEK] },
  {
    id: 'DEMO-92100-01',
    name: 'Fleurs de Billancourt',
    street: '21 avenue Édouard-Vaillant',
    postalCode: '92100',
    city: 'Boulogne-Billancourt',
    openingHours: [WEEK],
  },
  { id: 'DEMO-69002-01', name: 'Papeterie Bellecour', street: '14 rue de la Charité', postalCode: '69002', city: 'Lyon', openingHours: [WEEK, SATURDAY] },
  {
    id: 'DEMO-69007-01',
    name: 'Bazar de la Guillotière',
    street: '60 grande rue de la Guillotière',
    postalCode: '69007',
    city: 'Lyon',
    openingHours: [LONG_WEEK],
  },
  { id: 'DEMO-13001-01', name: 'Tabac du Vieux-Port', street: '9 quai du Port', postalCode: '13001', city: 'Marseille', openingHours: [LONG_WEEK] },
  { id: 'DEMO-13008-01', name: 'Supérette du Prado', street: '210 avenue du Prado', postalCode: '13008', city: 'Marseille', openingHours: [WEEK, SATURDAY] },
  {
    id: 'DEMO-33000-01',
    name: 'Cave des Chartrons',
    street: '75 cours de la Martinique',
    postalCode: '33000',
    city: 'Bordeaux',
    openingHours: [WEEK, SATURDAY],
  },
  { id: 'DEMO-59000-01', name: 'Relais de Wazemmes', street: '3 place de la Nouvelle-Aventure', postalCode: '59000', city: 'Lille', openingHours: [LONG_WEEK] },
  { id: 'DEMO-31000-01', name: 'Librairie du Capitole', street: '18 rue du Taur', postalCode: '31000', city: 'Toulouse', openingHours: [WEEK, SATURDAY] },
  { id: 'DEMO-44000-01', name: 'Presse Graslin', street: '2 rue Racine', postalCode: '44000', city: 'Nantes', openingHours: [WEEK] },
  {
    id: 'DEMO-67000-01',
    name: 'Droguerie de la Petite France',
    street: '11 rue du Bain-aux-Plantes',
    postalCode: '67000',
    city: 'Strasbourg',
    openingHours: [WEEK, SATURDAY],
  },
  { id: 'DEMO-20000-01', name: 'Tabac du Cours Napoléon', street: '40 cours Napoléon', postalCode: '20000', city: 'Ajaccio', openingHours: [WEEK, SATURDAY] },
  {
    id: 'DEMO-20200-01',
    name: 'Épicerie du Vieux Port',
    street: '7 quai des Martyrs-de-la-Libération',
    postalCode: '20200',
    city: 'Bastia',
    openingHours: [WEEK],
  },
  { id: 'DEMO-98000-01', name: 'Presse du Port Hercule', street: '22 boulevard Albert-Ier', postalCode: '98000', city: 'Monaco', openingHours: [LONG_WEEK] },
];

/**
 * The RelayPoints port over DEMO_RELAY_POINTS, for the local and the Supabase builds alike: the
 * points of the searched code's zone, its own department's first, then by distance from the
 * searched code's place (domain/order/postal-code-places.ts); within a department, by how close
 * their codes are.
 */
export class DemoRelayPoints implements RelayPoints {
  constructor(private readonly points: readonly RelayPoint[] = DEMO_RELAY_POINTS) {}

  async search(postalCode: string): Promise<Result<readonly RelayPoint[]>> {
    const code = normalizePostalCode(postalCode);
    if (code === null)
      return fail('invalid-postal-code', postalCode.trim() === '' ? CHECKOUT_MESSAGES.postalCodeRequired : CHECKOUT_MESSAGES.postalCodeInvalid);
    const zone = zoneOf(code);
    // An overseas code is refused with the checkout's reason: no relay point there either.
    if (zone === undefined) return fail('invalid-postal-code', postalCodeRefusal(code) ?? CHECKOUT_MESSAGES.postalCodeUnknown);
    const department = departmentOf(code);
    const rank = (point: RelayPoint) =>
      [departmentOf(point.postalCode) === department ? 0 : 1, distanceKm(code, point.postalCode), Math.abs(Number(point.postalCode) - Number(code))] as const;
    const near = this.points
      .filter((point) => zoneOf(point.postalCode) === zone)
      .sort((a, b) => {
        const [da, ka, xa] = rank(a);
        const [db, kb, xb] = rank(b);
        return da - db || ka - kb || xa - xb || a.id.localeCompare(b.id);
      });
    return ok(near.slice(0, RELAY_POINTS_PER_SEARCH));
  }
}
