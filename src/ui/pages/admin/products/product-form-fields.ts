import type { CatalogueProduct } from '@/domain/catalogue/catalogue-product';
import type { ProductField } from '@/domain/catalogue/product-draft';
import { STANDARD_VAT_RATE } from '@/domain/vat-rate';

/** The category choice meaning « Nouvelle catégorie… » (a slug never has underscores). */
export const NEW_CATEGORY = '__nouvelle__';

/** What the form's fields hold, as typed. `category`: a category's slug, NEW_CATEGORY or ''. */
export interface FormFields {
  name: string;
  slug: string;
  description: string;
  price: string;
  /** « En promotion »: the price is announced as a reduction. */
  onSale: boolean;
  category: string;
  newCategory: string;
  stock: string;
  tags: string;
  /** The VAT rate in basis points, as the select's value (« 550 »). */
  vatRate: string;
}

/** The fields in the order shown: the first invalid one gets the focus. */
export const FIELD_ORDER: readonly ProductField[] = ['name', 'slug', 'description', 'price', 'onSale', 'category', 'vatRate', 'stock', 'images'];

export const PRODUCT_FIELD_LABELS: Record<ProductField, string> = {
  name: 'Nom',
  slug: 'Adresse',
  description: 'Description',
  price: 'Prix',
  onSale: 'En promotion',
  category: 'Catégorie',
  vatRate: 'Taux de TVA',
  stock: 'Stock',
  images: 'Photos',
};

/** The elements' ids, stable for tests and for the summary's links. */
export const fieldId = {
  name: 'product-name',
  slug: 'product-slug',
  description: 'product-description',
  price: 'product-price',
  onSale: 'product-on-sale',
  category: 'product-category-0',
  categoryFirst: 'product-category-0',
  newCategory: 'product-new-category',
  vatRate: 'product-vat-rate',
  stock: 'product-stock',
  tags: 'product-tags',
  images: 'product-pictures',
} as const;

export const errorId = (field: ProductField) => `erreur-${field}`;

/** Euros as the form shows them: « 24,90 ». */
const amount = (value: number | undefined) => (value === undefined ? '' : value.toFixed(2).replace('.', ','));

export function initialFields(product: CatalogueProduct | null): FormFields {
  return {
    name: product?.name ?? '',
    slug: product?.slug ?? '',
    description: product?.description ?? '',
    price: amount(product?.price),
    onSale: product?.originalPrice !== undefined,
    category: product?.category ?? '',
    newCategory: '',
    stock: product ? String(product.stock) : '',
    tags: product?.tags.join(', ') ?? '',
    // A new product: the standard rate until a category is chosen, which proposes its own.
    vatRate: String(product?.vatRate ?? STANDARD_VAT_RATE),
  };
}
