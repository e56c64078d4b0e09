import { describe, expect, it } from 'vitest';
import { DemoRelayPoints } from '@/adapters/demo-relay-points/demo-relay-points';
import { CHECKOUT_MESSAGES } from '@/domain/order/checkout-form';
import { departmentOf, zoneOf } from '@/domain/order/postal-code';
import { distanceKm } from '@/domain/order/postal-code-places';
import { isValidOrderRelayPoint, type RelayPoint } from '@/domain/order/relay-point';
import { RELAY_POINTS_PER_SEARCH, type RelayPoints } from '@/ports/relay-points';

/**
 * The RelayPoints port's promises (src/ports/relay-points.ts). One adapter today, the demo list,
 * which the local and the Supabase builds both use: no backend of the shop serves relay points.
 */
function relayPointsContract(name: string, create: () => RelayPoints) {
  describe(`RelayPoints contract: ${name}`, () => {
    it('answers the points near a postal code, its own department’s first, each complete and with its hours', async () => {
      const found = await create().search('75 011');
      if (!found.ok) throw new Error(found.error.message);
      expect(found.value.length).toBeGreaterThan(0);
      expect(found.value.length).toBeLessThanOrEqual(RELAY_POINTS_PER_SEARCH);
      expect(departmentOf(found.value[0]!.postalCode)).toBe('75');
      for (const point of found.value) {
        expect(isValidOrderRelayPoint(point)).toBe(true);
        expect(point.openingHours.length).toBeGreaterThan(0);
      }
      const departments = found.value.map((point) => (departmentOf(point.postalCode) === '75' ? 0 : 1));
      expect(departments).toEqual([...departments].sort());
    });

    it.each([
      ['20090', 'Corse'],
      ['98000', 'Monaco'],
      ['69100', 'France métropolitaine'],
    ])('answers, for %s, points of its zone (%s) only', async (code, zone) => {
      const found = await create().search(code);
      if (!found.ok) throw new Error(found.error.message);
      expect(found.value.length).toBeGreaterThan(0);
      expect(found.value.every((point) => zoneOf(point.postalCode)?.name === zone)).toBe(true);
    });

    // Issue 42, item 13: « du plus proche au plus éloigné » is a promise. Every point any search
    // answers is known here; for each search, none of its zone left out is nearer than one answered.
    it('answers the points by distance from the searched code’s place: none left out is nearer than one answered', async () => {
      const adapter = create();
      const codes = ['69001', '69002', '75011', '92100', '13008', '33000', '59000', '31000', '44000', '67000', '20090', '20200', '98000', '06000'];
      const answers = new Map<string, readonly RelayPoint[]>();
      for (const code of codes) {
        const found = await adapter.search(code);
        if (!found.ok) throw new Error(found.error.message);
        answers.set(code, found.value);
      }
      const known = new Map([...answers.values()].flat().map((point) => [point.id, point]));
      for (const [code, answered] of answers) {
        const distances = answered.map((point) => (departmentOf(point.postalCode) === departmentOf(code) ? 0 : distanceKm(code, point.postalCode)));
        expect(distances, `the points for ${code}`).toEqual([...distances].sort((a, b) => a - b));
        if (answered.length < RELAY_POINTS_PER_SEARCH) continue;
        const farthest = Math.max(...distances);
        const nearerLeftOut = [...known.values()].filter(
          (point) => zoneOf(point.postalCode) === zoneOf(code) && !answered.some((a) => a.id === point.id) && distanceKm(code, point.postalCode) < farthest,
        );
        expect(
          nearerLeftOut.map((point) => point.city),
          `the points left out for ${code}`,
        ).toEqual([]);
      }
    });

    it('answers the same points in the same order for the same search', async () => {
      const adapter = create();
      expect(await adapter.search('13008')).toEqual(await adapter.search('13008'));
    });

    it.each([
      ['', CHECKOUT_MESSAGES.postalCodeRequired],
      ['750', CHECKOUT_MESSAGES.postalCodeInvalid],
      ['99000', CHECKOUT_MESSAGES.postalCodeUnknown],
      // Issue 42, item 5: no relay point where no parcel goes, and the reason said.
      ['97400', CHECKOUT_MESSAGES.postalCodeNotDelivered],
      ['97110', CHECKOUT_MESSAGES.postalCodeNotDelivered],
      ['98800', CHECKOUT_MESSAGES.postalCodeNotDelivered],
    ])('refuses %j with the checkout’s message', async (code, message) => {
      expect(await create().search(code)).toEqual({ ok: false, error: { code: 'invalid-postal-code', message } });
    });
  });
}

relayPointsContract('demo list (local and Supabase builds)', () => new DemoRelayPoints());
