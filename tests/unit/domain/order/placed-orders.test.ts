import { describe, expect, it } from 'vitest';
import { PlacedOrders } from '@/domain/order/placed-orders';
import { FailingKeyValueStore } from '../../../fakes/failing-key-value-store';
import { RecordingLogger } from '../../../fakes/recording-logger';
import { STORAGE_KEYS } from '@/domain/storage-keys';

function device(stored?: string) {
  const store = new FailingKeyValueStore();
  if (stored !== undefined) store.set(STORAGE_KEYS.placedOrders, stored);
  const logger = new RecordingLogger();
  return { store, logger, placed: new PlacedOrders(store, logger) };
}

describe('the orders placed from this device (placed_orders)', () => {
  it('remembers each order’s number and secret, lists them newest first, and keeps them for the next page', () => {
    const { store, placed, logger } = device();
    expect(placed.list()).toEqual([]);
    expect(placed.remember({ number: 'CMD-2026-000009', secret: 'a' })).toBe(true);
    expect(placed.remember({ number: 'CMD-2027-000012', secret: 'b' })).toBe(true);
    expect(placed.remember({ number: 'CMD-2026-000010', secret: 'c' })).toBe(true);
    const again = new PlacedOrders(store, logger);
    expect(again.list().map((ref) => ref.number)).toEqual(['CMD-2027-000012', 'CMD-2026-000010', 'CMD-2026-000009']);
    expect(again.secretOf('CMD-2026-000010')).toBe('c');
    expect(again.secretOf('CMD-2026-000011')).toBeNull();
    expect(logger.problems()).toEqual([]);
  });

  it('keeps one secret per number: the last one given', () => {
    const { placed } = device();
    placed.remember({ number: 'CMD-2026-000001', secret: 'ancien' });
    placed.remember({ number: 'CMD-2026-000001', secret: 'nouveau' });
    expect(placed.list()).toEqual([{ number: 'CMD-2026-000001', secret: 'nouveau' }]);
  });

  it.each([
    ['text that is not JSON', '{pas du json'],
    ['JSON that is not a list', '{"number": "CMD-2026-000001"}'],
  ])('reads %s as no order, with a warning, and never throws', (_what, stored) => {
    const { placed, logger } = device(stored);
    expect(placed.list()).toEqual([]);
    expect(placed.secretOf('CMD-2026-000001')).toBeNull();
    expect(logger.problems('warn').join('\n')).toMatch(/placed_orders/);
    expect(placed.remember({ number: 'CMD-2026-000002', secret: 's' })).toBe(true);
    expect(placed.list()).toEqual([{ number: 'CMD-2026-000002', secret: 's' }]);
  });

  it('drops an invalid item and keeps the others', () => {
    const { placed, logger } = device(JSON.stringify([{ number: 'CMD-2026-000001', secret: 's1' }, { number: 'CMD-2026-000002' }, 'x']));
    expect(placed.list()).toEqual([{ number: 'CMD-2026-000001', secret: 's1' }]);
    expect(logger.problems('warn')).toHaveLength(2);
  });

  it('a storage that refuses the write: the order is not remembered, the refusal logged, nothing thrown', () => {
    const { store, placed, logger } = device();
    store.failWrites = true;
    expect(placed.remember({ number: 'CMD-2026-000001', secret: 's' })).toBe(false);
    expect(placed.list()).toEqual([]);
    expect(logger.problems('error').join('\n')).toMatch(/CMD-2026-000001/);
  });
});
