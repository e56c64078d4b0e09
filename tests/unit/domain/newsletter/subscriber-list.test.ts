import { describe, expect, it } from 'vitest';
import type { Subscriber } from '@/domain/newsletter/subscriber';
import { countSubscribers, filterSubscribers, newestFirst } from '@/domain/newsletter/subscriber-list';

function subscriber(email: string, subscribedAt: string, isActive = true): Subscriber {
  return { id: email, email, subscribedAt, isActive, confirmationSent: true, unsubscribeToken: email };
}

const A = subscriber('a@exemple.fr', '2026-11-20T10:00:00.000Z');
const B = subscriber('b@exemple.fr', '2026-11-22T10:00:00.000Z', false);
const C = subscriber('c@exemple.fr', '2026-11-21T10:00:00.000Z');

describe('the back office’s subscriber list', () => {
  it('sorts the newest subscription first, an unreadable date last', () => {
    const broken = subscriber('z@exemple.fr', 'pas une date');
    expect(newestFirst([A, broken, B, C]).map((s) => s.email)).toEqual(['b@exemple.fr', 'c@exemple.fr', 'a@exemple.fr', 'z@exemple.fr']);
  });

  it('counts active, unsubscribed and all subscribers', () => {
    expect(countSubscribers([A, B, C])).toEqual({ active: 2, inactive: 1, total: 3 });
    expect(countSubscribers([])).toEqual({ active: 0, inactive: 0, total: 0 });
  });

  it('filters: tous, actifs, désabonnés', () => {
    expect(filterSubscribers([A, B, C], 'tous')).toEqual([A, B, C]);
    expect(filterSubscribers([A, B, C], 'actifs')).toEqual([A, C]);
    expect(filterSubscribers([A, B, C], 'desabonnes')).toEqual([B]);
  });
});
