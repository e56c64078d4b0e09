import { describe, expect, it } from 'vitest';
import { mainPictureOf, picturesOf, toStoredProduct, type Product } from '@/domain/product';
import { publicImageKind } from '../../support/public-image';

describe('the pictures shown for a product (spec §3)', () => {
  it('its own pictures, in order', () => {
    expect(picturesOf({ images: ['/images/a.svg', '/images/b.svg'] })).toEqual(['/images/a.svg', '/images/b.svg']);
    expect(mainPictureOf({ images: ['/images/a.svg', '/images/b.svg'] })).toBe('/images/a.svg');
  });

  it('none of its own (no list, an empty list, only blanks): the default stock photo alone', () => {
    for (const images of [undefined, [], [''], [' ', '']]) {
      expect(picturesOf({ images })).toEqual(['/images/stock/produit-par-defaut.svg']);
      expect(mainPictureOf({ images })).toBe('/images/stock/produit-par-defaut.svg');
    }
  });

  it('blank entries are skipped, so a blank first picture never hides the next one', () => {
    expect(picturesOf({ images: ['', '/images/b.svg', ' ', '/images/c.svg'] })).toEqual(['/images/b.svg', '/images/c.svg']);
    expect(mainPictureOf({ images: ['', '/images/b.svg'] })).toBe('/images/b.svg');
  });

  it('the default stock photo is a picture the shop serves: a file of public/ that is an image', () => {
    // A renamed or deleted file would leave every product without pictures with a broken one.
    expect(publicImageKind(mainPictureOf({}))).toBe('svg');
  });
});

describe('a product as stored in favorites (spec §3)', () => {
  const bare: Product = { id: 'p', name: 'Plaid', price: 39, category: 'Maison' };

  it('keeps the fields the product has, and no empty key for those it lacks', () => {
    expect(JSON.parse(JSON.stringify(toStoredProduct(bare)))).toStrictEqual(bare);
    expect(Object.keys(toStoredProduct(bare)).toSorted()).toEqual(['category', 'id', 'name', 'price']);
  });

  it('keeps every field of spec §3 when present, and drops what is not one', () => {
    const full = { ...bare, slug: 'plaid', originalPrice: 49, images: ['/images/plaid.jpg'], inStock: false };
    expect(toStoredProduct({ ...full, promo: true } as Product)).toStrictEqual(full);
  });
});
