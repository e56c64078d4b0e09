import type { VatRate } from '../vat-rate';

/**
 * What the back office's product form sends to the catalogue: every field a product has,
 * before the catalogue gives it an id and a creation date. Prices in euros.
 * (Validation rules and their French messages: src/domain/catalogue/validate-product-draft.ts.)
 */
export interface ProductDraft {
  name: string;
  /** The product page's address (/produit/:slug): made from the name, editable, unique. */
  slug: string;
  description: string;
  price: number;
  /**
   * Whether `price` is announced as a reduction: the catalogue then shows it against the reference
   * price its history gives (src/domain/catalogue/price-history.ts), and refuses it if there is none.
   */
  onSale: boolean;
  /** An existing category (its slug), or a new one the catalogue creates from its name. */
  category: { slug: string } | { newName: string };
  /** Units on hand, a whole number from 0. */
  stock: number;
  tags: readonly string[];
  /** Picture addresses in the order shown, as the PictureStorage port (or the demo data) gave them. */
  images: readonly string[];
  /** Its VAT rate: the form proposes the category's, the owner may choose another of the four. */
  vatRate: VatRate;
}

/** The form's fields, for per-field French messages. */
export type ProductField = 'name' | 'slug' | 'description' | 'price' | 'onSale' | 'category' | 'stock' | 'images' | 'vatRate';

/** A French message per invalid field; empty when the draft is valid. */
export type ProductFieldErrors = Partial<Record<ProductField, string>>;
