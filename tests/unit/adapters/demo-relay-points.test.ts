import { describe, expect, it } from 'vitest';
import { DemoRelayPoints } from '@/adapters/demo-relay-points/demo-relay-points';

// Issue 42, item 13: the demo's points for a Lyon code, as the checkout lists them « du plus
// proche au plus éloigné » (the contract suite holds the rule every adapter keeps).
describe('DemoRelayPoints', () => {
  it('answers, for 69001, Lyon’s points, then Marseille’s and Toulouse’s, never Strasbourg or Paris before them', async () => {
    const found = await new DemoRelayPoints().search('69001');
    if (!found.ok) throw new Error(found.error.message);
    expect(found.value.map((point) => point.city)).toEqual(['Lyon', 'Lyon', 'Marseille', 'Marseille', 'Toulouse']);
  });
});
