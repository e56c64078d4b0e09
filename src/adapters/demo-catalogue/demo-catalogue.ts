import * as v from 'valibot';
import type { Category, CatalogueProduct } from '@/domain/catalogue/catalogue-product';
import { COUNT_BOUND, type CataloguePage, type CatalogueQuery } from '@/domain/catalogue/catalogue-query';
import type { PriceHistory } from '@/domain/catalogue/price-history';
import { runCatalogueQuery, searchWords } from '@/domain/catalogue/run-catalogue-query';
import { NETWORK_FAILURE_MESSAGE } from '@/domain/backend-error';
import { fail, ok, type Result } from '@/domain/result';
import type { Catalogue } from '@/ports/catalogue';
import type { Clock } from '@/ports/clock';
import type { Logger } from '@/ports/logger';
import { BrowserClock } from '../browser/browser-clock';
import { catalogueProductSchema, categorySchema, demoCatalogueFileSchema, type DemoPriceChange } from './demo-catalogue-schema';
import demoCatalogueUrl from './demo-catalogue.json?url';

export interface DemoData {
  categories: readonly Category[];
  products: readonly CatalogueProduct[];
  bySlug: ReadonlyMap<string, CatalogueProduct>;
  /** Every product's prices, by id. */
  histories: ReadonlyMap<string, PriceHistory>;
}

/** A product's history as kept, or its one price since its creation. */
export function historyOf(data: DemoData, product: CatalogueProduct): PriceHistory {
  return data.histories.get(product.id) ?? [{ price: product.price, since: product.createdAt }];
}

/**
 * The owner's edits over the shipped data (src/adapters/catalogue-edits): the catalogue as the
 * shop shows it, or null while there are none. Asked on every question, so an edit shows at once.
 */
export type DemoEdits = (shipped: DemoData) => Promise<DemoData | null>;

/** Where the raw catalogue comes from; tests hand in their own data. */
export type DemoCatalogueSource = () => Promise<unknown>;

/**
 * The shipped data, fetched as a plain JSON file on the first question: it is data, not code,
 * so it stays out of the JavaScript a first visit downloads and parses (and the service
 * worker can cache it like any catalogue response).
 */
export const fetchDemoCatalogue: DemoCatalogueSource = async () => {
  const response = await fetch(demoCatalogueUrl);
  if (!response.ok) throw new Error(`Demo catalogue: HTTP ${response.status}`);
  return response.json();
};

/** The built-in catalogue of the local shop: generated data (scripts/generate/demo-catalogue.mjs). */
export class DemoCatalogue implements Catalogue {
  private data: Promise<DemoData> | null = null;

  constructor(
    private readonly logger?: Logger,
    private readonly source: DemoCatalogueSource = fetchDemoCatalogue,
    private readonly edits?: DemoEdits,
    /** Counts are exact up to this many products (COUNT_BOUND; the contract suite asks a smaller one). */
    private readonly countBound: number = COUNT_BOUND,
    /** Dates the file's recent prices (« sinceDaysAgo ») when the data is first read: the container's clock. */
    private readonly clock: Pick<Clock, 'now'> = new BrowserClock(),
  ) {}

  list(query: CatalogueQuery): Promise<Result<CataloguePage>> {
    const words = searchWords(query.text);
    if (!words.ok) return Promise.resolve(words);
    return this.answer(({ products, categories }) => runCatalogueQuery(products, query, categories, this.countBound));
  }

  getBySlug(slug: string): Promise<Result<CatalogueProduct | null>> {
    return this.answer(({ bySlug }) => bySlug.get(slug) ?? null);
  }

  categories(): Promise<Result<readonly Category[]>> {
    return this.answer(({ categories }) => categories);
  }

  priceHistory(productId: string): Promise<Result<PriceHistory>> {
    return this.answer((data) => {
      const product = data.products.find((p) => p.id === productId);
      return product ? historyOf(data, product) : [];
    });
  }

  related(product: CatalogueProduct, limit: number): Promise<Result<readonly CatalogueProduct[]>> {
    return this.answer(({ products }) => {
      const count = Number.isFinite(limit) ? Math.max(0, Math.floor(limit)) : 0;
      const others = products.filter((p) => p.id !== product.id);
      const sameCategory = others.filter((p) => p.category === product.category);
      const elsewhere = others.filter((p) => p.category !== product.category);
      return [...sameCategory, ...elsewhere].slice(0, count);
    });
  }

  /**
   * `read` over the catalogue as shown; a catalogue that cannot be read (its file not
   * downloaded, offline on a first visit) answers `network`, as a remote backend would.
   */
  private async answer<T>(read: (data: DemoData) => T): Promise<Result<T>> {
    let data: DemoData;
    try {
      data = await this.current();
    } catch (error) {
      this.logger?.error('Demo catalogue: could not be loaded', error);
      return fail('network', NETWORK_FAILURE_MESSAGE);
    }
    return ok(read(data));
  }

  private async current(): Promise<DemoData> {
    const shipped = await this.load();
    return (await this.edits?.(shipped)) ?? shipped;
  }

  private load(): Promise<DemoData> {
    if (!this.data) {
      const loading = this.source().then((raw) => parseDemoCatalogue(raw, this.clock.now(), this.logger));
      // A failed chunk download (offline on a first visit) must not stick: the next call retries.
      loading.catch(() => {
        if (this.data === loading) this.data = null;
      });
      this.data = loading;
    }
    return this.data;
  }
}

function problem(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues.map((issue) => `${v.getDotPath(issue) ?? '(entry)'}: ${issue.message}`).join('; ');
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * The file's prices with their dates at `now`: one given « N days ago » is dated N days before
 * `now`, but never before the price it follows (an hour after it, for a product younger than N
 * days: its promotion is then read over its whole life).
 */
function datedHistory(changes: readonly DemoPriceChange[], now: number): PriceHistory {
  let previous = Number.NEGATIVE_INFINITY;
  return changes.map((change) => {
    const at = 'since' in change ? Date.parse(change.since) : Math.max(now - change.sinceDaysAgo * DAY_MS, previous + HOUR_MS);
    previous = at;
    return { price: change.price, since: new Date(at).toISOString() };
  });
}

/**
 * Keeps every valid entry; an invalid or duplicated one is dropped and logged, never thrown.
 * `now` dates the prices the file gives as « N days ago » (the Clock's, in the shop and tests).
 */
export function parseDemoCatalogue(raw: unknown, now: number, logger?: Logger): DemoData {
  const file = v.safeParse(demoCatalogueFileSchema, raw);
  if (!file.success) {
    logger?.error(`Demo catalogue unreadable, shown empty: ${problem(file.issues)}`);
    return { categories: [], products: [], bySlug: new Map(), histories: new Map() };
  }

  const categories: Category[] = [];
  const categorySlugs = new Set<string>();
  for (const [index, entry] of file.output.categories.entries()) {
    const parsed = v.safeParse(categorySchema, entry);
    if (!parsed.success || categorySlugs.has(parsed.output.slug)) {
      const why = parsed.success ? `duplicate slug ${parsed.output.slug}` : problem(parsed.issues);
      logger?.warn(`Demo catalogue: category #${index} dropped: ${why}`);
      continue;
    }
    categorySlugs.add(parsed.output.slug);
    categories.push(Object.freeze(parsed.output));
  }

  const products: CatalogueProduct[] = [];
  const bySlug = new Map<string, CatalogueProduct>();
  const histories = new Map<string, PriceHistory>();
  const ids = new Set<string>();
  for (const [index, entry] of file.output.products.entries()) {
    const parsed = v.safeParse(catalogueProductSchema, entry);
    if (!parsed.success) {
      logger?.warn(`Demo catalogue: product #${index} dropped: ${problem(parsed.issues)}`);
      continue;
    }
    const { priceHistory, ...product } = parsed.output;
    // Its promotion is the reference price of this history: the generator writes both, and
    // tests/contract/catalogue.contract.test.ts checks every one (not done here: it would cost
    // every first visit the rule's code).
    const history: PriceHistory = priceHistory ? datedHistory(priceHistory, now) : [{ price: product.price, since: product.createdAt }];
    const why = ids.has(product.id)
      ? `duplicate id ${product.id}`
      : bySlug.has(product.slug)
        ? `duplicate slug ${product.slug}`
        : categorySlugs.has(product.category)
          ? null
          : `unknown category ${product.category}`;
    if (why) {
      logger?.warn(`Demo catalogue: product #${index} (${product.id}) dropped: ${why}`);
      continue;
    }
    // Frozen: the same objects are handed out on every call, so no caller can alter the memo.
    const frozen = Object.freeze({
      ...product,
      vatRate: product.vatRate ?? categories.find((category) => category.slug === product.category)!.vatRate,
      images: Object.freeze([...product.images]),
      tags: Object.freeze([...product.tags]),
    });
    ids.add(frozen.id);
    histories.set(frozen.id, Object.freeze(history.map((change) => Object.freeze({ ...change }))));
    bySlug.set(frozen.slug, frozen);
    products.push(frozen);
  }

  return { categories: Object.freeze(categories), products: Object.freeze(products), bySlug, histories };
}
