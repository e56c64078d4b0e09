import { useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { lookUp } from '@/domain/catalogue/look-up-products';
import { CART_EDITOR } from '@/domain/service-tokens';
import { CATALOGUE } from '@/ports/catalogue';
import { useService } from '../di/container-context';
import { catalogueKeys } from '../query/query-keys';
import { valueOf } from '../query/result-query';
import { useNotify } from '../toast/toast-context';
import { useCart } from './use-shop-state';

/**
 * The cart as the catalogue sees it now: each line buyable, sold out, gone or not yet checked,
 * with the catalogue's name and price. The catalogue is read as a query, so a change announced
 * by the back office (a price, a stock, a product deleted) refreshes an open cart or checkout
 * without a reload (useCatalogueChanges marks every catalogue query stale).
 */
export function useCartReview() {
  const { cart, items } = useCart();
  const editor = useService(CART_EDITOR);
  const catalogue = useService(CATALOGUE);
  const notify = useNotify();
  useSyncExternalStore(editor.subscribe, editor.getVersion, editor.getVersion);
  const ids = [...new Set(items.map((item) => item.id))].sort().join('\n');
  const products = useQuery({
    queryKey: catalogueKeys.products(ids),
    queryFn: async () => valueOf(await lookUp(catalogue, ids.split('\n'))),
    enabled: ids !== '',
  });
  // The stored lines follow the catalogue's answer (its names and prices); a storage that
  // refuses the refreshed lines says so.
  useEffect(() => {
    if (products.data) notify.result(editor.check(ids.split('\n'), products.data));
  }, [editor, ids, notify, products.data]);
  return { cart, items, editor, review: editor.review(items) };
}
