import type { Product } from '../product';

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
}

export interface Category {
  slug: string;
  name: string;
  description: string;
  image: string;
}
