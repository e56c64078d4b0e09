import { describe, expect, it } from 'vitest';
import { parseChange, parseLsn } from '../../support/supabase/wal-changes';

// The fake Realtime server reads row changes from test_decoding's text (tests/support/supabase/
// wal-changes.ts): each form PostgreSQL 15 writes, as it wrote them for the shop's tables.
describe('test_decoding row changes, as the fake Realtime server reads them', () => {
  it('reads an UPDATE: quoted text with doubled quotes, numbers, NULL, arrays and quoted column names', () => {
    expect(
      parseChange(
        `table public.products: UPDATE: id[bigint]:1 name[text]:'Théière l''ancienne' price[numeric]:12.50 original_price[numeric]:null ` +
          `tags[text[]]:'{"a b",c''d}' is_published[boolean]:true created_at[timestamp with time zone]:'2025-08-20 18:45:00+00' "position"[integer]:9`,
      ),
    ).toEqual({
      schema: 'public',
      table: 'products',
      type: 'UPDATE',
      tuple: {
        id: '1',
        name: "Théière l'ancienne",
        price: '12.50',
        original_price: null,
        tags: `{"a b",c'd}`,
        is_published: 'true',
        created_at: '2025-08-20 18:45:00+00',
        position: '9',
      },
      oldKey: null,
    });
  });

  it('reads a DELETE as the old key alone', () => {
    expect(parseChange('table public.product_images: DELETE: id[bigint]:224')).toEqual({
      schema: 'public',
      table: 'product_images',
      type: 'DELETE',
      tuple: null,
      oldKey: { id: '224' },
    });
  });

  it('reads an UPDATE of the key: the old key, then the new row', () => {
    expect(parseChange("table public.products: UPDATE: old-key: id[bigint]:1 new-tuple: id[bigint]:2 slug[text]:'vase bleu'")).toMatchObject({
      tuple: { id: '2', slug: 'vase bleu' },
      oldKey: { id: '1' },
    });
  });

  it('leaves out a TOASTed value an UPDATE did not change, and reads a row without data as no data', () => {
    expect(parseChange("table public.products: UPDATE: id[bigint]:1 description[text]:unchanged-toast-datum slug[text]:'vase'").tuple).toEqual({
      id: '1',
      slug: 'vase',
    });
    expect(parseChange('table public.products: DELETE: (no-tuple-data)')).toMatchObject({ tuple: null, oldKey: null });
  });

  it('refuses a line it cannot read rather than guess', () => {
    expect(() => parseChange("table public.products: UPDATE: id[bigint]:1 name[text]:'sans fin")).toThrow(/unterminated/);
    expect(() => parseChange('BEGIN 731')).toThrow(/not a row change/);
  });

  it('orders WAL positions as PostgreSQL does', () => {
    expect(parseLsn('0/15C4E68') < parseLsn('0/15C52F8')).toBe(true);
    expect(parseLsn('1/0') > parseLsn('0/FFFFFFFF')).toBe(true);
  });
});
