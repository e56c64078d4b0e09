import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { catalogueChangeOf } from '@/adapters/supabase/supabase-catalogue-changes';

type Payload = RealtimePostgresChangesPayload<Record<string, unknown>>;
const event = (table: string, eventType: 'INSERT' | 'UPDATE' | 'DELETE', rows: { new?: object; old?: object }): Payload =>
  ({
    schema: 'public',
    table,
    commit_timestamp: '2026-11-23T20:00:00.000Z',
    eventType,
    new: rows.new ?? {},
    old: rows.old ?? {},
    errors: [],
  }) as unknown as Payload;

// What realtime-js hands the adapter (after the wire format the contract suite runs through).
describe('the catalogue change a Realtime event says', () => {
  it('a product inserted or updated is saved; deleted, deleted (its old row is its primary key alone)', () => {
    expect(catalogueChangeOf(event('products', 'INSERT', { new: { id: 81, price: 12 } }))).toEqual({ productId: '81', kind: 'saved' });
    expect(catalogueChangeOf(event('products', 'UPDATE', { new: { id: 81 }, old: { id: 81 } }))).toEqual({ productId: '81', kind: 'saved' });
    expect(catalogueChangeOf(event('products', 'DELETE', { old: { id: 81 } }))).toEqual({ productId: '81', kind: 'deleted' });
  });

  it('a picture added, moved or removed is its product saved, when the event names the product', () => {
    expect(catalogueChangeOf(event('product_images', 'INSERT', { new: { id: 7, product_id: 81 } }))).toEqual({ productId: '81', kind: 'saved' });
    expect(catalogueChangeOf(event('product_images', 'DELETE', { old: { id: 7, product_id: 81 } }))).toEqual({ productId: '81', kind: 'saved' });
  });

  it('a removed picture whose event names only itself (row-level security) says nothing: its product’s UPDATE does', () => {
    expect(catalogueChangeOf(event('product_images', 'DELETE', { old: { id: 7 } }))).toBeNull();
  });
});
