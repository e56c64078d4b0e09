import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readCatalogue, SEED_FILE, seedSql } from '../../../scripts/generate/seed.mjs';

const category = { slug: 'cuisine', name: 'Cuisine', description: 'Pour la table.', image: '/c.svg' };
const product = {
  id: 'p-1',
  slug: 'bol',
  name: 'Bol',
  description: 'Un bol.',
  price: 12.5,
  category: 'cuisine',
  tags: ['thé'],
  images: ['/a.svg', '/b.svg'],
  inStock: true,
  stock: 3,
  createdAt: '2026-01-01T10:00:00.000Z',
};

describe('supabase/seed.sql (generated from the demo catalogue)', () => {
  it('is exactly what `npm run db:seed` writes from the committed demo catalogue', () => {
    // If this fails, the demo catalogue or the generator changed: run `npm run db:seed` and commit.
    expect(readFileSync(SEED_FILE, 'utf8')).toBe(seedSql(readCatalogue()));
  });

  it('writes every product with its category, prices, stock, tags, date, VAT rate and pictures in order', () => {
    const sql = seedSql({
      categories: [category, { ...category, slug: 'epicerie', name: 'Épicerie', vatRate: 550 }],
      products: [
        { ...product, category: 'epicerie', originalPrice: 15 },
        { ...product, id: 'p-2', slug: 'caramels', category: 'epicerie', vatRate: 2000, images: [] },
      ],
    });
    // A category without a rate is at 20 %; a product without one gets its category's (null: the database's trigger).
    expect(sql).toContain("(1, 'cuisine', 'Cuisine', 'Pour la table.', '/c.svg', 0, 2000),\n  (2, 'epicerie', 'Épicerie', 'Pour la table.', '/c.svg', 1, 550)");
    expect(sql).toContain(
      "(1, 'bol', 'Bol', 'Un bol.', 12.50, null, 2, 3, array['thé']::text[], true, '2026-01-01T10:00:00.000Z', '2026-01-01T10:00:00.000Z', null)",
    );
    // Its reference price is written once its history is (20261126181000_price_history.sql).
    expect(sql).toContain(
      'update public.products p set price = c.price, original_price = c.original_price, updated_at = p.created_at\nfrom (values\n  (1, 12.50, 15.00)\n)',
    );
    expect(sql).toContain("'2026-01-01T10:00:00.000Z', '2026-01-01T10:00:00.000Z', 2000)");
    expect(sql).toContain("(1, 1, '/a.svg', 0),\n  (2, 1, '/b.svg', 1);");
  });

  it('keeps quotes inside texts as SQL literals, and no original price as null', () => {
    const sql = seedSql({ categories: [category], products: [{ ...product, name: "L'olivier d'Ana", tags: [] }] });
    expect(sql).toContain("'L''olivier d''Ana'");
    expect(sql).toContain("12.50, null, 1, 3, '{}'::text[]");
  });

  it('writes a product at its first price, its later prices with their dates, then its last price and reference (issue 25)', () => {
    const priceHistory = [
      { price: 15, since: '2026-01-01T10:00:00.000Z' },
      { price: 12.5, since: '2026-03-01T10:00:00.000Z' },
    ];
    const sql = seedSql({ categories: [category], products: [{ ...product, originalPrice: 15, priceHistory }] });
    expect(sql).toContain("(1, 'bol', 'Bol', 'Un bol.', 15.00, null, 1,");
    expect(sql).toContain("insert into public.product_price_history (product_id, price, since) values\n  (1, 12.50, '2026-03-01T10:00:00.000Z');");
    expect(sql).toContain('(1, 12.50, 15.00)');
    expect(sql.indexOf('product_price_history')).toBeLessThan(sql.indexOf('update public.products'));
  });

  // Issue 42, item 12: the demo's promotions are recent wherever the seed is loaded, not dated 2025.
  it('dates a promotion given « N days ago » by the database’s clock when the seed runs, never before the price it follows', () => {
    const priceHistory = [
      { price: 15, since: '2026-01-01T10:00:00.000Z' },
      { price: 12.5, sinceDaysAgo: 9 },
    ];
    const sql = seedSql({ categories: [category], products: [{ ...product, originalPrice: 15, priceHistory }] });
    expect(sql).toContain(
      "insert into public.product_price_history (product_id, price, since) values\n  (1, 12.50, greatest(now() - interval '9 days', '2026-01-01T10:00:00.000Z'::timestamptz + interval '1 hour'));",
    );
  });

  it('seeds every demo promotion 3 to 21 days before it is loaded', () => {
    const rows = readFileSync(SEED_FILE, 'utf8').split('insert into public.product_price_history')[1]!.split(';')[0]!.split('\n').slice(1);
    expect(rows).toHaveLength(18);
    for (const row of rows)
      expect(row).toMatch(/^ {2}\(\d+, \d+\.\d\d, greatest\(now\(\) - interval '([3-9]|1\d|2[01]) days', '[^']+'::timestamptz \+ interval '1 hour'\)\),?$/);
  });

  it('refuses a product whose category does not exist rather than write a broken seed', () => {
    expect(() => seedSql({ categories: [category], products: [{ ...product, category: 'jardin' }] })).toThrow('Product p-1: unknown category jardin');
  });
});
