import { describe, expect, it } from 'vitest';
import { formatCount, productCount } from '@/ui/format/count';

describe('a product count in French', () => {
  it('groups thousands with a narrow no-break space, as Intl writes them', () => {
    for (const n of [0, 7, 999, 1000, 1234, 100872, 1234567]) expect(formatCount(n)).toBe(n.toLocaleString('fr-FR'));
  });

  it('takes the singular for 0 and 1, the plural from 2, a no-break space before the word', () => {
    expect(productCount({ total: 0, totalIsExact: true })).toBe('0\u00a0produit');
    expect(productCount({ total: 1, totalIsExact: true })).toBe('1\u00a0produit');
    expect(productCount({ total: 2, totalIsExact: true })).toBe('2\u00a0produits');
    expect(productCount({ total: 1234, totalIsExact: true })).toBe('1\u202f234\u00a0produits');
  });

  it('says « plus de 1 000 produits » when the count stopped at its bound', () => {
    expect(productCount({ total: 1000, totalIsExact: false })).toBe('plus de 1\u202f000\u00a0produits');
  });
});
