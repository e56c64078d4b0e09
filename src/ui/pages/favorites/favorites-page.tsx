import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { CatalogueProduct } from '@/domain/catalogue/catalogue-product';
import { lookUp } from '@/domain/catalogue/look-up-products';
import { moveToCart } from '@/domain/favorites/move-to-cart';
import { mainPictureOf, type Product } from '@/domain/product';
import { CATALOGUE } from '@/ports/catalogue';
import { PriceTag } from '../../components/price-tag';
import { useService } from '../../di/container-context';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { besideInList, useFocusAfter } from '../../hooks/use-focus-after';
import { useCart, useFavorites } from '../../hooks/use-shop-state';
import { FollowProductButton } from '../../notifications/follow-button';
import { useNotify } from '../../toast/toast-context';
import { paths } from '@/domain/site-paths';

export default function FavoritesPage() {
  const { favorites, items } = useFavorites();
  const { cart } = useCart();
  const catalogue = useService(CATALOGUE);
  const notify = useNotify();
  useDocumentTitle('Favoris');
  // A favorite removed or moved: the same control on the next card, else the previous one, else the title.
  const heading = useRef<HTMLHeadingElement>(null);
  const focusAfter = useFocusAfter();
  const leaving = (from: Element, selector: string) => focusAfter(...besideInList(from, selector, REMOVE), () => heading.current);
  // What the catalogue says now: a stored favorite keeps the name, price and stock of the day it was added.
  const ids = items.map((product) => product.id).join('\n');
  const [answer, setAnswer] = useState<{ ids: string; products: readonly CatalogueProduct[] | null } | null>(null);
  useEffect(() => {
    let current = true;
    void lookUp(catalogue, ids === '' ? [] : ids.split('\n')).then((products) => {
      if (current) setAnswer({ ids, products: products.ok ? products.value : null });
    });
    return () => {
      current = false;
    };
  }, [catalogue, ids]);
  // The catalogue's answer for exactly these favorites; null when it could not answer (offline).
  const checked = answer?.ids === ids && answer.products !== null;
  const isError = answer?.ids === ids && answer.products === null;
  const byId = new Map((checked ? answer.products! : []).map((product) => [product.id, product]));

  function move(product: Product, from: Element) {
    leaving(from, MOVE);
    notify.result(moveToCart({ cart, favorites }, product), { title: `«\u202f${product.name}\u202f» déplacé dans le panier` });
  }

  return (
    <section aria-labelledby="titre-favoris">
      <h1 id="titre-favoris" ref={heading} tabIndex={-1}>
        Vos favoris
      </h1>
      {items.length === 0 ? (
        <div className="empty-state">
          <p>Aucun favori pour le moment. Touchez ♡ sur un produit pour le retrouver ici.</p>
          <Link to={paths.shop} className="button-link">
            Découvrir la boutique
          </Link>
        </div>
      ) : (
        <ul className="product-grid">
          {items.map((stored) => {
            const product: Product = byId.get(stored.id) ?? stored;
            const live = byId.get(stored.id);
            const gone = checked && !live;
            const soldOut = live ? !live.inStock || live.stock <= 0 : stored.inStock === false;
            const slug = live?.slug ?? stored.slug;
            return (
              <li key={stored.id}>
                <article className="product-card" aria-labelledby={`favori-${stored.id}`} data-testid="favorite-line">
                  <img src={mainPictureOf(product)} alt="" width={320} height={240} loading="lazy" />
                  <h2 id={`favori-${stored.id}`} className="product-card__title">
                    {slug && !gone ? <Link to={paths.product(slug)}>{product.name}</Link> : product.name}
                  </h2>
                  <PriceTag product={product} />
                  {gone ? <p className="stock stock--out">Ce produit n’est plus en vente</p> : soldOut && <p className="stock stock--out">Épuisé</p>}
                  {live && soldOut && <FollowProductButton productId={live.id} name={live.name} />}
                  <div className="actions">
                    {/* Once the catalogue answered (its stock then limits the cart); as stored if it cannot. */}
                    <button
                      type="button"
                      disabled={gone || soldOut || (!live && !isError)}
                      className="favorite-move"
                      onClick={(event) => move(product, event.currentTarget)}
                    >
                      Déplacer <span className="visually-hidden">«&#x202f;{product.name}&#x202f;»</span> dans le panier
                    </button>
                    <button
                      type="button"
                      className="secondary favorite-remove"
                      onClick={(event) => {
                        leaving(event.currentTarget, REMOVE);
                        notify.result(favorites.remove(stored.id), { title: `«\u202f${product.name}\u202f» retiré des favoris` });
                      }}
                    >
                      Retirer<span className="visually-hidden"> «&#x202F;{product.name}&#x202F;» des favoris</span>
                    </button>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

const MOVE = '.favorite-move:not(:disabled)';
const REMOVE = '.favorite-remove';
