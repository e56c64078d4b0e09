import type { Product } from '../product';
import type { VatRate } from '../vat-rate';

/** A product as the catalogue knows it: everything a product page needs. Prices in euros. */
export interface CatalogueProduct extends Product {
  slug: string;
  description: string;
  images: readonly string[];
  /** The slug of its category. */
  category: string;
  inStock: boolean;
  /** Units on hand; 0 when out of stock. */
  stock: number;
  tags: readonly string[];
  /** ISO date the product entered the catalogue (sort « nouveautés »). */
  createdAt: string;
  /** Its VAT rate: its category's default unless the back office chose another. */
  vatRate: VatRate;
}

export interface Category {
  slug: string;
  name: string;
  description: string;
  image: string;
  /** The VAT rate a new product of this category gets unless the back office chooses another. */
  vatRate: VatRate;
}
