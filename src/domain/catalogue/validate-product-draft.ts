import type { ProductDraft, ProductFieldErrors } from './product-draft';
import { formatVatRate, isVatRate, VAT_RATES, type VatRate } from '../vat-rate';
import { normalizeSearchText } from './run-catalogue-query';

// The back office's rules for a product (issue 12). The same rules are constraints of the
// database on Supabase (supabase/migrations), so a forged request is refused there too.

/** The longest name and slug the catalogue takes (a product page's title, an address). */
const PRODUCT_NAME_MAX_LENGTH = 120;
const PRODUCT_SLUG_MAX_LENGTH = 120;
/** The highest price the catalogue takes, in euros (numeric(10, 2) in the database). */
const PRODUCT_PRICE_MAX = 99_999_999.99;
/** The most units a product can have on hand (int in the database; far above any real shop). */
const PRODUCT_STOCK_MAX = 1_000_000;
/** A slug: lower-case letters and digits in words joined by single hyphens. */
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const PRODUCT_MESSAGES = {
  nameRequired: 'Le nom du produit est obligatoire.',
  nameTooLong: `Le nom ne peut pas dépasser ${PRODUCT_NAME_MAX_LENGTH} caractères.`,
  slugRequired: 'L’adresse du produit est obligatoire.',
  slugInvalid:
    'L’adresse ne peut contenir que des lettres minuscules sans accent, des chiffres et des tirets simples (par exemple «\u202ftheiere-en-fonte\u202f»).',
  slugTooLong: `L’adresse ne peut pas dépasser ${PRODUCT_SLUG_MAX_LENGTH} caractères.`,
  slugTaken: 'Cette adresse est déjà celle d’un autre produit. Choisissez-en une autre.',
  priceRequired: 'Le prix est obligatoire.',
  priceNotNumber: 'Le prix doit être un nombre, par exemple 24,90.',
  pricePositive: 'Le prix doit être supérieur à 0\u00a0€.',
  priceDecimals: 'Le prix ne peut pas avoir plus de deux décimales.',
  priceTooHigh: 'Le prix est trop élevé.',
  /** A « reduction » that is none (Code de la consommation, art. L112-1-1); the database's CM010 says the same. */
  noReduction: 'Pas de réduction possible\u00a0: le prix doit être inférieur au prix de référence (le plus bas des 30\u00a0jours avant la réduction).',
  categoryRequired: 'Choisissez une catégorie ou nommez-en une nouvelle.',
  categoryNameInvalid: 'Le nom de la nouvelle catégorie doit contenir au moins une lettre ou un chiffre.',
  stockRequired: 'Le stock est obligatoire.',
  stockWhole: 'Le stock doit être un nombre entier supérieur ou égal à 0.',
  stockTooHigh: `Le stock ne peut pas dépasser ${PRODUCT_STOCK_MAX.toLocaleString('fr-FR')} unités.`,
  vatRateInvalid: `Choisissez un taux de TVA parmi ${VAT_RATES.slice(0, -1).map(formatVatRate).join(', ')} et ${formatVatRate(VAT_RATES.at(-1)!)}.`,
  invalidProduct: 'Le produit n’a pas été enregistré\u00a0: corrigez les champs signalés.',
  notFound: 'Ce produit n’existe plus. Il a peut-être été supprimé dans un autre onglet.',
  /** The local catalogue's edits could not be written (IndexedDB full or refused). */
  storageWriteFailed: 'La modification n’a pas pu être enregistrée sur cet appareil (stockage plein ou indisponible). Réessayez.',
} as const;

// Letters with a stroke have no canonical decomposition, so the search folding keeps them;
// an address spells them with their base letter (« Smørrebrød » is smorrebrod, not sm-rrebr-d).
const STROKED = /[øđłħŧ]/g;
const UNSTROKED: Record<string, string> = { ø: 'o', đ: 'd', ł: 'l', ħ: 'h', ŧ: 't' };

/** An address made from a name: accents dropped, lower case, words joined by hyphens. */
export function slugify(name: string): string {
  return normalizeSearchText(name)
    .replace(STROKED, (letter) => UNSTROKED[letter] ?? letter)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, PRODUCT_SLUG_MAX_LENGTH)
    .replace(/-+$/, '');
}

/** True when `value` has at most two decimals (in cents it is whole, within float error). */
function hasAtMostTwoDecimals(value: number): boolean {
  const cents = value * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

/**
 * Every rule a product must meet, each with its French message; `{}` when the draft is valid.
 * `slugTaken`: whether another product already has the draft's slug (the caller knows the
 * catalogue; the database's unique index decides for good).
 */
export function validateProductDraft(draft: ProductDraft, slugTaken = false): ProductFieldErrors {
  const errors: ProductFieldErrors = {};
  const name = draft.name.trim();
  if (name === '') errors.name = PRODUCT_MESSAGES.nameRequired;
  else if (name.length > PRODUCT_NAME_MAX_LENGTH) errors.name = PRODUCT_MESSAGES.nameTooLong;

  if (draft.slug === '') errors.slug = PRODUCT_MESSAGES.slugRequired;
  else if (draft.slug.length > PRODUCT_SLUG_MAX_LENGTH) errors.slug = PRODUCT_MESSAGES.slugTooLong;
  else if (!SLUG_PATTERN.test(draft.slug)) errors.slug = PRODUCT_MESSAGES.slugInvalid;
  else if (slugTaken) errors.slug = PRODUCT_MESSAGES.slugTaken;

  if (!Number.isFinite(draft.price)) errors.price = PRODUCT_MESSAGES.priceNotNumber;
  else if (draft.price <= 0) errors.price = PRODUCT_MESSAGES.pricePositive;
  else if (!hasAtMostTwoDecimals(draft.price)) errors.price = PRODUCT_MESSAGES.priceDecimals;
  else if (draft.price > PRODUCT_PRICE_MAX) errors.price = PRODUCT_MESSAGES.priceTooHigh;

  const category = 'slug' in draft.category ? draft.category.slug : draft.category.newName;
  if (category.trim() === '') errors.category = PRODUCT_MESSAGES.categoryRequired;
  // A new category's address is made from its name: « !!! » would give none.
  else if ('newName' in draft.category && slugify(category) === '') errors.category = PRODUCT_MESSAGES.categoryNameInvalid;

  if (!Number.isInteger(draft.stock) || draft.stock < 0) errors.stock = PRODUCT_MESSAGES.stockWhole;
  else if (draft.stock > PRODUCT_STOCK_MAX) errors.stock = PRODUCT_MESSAGES.stockTooHigh;

  if (!isVatRate(draft.vatRate)) errors.vatRate = PRODUCT_MESSAGES.vatRateInvalid;
  return errors;
}

/** What the form's fields hold, as typed (French decimal comma accepted). */
export interface ProductFormInput {
  name: string;
  slug: string;
  description: string;
  price: string;
  /** « En promotion » ticked: the price is announced as a reduction. */
  onSale: boolean;
  /** An existing category's slug, or '' with `newCategoryName` for a new one. */
  categorySlug: string;
  newCategoryName: string;
  stock: string;
  tags: string;
  images: readonly string[];
  /** The chosen VAT rate's value in basis points (« 550 »), as the select gives it. */
  vatRate: string;
}

/** A number as a French shopper types it: « 24,90 », « 24.9 », « 1 299,00 »; NaN otherwise. */
export function parseFrenchNumber(text: string): number {
  const compact = text
    .trim()
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(',', '.');
  return /^-?\d+(?:\.\d+)?$/.test(compact) ? Number(compact) : Number.NaN;
}

/** The form's text turned into a draft, with the French message of every field that is wrong. */
export function readProductForm(input: ProductFormInput, slugTaken = false): { draft: ProductDraft; errors: ProductFieldErrors } {
  const draft: ProductDraft = {
    name: input.name.trim(),
    slug: input.slug.trim(),
    description: input.description.trim(),
    price: parseFrenchNumber(input.price),
    onSale: input.onSale,
    category: input.categorySlug !== '' ? { slug: input.categorySlug } : { newName: input.newCategoryName.trim() },
    stock: /^\s*\d+\s*$/.test(input.stock) ? Number(input.stock) : Number.NaN,
    tags: input.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter((tag) => tag !== ''),
    images: input.images,
    // Anything but one of the four rates is kept as it is, for validateProductDraft to refuse.
    vatRate: (/^\d+$/.test(input.vatRate) ? Number(input.vatRate) : Number.NaN) as VatRate,
  };
  const errors = validateProductDraft(draft, slugTaken);
  if (input.price.trim() === '') errors.price = PRODUCT_MESSAGES.priceRequired;
  if (input.stock.trim() === '') errors.stock = PRODUCT_MESSAGES.stockRequired;
  return { draft, errors };
}
