import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRODUCT_IMAGE } from '@/domain/constants';
import { createOrder, initialStatus, mergeLines, priceLines, stockTaken, type OrderableProduct, type PlaceOrderRequest } from '@/domain/order/order';

const THEIERE: OrderableProduct = {
  id: 'theiere-fonte',
  name: 'Théière en fonte',
  price: 24.9,
  images: ['/images/theiere-1.svg', '/images/theiere-2.svg'],
  inStock: true,
  stock: 2,
  vatRate: 2000,
};
const BOL: OrderableProduct = { id: 'bol-gres', name: 'Bol en grès bleu', price: 12.35, images: [], inStock: true, stock: 10, vatRate: 2000 };
const PLAID: OrderableProduct = { id: 'plaid-laine', name: 'Plaid en laine', price: 59, images: [], inStock: false, stock: 0, vatRate: 2000 };

const catalogue = (...products: OrderableProduct[]) => new Map<string, OrderableProduct | null>(products.map((p) => [p.id, p]));

const REQUEST: PlaceOrderRequest = {
  lines: [
    { productId: 'theiere-fonte', quantity: 1, name: 'Théière en fonte' },
    { productId: 'bol-gres', quantity: 2, name: 'Bol en grès bleu' },
  ],
  contact: { name: 'Claire Martin', email: 'claire@exemple.fr', phone: '+33612345678' },
  address: { street: '12 rue des Lilas', postalCode: '75011', city: 'Paris', country: 'France' },
  deliveryMethod: 'domicile',
  relayPoint: null,
  payment: { method: 'carte' },
};
const PLACEMENT = { number: 'CMD-2026-000123', placedAt: '2026-11-23T10:00:00.000Z' };

describe('creating an order from the cart and the catalogue', () => {
  it('keeps a snapshot of each line (id, name, unit price, quantity, picture), the details, the totals and the number', () => {
    expect(createOrder(REQUEST, catalogue(THEIERE, BOL), PLACEMENT)).toEqual({
      ok: true,
      value: {
        number: 'CMD-2026-000123',
        placedAt: '2026-11-23T10:00:00.000Z',
        status: 'en-attente-paiement',
        contact: { name: 'Claire Martin', email: 'claire@exemple.fr', phone: '+33612345678' },
        address: { street: '12 rue des Lilas', postalCode: '75011', city: 'Paris', country: 'France' },
        deliveryMethod: 'domicile',
        relayPoint: null,
        lines: [
          { productId: 'theiere-fonte', name: 'Théière en fonte', unitPriceCents: 2490, quantity: 1, picture: '/images/theiere-1.svg', vatRate: 2000 },
          { productId: 'bol-gres', name: 'Bol en grès bleu', unitPriceCents: 1235, quantity: 2, picture: DEFAULT_PRODUCT_IMAGE, vatRate: 2000 },
        ],
        payment: { method: 'carte', reference: null, last4: null },
        // 24,90 + 2 × 12,35 = 49,60 €: below 60,00 €, home delivery costs 4,90 €.
        totals: {
          subtotalCents: 4960,
          deliveryCents: 490,
          totalCents: 5450,
          vatIncludedCents: 908,
          vatByRate: [{ rate: 2000, baseCents: 5450, vatCents: 908 }],
        },
        // Neither delivered nor withdrawn from yet.
        deliveredAt: null,
        withdrawals: [],
      },
    });
  });

  it('each line keeps its product’s VAT rate, and the totals give the VAT of each rate', () => {
    const tea: OrderableProduct = { id: 'the-jasmin', name: 'Thé vert au jasmin', price: 12.5, images: [], inStock: true, stock: 5, vatRate: 550 };
    const result = createOrder({ ...REQUEST, lines: [{ productId: tea.id, quantity: 2 }, REQUEST.lines[0]!] }, catalogue(THEIERE, tea), PLACEMENT);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.lines.map((line) => [line.name, line.vatRate])).toEqual([
      ['Thé vert au jasmin', 550],
      ['Théière en fonte', 2000],
    ]);
    // 25,00 € of tea and 24,90 € of teapot, 4,90 € of delivery split 2,45 € / 2,45 €.
    expect(result.value.totals.vatByRate).toEqual([
      { rate: 550, baseCents: 2745, vatCents: 143 },
      { rate: 2000, baseCents: 2735, vatCents: 456 },
    ]);
  });

  it('prices every line at the catalogue’s current price and name, whatever the cart remembered', () => {
    const repriced = { ...THEIERE, name: 'Théière en fonte noire', price: 19.9 };
    const result = createOrder(REQUEST, catalogue(repriced, BOL), PLACEMENT);
    expect(result.ok && result.value.lines[0]).toMatchObject({ name: 'Théière en fonte noire', unitPriceCents: 1990 });
  });

  it('a card order waits for the provider, with no reference nor digits yet; paying on delivery waits for the owner', () => {
    expect(initialStatus({ method: 'carte' })).toBe('en-attente-paiement');
    expect(createOrder(REQUEST, catalogue(THEIERE, BOL), PLACEMENT)).toMatchObject({
      ok: true,
      value: { status: 'en-attente-paiement', payment: { method: 'carte', reference: null, last4: null } },
    });
    expect(initialStatus({ method: 'a-la-livraison' })).toBe('en-attente');
    const result = createOrder({ ...REQUEST, payment: { method: 'a-la-livraison' } }, catalogue(THEIERE, BOL), PLACEMENT);
    expect(result.ok && result.value.status).toBe('en-attente');
  });

  it('the same product twice is one line, its quantities summed', () => {
    expect(
      mergeLines([
        { productId: 'a', quantity: 1 },
        { productId: 'b', quantity: 1 },
        { productId: 'a', quantity: 2 },
      ]),
    ).toEqual([
      { productId: 'a', quantity: 3 },
      { productId: 'b', quantity: 1 },
    ]);
  });

  it('the stock taken is each line’s quantity', () => {
    const result = createOrder(REQUEST, catalogue(THEIERE, BOL), PLACEMENT);
    expect(result.ok && [...stockTaken(result.value)]).toEqual([
      ['theiere-fonte', 1],
      ['bol-gres', 2],
    ]);
  });
});

describe('refusals, naming the product', () => {
  it('an empty cart', () => {
    expect(createOrder({ ...REQUEST, lines: [] }, catalogue(THEIERE), PLACEMENT)).toEqual({
      ok: false,
      error: { code: 'empty-cart', message: 'Votre panier est vide.' },
    });
  });

  it('an empty cart is said first, before any detail that is wrong', () => {
    const badDetails = { ...REQUEST, lines: [], address: { ...REQUEST.address!, postalCode: '' } };
    expect(createOrder(badDetails, catalogue(THEIERE), PLACEMENT)).toMatchObject({ error: { code: 'empty-cart' } });
    expect(priceLines([], catalogue(THEIERE))).toEqual({ ok: false, error: { code: 'empty-cart', message: 'Votre panier est vide.' } });
  });

  it('a product the catalogue no longer sells, by the name the shopper saw', () => {
    expect(createOrder(REQUEST, catalogue(BOL), PLACEMENT)).toEqual({
      ok: false,
      error: { code: 'product-unavailable', message: '«\u202fThéière en fonte\u202f» n’est plus en vente. Retirez-le de votre panier pour commander.' },
    });
    const gone = new Map<string, OrderableProduct | null>([['theiere-fonte', null]]);
    expect(priceLines([{ productId: 'theiere-fonte', quantity: 1 }], gone)).toEqual({
      ok: false,
      error: { code: 'product-unavailable', message: 'Un produit de votre panier n’est plus en vente. Retirez-le pour commander.' },
    });
  });

  it('a sold-out product', () => {
    expect(priceLines([{ productId: 'plaid-laine', quantity: 1 }], catalogue(PLAID))).toEqual({
      ok: false,
      error: { code: 'out-of-stock', message: '«\u202fPlaid en laine\u202f» est épuisé.' },
    });
    expect(priceLines([{ productId: 'bol-gres', quantity: 1 }], catalogue({ ...BOL, stock: 0 }))).toMatchObject({
      error: { code: 'out-of-stock', message: '«\u202fBol en grès bleu\u202f» est épuisé.' },
    });
  });

  it('more than the stock: says how many are left', () => {
    expect(createOrder({ ...REQUEST, lines: [{ productId: 'theiere-fonte', quantity: 3 }] }, catalogue(THEIERE), PLACEMENT)).toEqual({
      ok: false,
      error: { code: 'out-of-stock', message: 'Il ne reste que 2 «\u202fThéière en fonte\u202f» en stock.' },
    });
  });

  it('exactly the stock is accepted', () => {
    expect(priceLines([{ productId: 'theiere-fonte', quantity: 2 }], catalogue(THEIERE)).ok).toBe(true);
  });

  it('the same product on two lines is checked against the stock together', () => {
    const twice = [
      { productId: 'theiere-fonte', quantity: 1 },
      { productId: 'theiere-fonte', quantity: 2 },
    ];
    expect(priceLines(twice, catalogue(THEIERE))).toMatchObject({ error: { message: 'Il ne reste que 2 «\u202fThéière en fonte\u202f» en stock.' } });
  });

  it.each([0, -1, 1.5, Number.NaN])('a quantity of %s', (quantity) => {
    expect(priceLines([{ productId: 'bol-gres', quantity }], catalogue(BOL))).toEqual({
      ok: false,
      error: { code: 'invalid-order', message: 'La quantité de «\u202fBol en grès bleu\u202f» doit être un nombre entier d’au moins 1.' },
    });
  });

  it('details that do not meet the checkout form’s rules (a request need not come from the form)', () => {
    const badPostalCode = { ...REQUEST, address: { ...REQUEST.address!, postalCode: '7501' } };
    expect(createOrder(badPostalCode, catalogue(THEIERE, BOL), PLACEMENT)).toEqual({
      ok: false,
      error: { code: 'invalid-order', message: 'Le code postal doit comporter 5 chiffres, par exemple 75011.' },
    });
  });

  it('the first line that cannot be sold is the one named', () => {
    const lines = [
      { productId: 'bol-gres', quantity: 1 },
      { productId: 'plaid-laine', quantity: 1 },
      { productId: 'theiere-fonte', quantity: 5 },
    ];
    expect(priceLines(lines, catalogue(BOL, PLAID, THEIERE))).toMatchObject({ error: { message: '«\u202fPlaid en laine\u202f» est épuisé.' } });
  });
});

describe('property: an order’s totals', () => {
  const product = fc.record({
    cents: fc.integer({ min: 1, max: 100_000 }),
    stock: fc.integer({ min: 1, max: 20 }),
  });

  it('total = sum of the lines’ unit price × quantity + delivery, and VAT ≤ total', () => {
    fc.assert(
      fc.property(fc.array(product, { minLength: 1, maxLength: 8 }), fc.constantFrom('domicile', 'point-relais', 'retrait-boutique'), (products, method) => {
        const items = products.map((p, i): OrderableProduct => ({
          id: `p${i}`,
          name: `Produit ${i}`,
          price: p.cents / 100,
          images: [],
          inStock: true,
          stock: p.stock,
          vatRate: 2000,
        }));
        const relayPoint = method === 'point-relais' ? { id: 'R1', name: 'Relais', street: '1 rue Haute', postalCode: '75011', city: 'Paris' } : null;
        const request = {
          ...REQUEST,
          deliveryMethod: method,
          relayPoint,
          lines: items.map((p) => ({ productId: p.id, quantity: p.stock })),
        } as PlaceOrderRequest;
        const result = createOrder(request, catalogue(...items), PLACEMENT);
        if (!result.ok) throw new Error(result.error.message);
        const { totals, lines } = result.value;
        const sum = products.reduce((acc, p) => acc + p.cents * p.stock, 0);
        expect(lines.map((l) => l.unitPriceCents)).toEqual(products.map((p) => p.cents));
        expect(totals.subtotalCents).toBe(sum);
        expect(totals.totalCents).toBe(sum + totals.deliveryCents);
        expect(totals.vatIncludedCents).toBeLessThanOrEqual(totals.totalCents);
      }),
    );
  });
});
