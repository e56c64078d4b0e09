import type { SupabaseClient } from '@supabase/supabase-js';
import type { Category, CatalogueProduct } from '../../domain/catalogue/catalogue-product';
import type { CataloguePage, CatalogueQuery } from '../../domain/catalogue/catalogue-query';
import { runCatalogueQuery } from '../../domain/catalogue/run-catalogue-query';
import type { Catalogue } from '../../ports/catalogue';
import type { Logger } from '../../ports/logger';
import { backendError } from './supabase-errors';

/** One product row as selected below (PostgREST embeds the category and the pictures). */
interface ProductRow {
  id: number | string;
  slug: string;
  name: string;
  description: string;
  price: number | string;
  original_price: number | string | null;
  stock: number;
  tags: string[];
  created_at: string;
  category: { slug: string } | null;
  product_images: { url: string; position: number }[] | null;
}

// `category:categories!inner(slug)`: the category's slug under the key `category`, and (inner)
// only products whose category matches the filters on `category.slug`.
const PRODUCT_COLUMNS =
  'id,slug,name,description,price,original_price,stock,tags,created_at,category:categories!inner(slug),product_images(url,position)';
const CATEGORY_COLUMNS = 'slug,name,description,image';
// PostgREST's default max-rows on Supabase: a read is paged by this many rows.
const BATCH = 1000;

function toProduct(row: ProductRow): CatalogueProduct {
  const price = Number(row.price);
  const originalPrice = row.original_price === null ? undefined : Number(row.original_price);
  const images = [...(row.product_images ?? [])].sort((a, b) => a.position - b.position).map((image) => image.url);
  return {
    id: String(row.id),
    slug: row.slug,
    name: row.name,
    description: row.description,
    price,
    ...(originalPrice !== undefined && { originalPrice }),
    images,
    category: row.category?.slug ?? '',
    inStock: row.stock > 0,
    stock: row.stock,
    tags: row.tags,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** Price bounds and the like as the domain engine reads them: finite and not negative. */
function usable(value: number | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/**
 * The catalogue in the Supabase tables (published products, their pictures and categories),
 * read through PostgREST. The filters a database does best (category, price range, in stock)
 * are PostgREST filters; the rest (accent-insensitive word search and its ranking, « en
 * promotion », the sorts and their French tie-breaks, paging) runs through the same domain engine
 * as the demo catalogue, so both give the same pages for the same data.
 */
export class SupabaseCatalogue implements Catalogue {
  private categoryList: Promise<readonly Category[]> | null = null;

  constructor(
    private readonly client: SupabaseClient,
    private readonly logger: Logger,
  ) {}

  async list(query: CatalogueQuery): Promise<CataloguePage> {
    const [products, categories] = await Promise.all([this.products(query), this.categories()]);
    return runCatalogueQuery(products, query, categories);
  }

  async getBySlug(slug: string): Promise<CatalogueProduct | null> {
    if (slug === '') return null;
    const { data, error, status } = await this.client
      .from('products')
      .select(PRODUCT_COLUMNS)
      .eq('is_published', true)
      .eq('slug', slug)
      .limit(1);
    if (error) throw backendError(this.logger, `reading product ${slug}`, error, status);
    const [row] = (data ?? []) as unknown as ProductRow[];
    return row ? toProduct(row) : null;
  }

  categories(): Promise<readonly Category[]> {
    if (!this.categoryList) {
      const loading = this.readCategories();
      // A failure must not stick: the next call asks again.
      loading.catch(() => {
        if (this.categoryList === loading) this.categoryList = null;
      });
      this.categoryList = loading;
    }
    return this.categoryList;
  }

  async related(product: CatalogueProduct, limit: number): Promise<readonly CatalogueProduct[]> {
    const count = Number.isFinite(limit) ? Math.max(0, Math.floor(limit)) : 0;
    if (count === 0) return [];
    const sameCategory = await this.relatedRows(product, count, 'eq');
    if (sameCategory.length >= count) return sameCategory;
    const elsewhere = await this.relatedRows(product, count - sameCategory.length, 'neq');
    return [...sameCategory, ...elsewhere];
  }

  private async relatedRows(product: CatalogueProduct, limit: number, category: 'eq' | 'neq'): Promise<CatalogueProduct[]> {
    const { data, error, status } = await this.client
      .from('products')
      .select(PRODUCT_COLUMNS)
      .eq('is_published', true)
      .filter('category.slug', category, product.category)
      .neq('slug', product.slug)
      .order('id')
      .limit(limit);
    if (error) throw backendError(this.logger, 'reading related products', error, status);
    return ((data ?? []) as unknown as ProductRow[]).map(toProduct);
  }

  private async readCategories(): Promise<readonly Category[]> {
    const { data, error, status } = await this.client
      .from('categories')
      .select(CATEGORY_COLUMNS)
      .order('position')
      .order('slug');
    if (error) throw backendError(this.logger, 'reading categories', error, status);
    return (data ?? []) as Category[];
  }

  /** The published products the query's database-side filters keep, in catalogue order. */
  private async products(query: CatalogueQuery): Promise<CatalogueProduct[]> {
    const rows: ProductRow[] = [];
    for (let from = 0; ; from += BATCH) {
      let request = this.client.from('products').select(PRODUCT_COLUMNS).eq('is_published', true);
      if (query.category) request = request.eq('category.slug', query.category);
      const minPrice = usable(query.minPrice);
      const maxPrice = usable(query.maxPrice);
      if (minPrice !== undefined) request = request.gte('price', minPrice);
      if (maxPrice !== undefined) request = request.lte('price', maxPrice);
      if (query.inStockOnly) request = request.gt('stock', 0);
      // The table's ids are whole numbers: any other id (a stale or edited cart) names no product.
      if (query.ids) request = request.in('id', query.ids.filter((id) => /^[1-9]\d{0,17}$/.test(id)));
      const { data, error, status } = await request.order('id').range(from, from + BATCH - 1);
      if (error) throw backendError(this.logger, 'reading products', error, status);
      const batch = (data ?? []) as unknown as ProductRow[];
      rows.push(...batch);
      if (batch.length < BATCH) return rows.map(toProduct);
    }
  }
}
