import { describe, expect, it } from 'vitest';
import { compareNewestFirst, newestFirst } from '@/domain/order/order-lookup';

const order = (number: string, placedAt: string) => ({ number, placedAt });

describe('orders, newest first', () => {
  it('the one placed last comes first, across years', () => {
    const orders = [
      order('CMD-2026-000001', '2026-11-22T10:00:00.000Z'),
      order('CMD-2027-000003', '2027-01-02T09:00:00.000Z'),
      order('CMD-2026-000002', '2026-12-31T23:30:00.000Z'),
    ];
    expect(newestFirst(orders).map((o) => o.number)).toEqual(['CMD-2027-000003', 'CMD-2026-000002', 'CMD-2026-000001']);
  });

  it('compares instants, not how the date is written', () => {
    // 10:30 in Paris (+01:00) is 09:30 UTC: earlier than 10:00 UTC, though its text sorts after.
    const orders = [order('CMD-2026-000007', '2026-11-22T10:30:00+01:00'), order('CMD-2026-000006', '2026-11-22T10:00:00.000Z')];
    expect(newestFirst(orders).map((o) => o.number)).toEqual(['CMD-2026-000006', 'CMD-2026-000007']);
  });

  it('placed at the same instant: the higher sequence first, by its value, not its text', () => {
    const at = '2026-11-22T10:00:00.000Z';
    const orders = [order('CMD-2026-000009', at), order('CMD-2026-000010', at), order('CMD-2025-000011', at)];
    expect(newestFirst(orders).map((o) => o.number)).toEqual(['CMD-2025-000011', 'CMD-2026-000010', 'CMD-2026-000009']);
  });

  it('without a date (the numbers a device keeps), by the sequence alone; leaves the list it was given as it was', () => {
    const refs = [{ number: 'CMD-2026-000002' }, { number: 'CMD-2026-000012' }, { number: 'CMD-2026-000003' }];
    expect([...refs].sort(compareNewestFirst).map((r) => r.number)).toEqual(['CMD-2026-000012', 'CMD-2026-000003', 'CMD-2026-000002']);
    const orders = [order('CMD-2026-000001', '2026-11-22T10:00:00.000Z'), order('CMD-2026-000002', '2026-11-23T10:00:00.000Z')];
    newestFirst(orders);
    expect(orders.map((o) => o.number)).toEqual(['CMD-2026-000001', 'CMD-2026-000002']);
  });
});
