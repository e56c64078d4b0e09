import type { SupabaseClient } from '@supabase/supabase-js';
import type { Category, CatalogueProduct } from '@/domain/catalogue/catalogue-product';
import {
  boundedTotal,
  countLimit,
  COUNT_BOUND,
  pagingOf,
  usableNumber,
  type CataloguePage,
  type CatalogueQuery,
  type SortOrder,
} from '@/domain/catalogue/catalogue-query';
import { searchWords } from '@/domain/catalogue/run-catalogue-query';
import type { PriceHistory } from '@/domain/catalogue/price-history';
import { backendFailure } from '@/domain/backend-error';
import { ok, type Result } from '@/domain/result';
import { isVatRate, STANDARD_VAT_RATE, type VatRate } from '@/domain/vat-rate';
import type { Catalogue } from '@/ports/catalogue';
import type { Logger } from '@/ports/logger';
import { readAllPages } from './all-pages';
import { backendError } from './supabase-errors';

/** One product row as selected below (PostgREST embeds the pictures). */
export interface ProductRow {
  id: number | string;
  slug: string;
  name: string;
  description: string;
  price: number | string;
  original_price: number | string | null;
  stock: number;
  tags: string[];
  created_at: string;
  category_slug: string;
  product_images: { url: string; position: number }[] | null;
  /** Basis points (supabase/migrations/…_vat_rates.sql). */
  vat_rate: number;
}

/** A category row as selected below. */
interface CategoryRow {
  slug: string;
  name: string;
  description: string;
  image: string;
  vat_rate: number;
}

/** The ids that can name a product: the table's ids are whole numbers. */
function wholeIds(ids: readonly string[]): string[] {
  return ids.filter((id) => /^[1-9]\d{0,17}$/.test(id));
}

/** The database's check constraints allow only the four rates; anything else would be a schema bug, read as the standard rate. */
function rateOf(value: number): VatRate {
  return isVatRate(value) ? value : STANDARD_VAT_RATE;
}

// The published catalogue, as the view catalogue_products (and catalogue_search, which returns
// its rows) gives it: supabase/migrations/20261123170000_catalogue_search.sql.
export const PRODUCT_COLUMNS = 'id,slug,name,description,price,original_price,stock,tags,created_at,category_slug,vat_rate,product_images(url,position)';
const CATEGORY_COLUMNS = 'slug,name,description,image,vat_rate';

type Order = readonly [column: string, ascending: boolean];
// The demo catalogue's tie-breakers (src/domain/catalogue/run-catalogue-query.ts): the folded
// name code unit by code unit (search_name, in the "C" collation), the name in French collation
// (the view's name), then the id.
const BY_NAME: readonly Order[] = [
  ['search_name', true],
  ['name', true],
  ['id', true],
];
const BY_NEWEST: readonly Order[] = [['created_at', false], ...BY_NAME];
const ORDERS: Record<SortOrder, readonly Order[]> = {
  pertinence: [['relevance', false], ...BY_NEWEST],
  'prix-croissant': [['price', true], ...BY_NAME],
  'prix-decroissant': [['price', false], ...BY_NAME],
  nouveautes: BY_NEWEST,
  remises: [['discount_percent', false], ...BY_NEWEST],
};

/**
 * From this many rows skipped, a page is read in two requests: the ids of its rows (filtered,
 * sorted, paged and counted as before), then those rows with their pictures. PostgREST embeds
 * the pictures of every row it reads, skipped ones included: at 5,000 rows skipped the pictures
 * cost ten times the page (docs/performance.md).
 */
const DEEP_OFFSET = 1000;

export function toProduct(row: ProductRow): CatalogueProduct {
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
    category: row.category_slug,
    inStock: row.stock > 0,
    stock: row.stock,
    tags: row.tags,
    createdAt: new Date(row.created_at).toISOString(),
    vatRate: rateOf(row.vat_rate),
  };
}

/**
 * The catalogue in the Supabase tables (published products, their pictures and categories),
 * read through PostgREST. A page of the list is two requests at once: its rows, from the view
 * catalogue_products (or, for a word search, the function catalogue_search, which adds each
 * row's relevance) filtered, sorted with the demo catalogue's tie-breakers and cut to the page
 * (offset/limit), so only that page's rows travel and both catalogues give the same pages; and
 * its count, by catalogue_count, which stops counting past countLimit (« plus de 1 000 »). A
 * page deep in the list (DEEP_OFFSET) is read as its ids, then its rows.
 */
export class SupabaseCatalogue implements Catalogue {
  constructor(
    private readonly client: SupabaseClient,
    private readonly logger: Logger,
    private readonly deepOffset: number = DEEP_OFFSET,
    /** Counts are exact up to this many products (COUNT_BOUND; the contract suite asks a smaller one). */
    private readonly countBound: number = COUNT_BOUND,
  ) {}

  list(query: CatalogueQuery): Promise<Result<CataloguePage>> {
    // Refused here as the database would refuse it (catalogue_search, CM006), without a request.
    const words = searchWords(query.text);
    if (!words.ok) return Promise.resolve(words);
    return this.answer('reading products', () => this.readPage(query));
  }

  getBySlug(slug: string): Promise<Result<CatalogueProduct | null>> {
    return this.answer(`reading product ${slug}`, () => this.readProduct(slug));
  }

  // Not kept between calls: the back office adds categories, and the shop's query cache
  // (TanStack Query) already spares repeated requests.
  categories(): Promise<Result<readonly Category[]>> {
    return this.answer('reading categories', () => this.readCategories());
  }

  priceHistory(productId: string): Promise<Result<PriceHistory>> {
    return this.answer(`reading the prices of product ${productId}`, async () => {
      // The table's ids are whole numbers: any other id names no product.
      if (!/^[1-9]\d{0,17}$/.test(productId)) return [];
      const { data, error, status } = await this.client
        .from('product_price_history')
        .select('price,since')
        .eq('product_id', productId)
        .order('since')
        .order('id');
      if (error) throw backendError(this.logger, `reading the prices of product ${productId}`, error, status);
      return ((data ?? []) as { price: number | string; since: string }[]).map((row) => ({
        price: Number(row.price),
        since: new Date(row.since).toISOString(),
      }));
    });
  }

  related(product: CatalogueProduct, limit: number): Promise<Result<readonly CatalogueProduct[]>> {
    return this.answer('reading related products', () => this.readRelated(product, limit));
  }

  /**
   * `read`'s answer; its BackendError (already logged) as its Failure. Anything else thrown
   * (a bug, not the backend's answer) is logged and answered as the backend's failure too.
   */
  private async answer<T>(what: string, read: () => Promise<T>): Promise<Result<T>> {
    try {
      return ok(await read());
    } catch (error) {
      return backendFailure(error) ?? backendFailure(backendError(this.logger, what, error))!;
    }
  }

  private async readPage(query: CatalogueQuery): Promise<CataloguePage> {
    const { page: asked, pageSize } = pagingOf(query, Infinity);
    const limit = countLimit(query, this.countBound);
    const [counted, first] = await Promise.all([this.count(query, limit), this.page(query, (asked - 1) * pageSize, pageSize)]);
    const { total, totalIsExact } = boundedTotal(counted, limit);
    const paging = pagingOf(query, total, totalIsExact);
    // Past the last page, the shop shows the last one (as the demo catalogue does).
    const rows = paging.page === asked ? first : await this.page(query, (paging.page - 1) * pageSize, pageSize);
    return { items: rows.map(toProduct), total, totalIsExact, ...paging };
  }

  private async readProduct(slug: string): Promise<CatalogueProduct | null> {
    if (slug === '') return null;
    const { data, error, status } = await this.client.from('catalogue_products').select(PRODUCT_COLUMNS).eq('slug', slug).limit(1);
    if (error) throw backendError(this.logger, `reading product ${slug}`, error, status);
    const [row] = (data ?? []) as unknown as ProductRow[];
    return row ? toProduct(row) : null;
  }

  private async readRelated(product: CatalogueProduct, limit: number): Promise<readonly CatalogueProduct[]> {
    const count = Number.isFinite(limit) ? Math.max(0, Math.floor(limit)) : 0;
    if (count === 0) return [];
    const sameCategory = await this.relatedRows(product, count, 'eq');
    if (sameCategory.length >= count) return sameCategory;
    const elsewhere = await this.relatedRows(product, count - sameCategory.length, 'neq');
    return [...sameCategory, ...elsewhere];
  }

  private async relatedRows(product: CatalogueProduct, limit: number, category: 'eq' | 'neq'): Promise<CatalogueProduct[]> {
    const { data, error, status } = await this.client
      .from('catalogue_products')
      .select(PRODUCT_COLUMNS)
      .filter('category_slug', category, product.category)
      .neq('slug', product.slug)
      .order('id')
      .limit(limit);
    if (error) throw backendError(this.logger, 'reading related products', error, status);
    return ((data ?? []) as unknown as ProductRow[]).map(toProduct);
  }

  private async readCategories(): Promise<readonly Category[]> {
    const read = await readAllPages<CategoryRow>((from, to) =>
      this.client.from('categories').select(CATEGORY_COLUMNS, { count: 'exact' }).order('position').order('slug').range(from, to),
    );
    if ('error' in read) throw backendError(this.logger, 'reading categories', read.error, read.status);
    return read.rows.map(({ vat_rate, ...category }) => ({ ...category, vatRate: rateOf(vat_rate) }));
  }

  /**
   * The query's rows from `offset`, `limit` of them, filtered and sorted in the database. A search
   * in relevance order is ranked and cut by catalogue_search_page_filtered
   * (supabase/migrations/20261127070000_catalogue_search_terms.sql), which ranks its hits in the
   * index of the products' words and reads only the products the page needs; any other query is
   * the view's or catalogue_search's rows, filtered, sorted and cut by PostgREST.
   */
  private rows(query: CatalogueQuery, offset: number, limit: number, columns = PRODUCT_COLUMNS) {
    const searched = searchWords(query.text);
    const words = searched.ok ? searched.value : [];
    if (words.length > 0 && (query.sort ?? 'pertinence') === 'pertinence') {
      let request = this.client
        .rpc('catalogue_search_page_filtered', { words, ...this.filters(query), page_offset: offset, page_limit: limit })
        .select(columns);
      // The function's order, stated again: PostgREST keeps no order of a function's rows.
      for (const [column, ascending] of ORDERS.pertinence) request = request.order(column, { ascending });
      return request;
    }
    let request = words.length > 0 ? this.client.rpc('catalogue_search', { words }).select(columns) : this.client.from('catalogue_products').select(columns);
    if (query.category) request = request.eq('category_slug', query.category);
    const minPrice = usableNumber(query.minPrice);
    const maxPrice = usableNumber(query.maxPrice);
    if (minPrice !== undefined) request = request.gte('price', minPrice);
    if (maxPrice !== undefined) request = request.lte('price', maxPrice);
    if (query.inStockOnly) request = request.gt('stock', 0);
    const maxStock = usableNumber(query.maxStock);
    if (maxStock !== undefined) request = request.lte('stock', maxStock);
    if (query.onSaleOnly) request = request.eq('on_sale', true);
    // The table's ids are whole numbers: any other id (a stale or edited cart) names no product.
    if (query.ids) request = request.in('id', wholeIds(query.ids));
    for (const [column, ascending] of ORDERS[query.sort ?? 'pertinence'] ?? ORDERS.pertinence) {
      request = request.order(column, { ascending });
    }
    return request.range(offset, offset + limit - 1);
  }

  /** The query's filters as catalogue_search_page_filtered and catalogue_count take them. */
  private filters(query: CatalogueQuery) {
    return {
      category: query.category ?? null,
      min_price: usableNumber(query.minPrice) ?? null,
      max_price: usableNumber(query.maxPrice) ?? null,
      in_stock_only: query.inStockOnly === true,
      max_stock: usableNumber(query.maxStock) ?? null,
      on_sale_only: query.onSaleOnly === true,
      ids: query.ids ? wholeIds(query.ids) : null,
    };
  }

  /** `limit` rows from `offset` ([] past the end). */
  private async page(query: CatalogueQuery, offset: number, limit: number): Promise<ProductRow[]> {
    if (offset >= this.deepOffset) return this.deepPage(query, offset, limit);
    const { data, error, status } = await this.rows(query, offset, limit);
    if (error) throw backendError(this.logger, 'reading products', error, status);
    return (data ?? []) as unknown as ProductRow[];
  }

  /** A page deep in the list (DEEP_OFFSET): its ids, then its rows, in the ids' order. */
  private async deepPage(query: CatalogueQuery, offset: number, limit: number): Promise<ProductRow[]> {
    const { data, error, status } = await this.rows(query, offset, limit, 'id');
    if (error) throw backendError(this.logger, 'reading products', error, status);
    const ids = ((data ?? []) as unknown as { id: number | string }[]).map((row) => String(row.id));
    if (ids.length === 0) return [];
    const read = await this.client.from('catalogue_products').select(PRODUCT_COLUMNS).in('id', ids);
    if (read.error) throw backendError(this.logger, 'reading products', read.error, read.status);
    const byId = new Map(((read.data ?? []) as unknown as ProductRow[]).map((row) => [String(row.id), row]));
    // A product unpublished between the two requests is left out of the page.
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * How many products the query finds, counted by the database up to `upTo + 1` at most
   * (supabase/migrations/20261127030000_catalogue_search_page_and_counts.sql): the same filters as `rows`.
   */
  private async count(query: CatalogueQuery, upTo: number): Promise<number> {
    const searched = searchWords(query.text);
    const { data, error, status } = await this.client.rpc('catalogue_count', {
      words: searched.ok ? searched.value : [],
      ...this.filters(query),
      up_to: upTo,
    });
    if (error) throw backendError(this.logger, 'counting products', error, status);
    return Number(data ?? 0);
  }
}
