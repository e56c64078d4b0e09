import { describe, expect, it } from 'vitest';
import { addProduct, itemCount, removeItems, setQuantity, subtotal, toCartItem, type CartItem } from '@/domain/cart/cart';
import { publicImageKind } from '../../../support/public-image';
import { BOL, CARNET, DIME, PLAID, TWENTY } from '../fixtures';

const EMPTY: readonly CartItem[] = [];
const removeItem = (items: readonly CartItem[], id: string) => removeItems(items, new Set([id]));

describe('a quantity that means nothing (spec §4)', () => {
  it('adding NaN or infinitely many of a product changes nothing: no line with a broken quantity appears', () => {
    expect(addProduct(EMPTY, BOL, Number.NaN)).toEqual([]);
    const one = addProduct(EMPTY, BOL);
    expect(addProduct(one, BOL, Infinity)).toEqual(one);
  });
});

describe('cart item (spec §3)', () => {
  it('a new line copies the product fields of spec §3 and starts at quantity 1', () => {
    expect(addProduct(EMPTY, BOL)).toEqual([
      {
        id: 'bol-gres-bleu',
        name: 'Bol en grès bleu',
        price: 18.9,
        originalPrice: 24,
        image: '/images/bol-1.jpg',
        category: 'Cuisine',
        quantity: 1,
        inStock: true,
      },
    ]);
  });

  it('the image is the first product image', () => {
    expect(toCartItem(BOL).image).toBe('/images/bol-1.jpg');
  });

  it('the image is the default stock photo when the product has no image', () => {
    expect(toCartItem(CARNET).image).toBe('/images/stock/produit-par-defaut.svg');
    expect(toCartItem(PLAID).image).toBe('/images/stock/produit-par-defaut.svg');
  });

  it('the default stock photo is a picture the shop serves (public/images/stock/produit-par-defaut.svg)', () => {
    expect(publicImageKind(toCartItem(CARNET).image)).toBe('svg');
  });

  it('a blank first picture is no picture: the default stock photo, or the first real picture after it', () => {
    expect(toCartItem({ ...BOL, images: [''] }).image).toBe('/images/stock/produit-par-defaut.svg');
    expect(toCartItem({ ...BOL, images: ['  '] }).image).toBe('/images/stock/produit-par-defaut.svg');
    expect(toCartItem({ ...BOL, images: ['', '/images/bol-2.jpg'] }).image).toBe('/images/bol-2.jpg');
  });

  it('inStock is true unless the product says false', () => {
    expect(toCartItem(BOL).inStock).toBe(true);
    expect(toCartItem(CARNET).inStock).toBe(true);
    expect(toCartItem(PLAID).inStock).toBe(false);
  });

  it('originalPrice is the product original price, or its price when it has none', () => {
    expect(toCartItem(BOL).originalPrice).toBe(24);
    expect(toCartItem(CARNET).originalPrice).toBe(12.5);
  });
});

describe('cart rules (spec §4)', () => {
  it('adding a product already in the cart raises its quantity by 1', () => {
    const items = addProduct(addProduct(addProduct(EMPTY, BOL), CARNET), BOL);
    expect(items.map((i) => [i.id, i.quantity])).toEqual([
      ['bol-gres-bleu', 2],
      ['carnet-lin', 1],
    ]);
  });

  it('adding several at once starts a new line at that quantity, or raises an existing one by it', () => {
    const items = addProduct(addProduct(EMPTY, BOL, 3), BOL, 2);
    expect(items.map((i) => i.quantity)).toEqual([5]);
  });

  it('setting a quantity of 0 removes the item', () => {
    const items = setQuantity(addProduct(addProduct(EMPTY, BOL), CARNET), BOL.id, 0);
    expect(items.map((i) => i.id)).toEqual(['carnet-lin']);
  });

  it('setting a negative quantity removes the item', () => {
    expect(setQuantity(addProduct(EMPTY, BOL), BOL.id, -3)).toEqual([]);
  });

  it('otherwise the quantity is a whole number, at least 1', () => {
    const items = addProduct(EMPTY, BOL);
    expect(setQuantity(items, BOL.id, 4)[0]?.quantity).toBe(4);
    expect(setQuantity(items, BOL.id, 2.7)[0]?.quantity).toBe(2);
    expect(setQuantity(items, BOL.id, 0.4)[0]?.quantity).toBe(1);
  });

  it('a quantity that is not a number leaves the cart unchanged', () => {
    const items = addProduct(EMPTY, BOL, 2);
    expect(setQuantity(items, BOL.id, Number.NaN)).toBe(items);
    expect(setQuantity(items, BOL.id, Number.POSITIVE_INFINITY)).toBe(items);
  });

  it('setting the quantity of a product not in the cart changes nothing', () => {
    const items = addProduct(EMPTY, BOL);
    expect(setQuantity(items, 'inconnu', 3)).toBe(items);
  });

  it('removing a product takes its whole line out', () => {
    const items = addProduct(addProduct(addProduct(EMPTY, BOL), BOL), CARNET);
    expect(removeItem(items, BOL.id).map((i) => i.id)).toEqual(['carnet-lin']);
  });

  it('the item count is the sum of the quantities', () => {
    const items = addProduct(addProduct(EMPTY, BOL, 2), CARNET);
    expect(itemCount(items)).toBe(3);
    expect(itemCount(EMPTY)).toBe(0);
  });

  it('the subtotal adds price times quantity without floating-point drift (0.1 + 0.2 = 0.3)', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(subtotal(addProduct(addProduct(EMPTY, DIME), TWENTY))).toBe(0.3);
    expect(subtotal(addProduct(addProduct(EMPTY, BOL, 2), CARNET))).toBe(50.3);
    expect(subtotal(EMPTY)).toBe(0);
  });

  it('the rules never modify the list they are given', () => {
    const items = addProduct(EMPTY, BOL);
    const frozen = JSON.stringify(items);
    addProduct(items, BOL);
    setQuantity(items, BOL.id, 5);
    removeItem(items, BOL.id);
    expect(JSON.stringify(items)).toBe(frozen);
  });
});
