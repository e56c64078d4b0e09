import { readFileSync } from 'node:fs';

export interface DemoProduct {
  id: string;
  slug: string;
  name: string;
  price: number;
  originalPrice?: number;
  category: string;
  inStock: boolean;
  stock: number;
  /** Its own VAT rate (basis points), only where it is not its category's. */
  vatRate?: number;
}
export interface DemoCategory {
  slug: string;
  name: string;
  vatRate: number;
}

const raw = JSON.parse(readFileSync('src/adapters/demo-catalogue/demo-catalogue.json', 'utf8')) as
  DemoProduct[] | { products: DemoProduct[]; categories: DemoCategory[] };

/** The built-in demo catalogue, as the shop serves it: tests pick real products from it. */
export const DEMO_PRODUCTS: readonly DemoProduct[] = Array.isArray(raw) ? raw : raw.products;
export const DEMO_CATEGORIES: readonly DemoCategory[] = Array.isArray(raw) ? [] : raw.categories;

export function inStock(count: number, where: (p: DemoProduct) => boolean = () => true): DemoProduct[] {
  const found = DEMO_PRODUCTS.filter((p) => p.inStock && p.stock >= 5 && where(p)).slice(0, count);
  if (found.length < count) throw new Error(`the demo catalogue has fewer than ${count} such products`);
  return found;
}

/** « 1 234,50 € » → 1234.5 */
export function parseEuros(text: string): number {
  return Number(text.replace(/[^\d,]/g, '').replace(',', '.'));
}

/** A demo product's VAT rate, as the shop gives it: its own, else its category's (basis points). */
export function vatRateOf(product: DemoProduct): number {
  return product.vatRate ?? DEMO_CATEGORIES.find((category) => category.slug === product.category)!.vatRate;
}
