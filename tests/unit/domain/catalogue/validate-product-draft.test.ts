import { describe, expect, it } from 'vitest';
import type { ProductDraft } from '@/domain/catalogue/product-draft';
import {
  PRODUCT_MESSAGES,
  parseFrenchNumber,
  readProductForm,
  slugify,
  validateProductDraft,
  type ProductFormInput,
} from '@/domain/catalogue/validate-product-draft';
import type { VatRate } from '@/domain/vat-rate';

const VALID: ProductDraft = {
  name: 'Théière en fonte',
  slug: 'theiere-en-fonte',
  description: 'Une théière qui garde le thé chaud.',
  price: 24.9,
  onSale: false,
  category: { slug: 'cuisine' },
  stock: 3,
  tags: ['thé'],
  images: ['/images/produits/theiere.svg'],
  vatRate: 2000,
};

const draft = (change: Partial<ProductDraft>): ProductDraft => ({ ...VALID, ...change });

const FORM: ProductFormInput = {
  name: 'Théière en fonte',
  slug: 'theiere-en-fonte',
  description: 'Une théière.',
  price: '24,90',
  onSale: false,
  categorySlug: 'cuisine',
  newCategoryName: '',
  stock: '3',
  tags: 'thé, fonte',
  images: [],
  vatRate: '550',
};

describe('validateProductDraft', () => {
  it('accepts a draft that meets every rule', () => {
    expect(validateProductDraft(VALID)).toEqual({});
  });

  describe('name required, at most 120 characters once trimmed', () => {
    it('refuses an empty or blank name', () => {
      expect(validateProductDraft(draft({ name: '' }))).toEqual({ name: 'Le nom du produit est obligatoire.' });
      expect(validateProductDraft(draft({ name: ' \t ' }))).toEqual({ name: 'Le nom du produit est obligatoire.' });
    });
    it('accepts 120 characters and refuses 121', () => {
      expect(validateProductDraft(draft({ name: 'a'.repeat(120) }))).toEqual({});
      expect(validateProductDraft(draft({ name: `  ${'a'.repeat(120)}  ` }))).toEqual({});
      expect(validateProductDraft(draft({ name: 'a'.repeat(121) }))).toEqual({ name: 'Le nom ne peut pas dépasser 120 caractères.' });
    });
  });

  describe('slug required, lower-case words joined by single hyphens, at most 120, unique', () => {
    it('refuses an empty slug', () => {
      expect(validateProductDraft(draft({ slug: '' }))).toEqual({ slug: 'L’adresse du produit est obligatoire.' });
    });
    it.each(['Theiere', 'théière', 'theiere--fonte', '-theiere', 'theiere-', 'theiere fonte', 'theiere_fonte'])('refuses %j', (slug) => {
      expect(validateProductDraft(draft({ slug }))).toEqual({
        slug: 'L’adresse ne peut contenir que des lettres minuscules sans accent, des chiffres et des tirets simples (par exemple «\u202ftheiere-en-fonte\u202f»).',
      });
    });
    it('accepts digits and single hyphens', () => {
      expect(validateProductDraft(draft({ slug: 'bol-2-en-gres' }))).toEqual({});
      expect(validateProductDraft(draft({ slug: 'a' }))).toEqual({});
    });
    it('accepts 120 characters and refuses 121', () => {
      expect(validateProductDraft(draft({ slug: 'a'.repeat(120) }))).toEqual({});
      expect(validateProductDraft(draft({ slug: 'a'.repeat(121) }))).toEqual({ slug: 'L’adresse ne peut pas dépasser 120 caractères.' });
    });
    it('refuses a slug another product has', () => {
      expect(validateProductDraft(VALID, true)).toEqual({
        slug: 'Cette adresse est déjà celle d’un autre produit. Choisissez-en une autre.',
      });
    });
  });

  describe('price above 0 with at most two decimals', () => {
    it('refuses 0 and below', () => {
      expect(validateProductDraft(draft({ price: 0 }))).toEqual({ price: 'Le prix doit être supérieur à 0\u00a0€.' });
      expect(validateProductDraft(draft({ price: -1 }))).toEqual({ price: 'Le prix doit être supérieur à 0\u00a0€.' });
    });
    it('accepts 0.01, and sums that floating point does not write exactly', () => {
      expect(validateProductDraft(draft({ price: 0.01 }))).toEqual({});
      expect(validateProductDraft(draft({ price: 0.1 + 0.2 }))).toEqual({});
      expect(validateProductDraft(draft({ price: 1.15 }))).toEqual({});
    });
    it('refuses a third decimal', () => {
      expect(validateProductDraft(draft({ price: 12.345 }))).toEqual({ price: 'Le prix ne peut pas avoir plus de deux décimales.' });
      expect(validateProductDraft(draft({ price: 0.001 }))).toEqual({ price: 'Le prix ne peut pas avoir plus de deux décimales.' });
    });
    it('refuses what is not a number', () => {
      expect(validateProductDraft(draft({ price: Number.NaN }))).toEqual({ price: 'Le prix doit être un nombre, par exemple 24,90.' });
      expect(validateProductDraft(draft({ price: Infinity }))).toEqual({ price: 'Le prix doit être un nombre, par exemple 24,90.' });
    });
    it('accepts 99 999 999,99 and refuses 100 000 000', () => {
      expect(validateProductDraft(draft({ price: 99_999_999.99 }))).toEqual({});
      expect(validateProductDraft(draft({ price: 100_000_000 }))).toEqual({ price: 'Le prix est trop élevé.' });
    });
  });

  describe('category chosen or named', () => {
    it('refuses an empty slug or a blank new name', () => {
      expect(validateProductDraft(draft({ category: { slug: '' } }))).toEqual({ category: 'Choisissez une catégorie ou nommez-en une nouvelle.' });
      expect(validateProductDraft(draft({ category: { newName: '  ' } }))).toEqual({
        category: 'Choisissez une catégorie ou nommez-en une nouvelle.',
      });
    });
    it('refuses a new category whose name makes no address', () => {
      expect(validateProductDraft(draft({ category: { newName: '« ! »' } }))).toEqual({
        category: 'Le nom de la nouvelle catégorie doit contenir au moins une lettre ou un chiffre.',
      });
    });
    it('accepts a new category by its name', () => {
      expect(validateProductDraft(draft({ category: { newName: 'Papeterie' } }))).toEqual({});
    });
  });

  describe('stock a whole number from 0 to 1 000 000', () => {
    it('accepts 0 and 1 000 000', () => {
      expect(validateProductDraft(draft({ stock: 0 }))).toEqual({});
      expect(validateProductDraft(draft({ stock: 1_000_000 }))).toEqual({});
    });
    it.each([2.5, -1, Number.NaN])('refuses %d', (stock) => {
      expect(validateProductDraft(draft({ stock }))).toEqual({ stock: 'Le stock doit être un nombre entier supérieur ou égal à 0.' });
    });
    it('refuses 1 000 001, saying the limit with French digit grouping', () => {
      expect(validateProductDraft(draft({ stock: 1_000_001 }))).toEqual({
        stock: 'Le stock ne peut pas dépasser 1\u202f000\u202f000 unités.',
      });
    });
  });

  describe('VAT rate one of the four French rates, in basis points', () => {
    it.each([2000, 1000, 550, 210] as const)('accepts %i', (vatRate) => {
      expect(validateProductDraft(draft({ vatRate }))).toEqual({});
    });
    it.each([0.2, 20, 5.5, 1960, 500, 0, Number.NaN])('refuses %d, naming the four in French', (vatRate) => {
      expect(validateProductDraft(draft({ vatRate: vatRate as VatRate }))).toEqual({
        vatRate: 'Choisissez un taux de TVA parmi 20\u00a0%, 10\u00a0%, 5,5\u00a0% et 2,1\u00a0%.',
      });
    });
  });

  it('reports every wrong field at once', () => {
    const errors = validateProductDraft(draft({ name: '', slug: 'A', price: 0, stock: -1, category: { slug: '' }, vatRate: 1960 as VatRate }));
    expect(Object.keys(errors).sort()).toEqual(['category', 'name', 'price', 'slug', 'stock', 'vatRate']);
  });
});

describe('slugify', () => {
  it.each([
    ['Théière en fonte', 'theiere-en-fonte'],
    ['Crème brûlée à l’ancienne', 'creme-brulee-a-l-ancienne'],
    ['Œuf de Pâques', 'oeuf-de-paques'],
    ['Cœur & Ærø', 'coeur-aero'],
    ['Smørrebrød à Łódź', 'smorrebrod-a-lodz'],
    ['Đorđe', 'dorde'],
    ['Straße', 'strasse'],
    ['  Bol — grès, « bleu nuit » !  ', 'bol-gres-bleu-nuit'],
    ['Lot de 2 verres (25 cl)', 'lot-de-2-verres-25-cl'],
    ['!!!', ''],
  ])('%j becomes %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('makes a slug the validation accepts from any name with a letter or a digit', () => {
    for (const name of ['Théière en fonte', 'Œuf de Pâques', 'Ça va ? Oui !', 'été 2026']) {
      expect(validateProductDraft(draft({ slug: slugify(name) }))).toEqual({});
    }
  });

  it('cuts at 120 characters without leaving a hyphen at the end', () => {
    const slug = slugify(`${'a'.repeat(119)} b`);
    expect(slug).toBe('a'.repeat(119));
    expect(slugify('mot '.repeat(60))).toHaveLength(119);
    expect(slugify('mot '.repeat(60)).endsWith('-')).toBe(false);
  });
});

describe('parseFrenchNumber', () => {
  it.each([
    ['24,90', 24.9],
    ['24.9', 24.9],
    [' 1 299,00 ', 1299],
    ['1\u202f299,5', 1299.5],
    ['1\u00a0000', 1000],
    ['0', 0],
    ['-3,5', -3.5],
  ])('%j is %d', (text, value) => {
    expect(parseFrenchNumber(text)).toBe(value);
  });
  it.each(['', 'abc', '24,90 €', '1,2,3', '1.2.3', ',5', '5,', '1e3'])('%j is not a number', (text) => {
    expect(parseFrenchNumber(text)).toBeNaN();
  });
});

describe('readProductForm', () => {
  it('turns the fields into a draft, trimmed, with the decimal comma and tags split', () => {
    const { draft: read, errors } = readProductForm({ ...FORM, name: '  Théière en fonte ', onSale: true, tags: ' thé , , fonte ' });
    expect(errors).toEqual({});
    expect(read).toEqual({
      name: 'Théière en fonte',
      slug: 'theiere-en-fonte',
      description: 'Une théière.',
      price: 24.9,
      onSale: true,
      category: { slug: 'cuisine' },
      stock: 3,
      tags: ['thé', 'fonte'],
      images: [],
      vatRate: 550,
    });
  });
  it('reads the chosen VAT rate, and refuses one that is not among the four', () => {
    expect(readProductForm({ ...FORM, vatRate: '210' }).draft.vatRate).toBe(210);
    expect(readProductForm({ ...FORM, vatRate: '5,5' }).errors).toEqual({ vatRate: PRODUCT_MESSAGES.vatRateInvalid });
    expect(readProductForm({ ...FORM, vatRate: '' }).errors).toEqual({ vatRate: PRODUCT_MESSAGES.vatRateInvalid });
  });
  it('names a new category when none is chosen', () => {
    expect(readProductForm({ ...FORM, categorySlug: '', newCategoryName: ' Papeterie ' }).draft.category).toEqual({ newName: 'Papeterie' });
  });
  it('says a blank price or stock is required, rather than not a number', () => {
    expect(readProductForm({ ...FORM, price: ' ', stock: '' }).errors).toEqual({
      price: 'Le prix est obligatoire.',
      stock: 'Le stock est obligatoire.',
    });
  });
  it('refuses a stock typed with decimals or a sign', () => {
    expect(readProductForm({ ...FORM, stock: '2,5' }).errors).toEqual({ stock: PRODUCT_MESSAGES.stockWhole });
    expect(readProductForm({ ...FORM, stock: '-1' }).errors).toEqual({ stock: PRODUCT_MESSAGES.stockWhole });
  });
  it('refuses a price typed as 12,345 or 0', () => {
    expect(readProductForm({ ...FORM, price: '12,345' }).errors).toEqual({ price: PRODUCT_MESSAGES.priceDecimals });
    expect(readProductForm({ ...FORM, price: '0,00' }).errors).toEqual({ price: PRODUCT_MESSAGES.pricePositive });
  });
  it('passes the slug check on to the validation', () => {
    expect(readProductForm(FORM, true).errors).toEqual({ slug: PRODUCT_MESSAGES.slugTaken });
  });
});
