import { discountPercent } from '@/domain/catalogue/run-catalogue-query';
import type { Product } from '@/domain/product';
import { formatPrice } from '@/domain/price-format';

/** Price, struck-through original price and discount badge when on sale. */
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
            <span className="visually-hidden">Prix initial&nbsp;: </span>
            {formatPrice(product.originalPrice!)}
          </del>
          <span className="discount-badge">−{discount}&nbsp;%</span>
        </>
      )}
    </p>
  );
}
