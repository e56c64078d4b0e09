import type { CatalogueProduct } from '@/domain/catalogue/catalogue-product';
import type { ProductDraft } from '@/domain/catalogue/product-draft';
import { PRODUCT_MESSAGES, slugify } from '@/domain/catalogue/validate-product-draft';
import { referencePrice, withPrice } from '@/domain/catalogue/price-history';
import { fail, ok, type Result } from '@/domain/result';
import type { CatalogueWriter } from '@/ports/catalogue-writer';
import type { FakeCatalogue } from './fake-catalogue';

/** The CatalogueWriter port writing into a FakeCatalogue's list, so the Catalogue port reads what it wrote; like the adapters, it checks only that the address is free. */
export class FakeCatalogueWriter implements CatalogueWriter {
  private next = 1;

  constructor(
    private readonly catalogue: FakeCatalogue,
    private readonly now = () => '2026-11-23T12:00:00.000Z',
  ) {}

  async create(draft: ProductDraft): Promise<Result<CatalogueProduct>> {
    const refused = this.check(draft, null);
    if (refused) return refused;
    const product = this.toProduct(`produit-${this.next++}`, draft, this.now());
    this.catalogue.products = [...this.catalogue.products, product];
    return ok(product);
  }

  async update(id: string, draft: ProductDraft): Promise<Result<CatalogueProduct>> {
    const current = this.catalogue.products.find((p) => p.id === id);
    if (!current) return fail('not-found', PRODUCT_MESSAGES.notFound);
    const refused = this.check(draft, id);
    if (refused) return refused;
    const product = this.toProduct(id, draft, current.createdAt);
    this.catalogue.products = this.catalogue.products.map((p) => (p.id === id ? product : p));
    return ok(product);
  }

  async remove(id: string): Promise<Result<undefined>> {
    if (!this.catalogue.products.some((p) => p.id === id)) return fail('not-found', PRODUCT_MESSAGES.notFound);
    this.catalogue.products = this.catalogue.products.filter((p) => p.id !== id);
    return ok();
  }

  private check(draft: ProductDraft, id: string | null) {
    if (this.catalogue.products.some((p) => p.slug === draft.slug && p.id !== id)) return fail('slug-taken', PRODUCT_MESSAGES.slugTaken);
    return null;
  }

  private toProduct(id: string, draft: ProductDraft, createdAt: string): CatalogueProduct {
    const history = withPrice(this.catalogue.histories.get(id) ?? [], draft.price, Date.parse(this.now()));
    this.catalogue.histories.set(id, history);
    const reference = referencePrice(history, Date.parse(this.now()));
    let category: string;
    if ('slug' in draft.category) category = draft.category.slug;
    else {
      const name = draft.category.newName;
      category = slugify(name);
      if (!this.catalogue.cats.some((c) => c.slug === category)) {
        this.catalogue.cats = [...this.catalogue.cats, { slug: category, name, description: '', image: '', vatRate: draft.vatRate }];
      }
    }
    return {
      id,
      slug: draft.slug,
      name: draft.name,
      description: draft.description,
      price: draft.price,
      // On sale: against the reference its history gives (as the adapters compute it).
      ...(draft.onSale && reference !== null && { originalPrice: reference }),
      category,
      images: draft.images,
      inStock: draft.stock > 0,
      stock: draft.stock,
      tags: draft.tags,
      createdAt,
      vatRate: draft.vatRate,
    };
  }
}
