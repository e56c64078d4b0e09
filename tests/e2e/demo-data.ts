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
}
export interface DemoCategory {
  slug: string;
  name: string;
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
