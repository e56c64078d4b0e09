import { discountPercent } from '@/domain/catalogue/run-catalogue-query';
import type { Product } from '@/domain/product';
import { formatPrice } from '@/domain/price-format';

/**
 * Price, struck-through reference price and discount badge when on sale. The struck price is the
 * law's reference (Code de la consommation, art. L112-1-1: the lowest of the 30 days before the
 * reduction), named so, never an « initial » price; the product's page says what that is.
 */
export function PriceTag({ product, large = false }: { product: Product; large?: boolean }) {
  const discount = discountPercent(product);
  return (
    <p className={large ? 'price price--large' : 'price'}>
      <span className="price__current">
        {discount > 0 && <span className="visually-hidden">Prix promotionnel&nbsp;: </span>}
        {formatPrice(product.price)}
      </span>
      {discount > 0 && (
        <>
          <del className="price__original">
            <span className="visually-hidden">Prix de référence&nbsp;: </span>
            {formatPrice(product.originalPrice!)}
          </del>
          <span className="discount-badge">−{discount}&nbsp;%</span>
        </>
      )}
    </p>
  );
}
