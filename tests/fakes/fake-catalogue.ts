import type { PriceHistory } from '@/domain/catalogue/price-history';
import type { Category, CatalogueProduct } from '@/domain/catalogue/catalogue-product';
import type { CatalogueQuery, CataloguePage } from '@/domain/catalogue/catalogue-query';
import { runCatalogueQuery } from '@/domain/catalogue/run-catalogue-query';
import { NETWORK_FAILURE_MESSAGE } from '@/domain/backend-error';
import { fail, ok, type Result } from '@/domain/result';
import type { Catalogue } from '@/ports/catalogue';

export const FAKE_CATEGORIES: readonly Category[] = [
  { slug: 'cuisine', name: 'Cuisine', description: 'Pour la table.', image: '/images/stock/boutique-1.svg', vatRate: 2000 },
  { slug: 'maison', name: 'Maison', description: 'Pour le salon.', image: '/images/stock/boutique-2.svg', vatRate: 2000 },
  { slug: 'papeterie', name: 'Papeterie', description: 'Pour écrire.', image: '/images/stock/boutique-3.svg', vatRate: 2000 },
];

const product = (p: Partial<CatalogueProduct> & Pick<CatalogueProduct, 'id' | 'name' | 'price' | 'category'>): CatalogueProduct => ({
  slug: p.id,
  description: `${p.name}, fait avec soin.`,
  images: ['/images/stock/boutique-1.svg'],
  inStock: true,
  stock: 10,
  tags: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  vatRate: 2000,
  ...p,
});

/** Four products with known names, prices and states, for UI tests. */
export const FAKE_PRODUCTS: readonly CatalogueProduct[] = [
  product({ id: 'bol-gres-bleu', name: 'Bol en grès bleu', price: 18.9, originalPrice: 24, category: 'cuisine', createdAt: '2026-03-01T00:00:00.000Z' }),
  product({ id: 'plaid-laine-moutarde', name: 'Plaid en laine moutarde', price: 59, category: 'maison', images: ['/images/stock/boutique-2.svg'] }),
  product({ id: 'carnet-lin', name: 'Carnet en lin', price: 12.5, category: 'papeterie', stock: 3, images: ['/images/stock/boutique-3.svg'] }),
  product({ id: 'bougie-figuier', name: 'Bougie parfumée figuier', price: 22, category: 'maison', inStock: false, stock: 0, images: [] }),
];

/** The Catalogue port over a fixed list, answering through the same query rules as the real adapters. */
export class FakeCatalogue implements Catalogue {
  failing = false;

  /** Public so that FakeCatalogueWriter writes where this catalogue reads (replaced, never mutated). */
  constructor(
    public products: readonly CatalogueProduct[] = FAKE_PRODUCTS,
    public cats: readonly Category[] = FAKE_CATEGORIES,
  ) {}

  /**
   * Every product's prices: given, or for a product on sale its original price kept 60 days then
   * its price from 10 days before the fake clocks' day; else its price since its creation.
   */
  histories = new Map<string, PriceHistory>();

  async priceHistory(productId: string): Promise<Result<PriceHistory>> {
    return this.answer(() => {
      const kept = this.histories.get(productId);
      if (kept) return kept;
      const product = this.products.find((p) => p.id === productId);
      if (!product) return [];
      return product.originalPrice === undefined
        ? [{ price: product.price, since: product.createdAt }]
        : [
            { price: product.originalPrice, since: '2026-09-01T00:00:00.000Z' },
            { price: product.price, since: '2026-11-12T00:00:00.000Z' },
          ];
    });
  }

  /** The back office changed a product (as another tab or the backend would): later reads see it. */
  change(id: string, changes: Partial<Omit<CatalogueProduct, 'id'>>): void {
    this.products = this.products.map((p) => (p.id === id ? { ...p, ...changes } : p));
  }

  /** The back office deleted a product. */
  remove(id: string): void {
    this.products = this.products.filter((p) => p.id !== id);
  }

  async list(query: CatalogueQuery): Promise<Result<CataloguePage>> {
    return this.answer(() => runCatalogueQuery(this.products, query, this.cats));
  }

  async getBySlug(slug: string): Promise<Result<CatalogueProduct | null>> {
    return this.answer(() => this.products.find((p) => p.slug === slug) ?? null);
  }

  async categories(): Promise<Result<readonly Category[]>> {
    return this.answer(() => this.cats);
  }

  async related(of: CatalogueProduct, limit: number): Promise<Result<readonly CatalogueProduct[]>> {
    return this.answer(() => this.products.filter((p) => p.id !== of.id && p.category === of.category).slice(0, limit));
  }

  /** `failing`: the catalogue cannot be reached, as a backend offline answers. */
  private answer<T>(read: () => T): Result<T> {
    return this.failing ? fail('network', NETWORK_FAILURE_MESSAGE) : ok(read());
  }
}
