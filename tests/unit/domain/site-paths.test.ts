import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE, type RouteEntry } from '@/app/route-table';
import { paths } from '@/domain/site-paths';

const routes = (entries: readonly RouteEntry[]): RouteObject[] =>
  entries.map((e) => (e.index ? { index: true, id: e.module } : { path: e.path, id: e.module, children: e.children && routes(e.children) }));

/** The page module the router draws for `address`, with the parameters it reads there. */
function routed(address: string) {
  const matches = matchRoutes(routes(ROUTE_TABLE), address) ?? [];
  const last = matches.at(-1);
  return { module: last?.route.id, params: last?.params };
}

describe('the shop’s addresses, built with their routes', () => {
  it('writes each address from its route’s pattern', () => {
    expect(paths.product('bol-en-gres-bleu-nuit')).toBe('/produit/bol-en-gres-bleu-nuit');
    expect(paths.category('ceramique')).toBe('/categorie/ceramique');
    expect(paths.orderConfirmation('CMD-2026-000123')).toBe('/commande/confirmation/CMD-2026-000123');
    expect(paths.withdrawal('CMD-2026-000123')).toBe('/commande/retractation/CMD-2026-000123');
    expect(paths.adminOrder('CMD-2026-000123')).toBe('/admin/commandes/CMD-2026-000123');
    expect(paths.adminProduct('42')).toBe('/admin/produits/42');
    expect([paths.checkout(), paths.checkout('livraison')]).toEqual(['/commande', '/commande/livraison']);
    expect([paths.shop, paths.myOrders, paths.adminSignIn, paths.unsubscribe]).toEqual([
      '/boutique',
      '/mes-commandes',
      '/admin/connexion',
      '/newsletter/desinscription',
    ]);
  });

  it('encodes what it is given: a space, a # or a / stays in its segment', () => {
    expect(paths.product('bol bleu#2')).toBe('/produit/bol%20bleu%232');
    expect(paths.category('a/b?c')).toBe('/categorie/a%2Fb%3Fc');
    expect(paths.adminProduct('$&')).toBe('/admin/produits/%24%26');
  });

  it('every address it builds is drawn by the route it was built from, which reads back what was given', () => {
    expect(routed(paths.product('bol bleu#2'))).toEqual({ module: 'src/ui/pages/product/product-page.tsx', params: { slug: 'bol bleu#2' } });
    expect(routed(paths.category('ceramique')).module).toBe('src/ui/pages/shop/shop-page.tsx');
    expect(routed(paths.orderConfirmation('CMD-2026-000123'))).toEqual({
      module: 'src/ui/pages/orders/order-confirmation-page.tsx',
      params: { numero: 'CMD-2026-000123' },
    });
    expect(routed(paths.withdrawal('CMD-2026-000123')).module).toBe('src/ui/pages/orders/withdrawal-page.tsx');
    expect(routed(paths.checkout('livraison'))).toMatchObject({ module: 'src/ui/pages/checkout/checkout-page.tsx', params: { etape: 'livraison' } });
    expect(routed(paths.adminOrder('CMD-2026-000123')).module).toBe('src/ui/pages/admin/orders/admin-order-page.tsx');
    expect(routed(paths.adminProduct('42')).module).toBe('src/ui/pages/admin/products/admin-product-page.tsx');
    expect(routed(paths.adminNewProduct).module).toBe('src/ui/pages/admin/products/admin-product-page.tsx');
    const pages = [
      paths.shop,
      paths.cart,
      paths.favorites,
      paths.notifications,
      paths.myOrders,
      paths.unsubscribe,
      paths.adminSignIn,
      paths.adminProducts,
      paths.adminOrders,
      paths.adminNewsletter,
    ];
    for (const address of pages) expect(routed(address).module, address).not.toMatch(/not-found/);
  });

  it('each legal page’s address is drawn by its own page', () => {
    expect(routed(paths.legalNotice).module).toBe('src/ui/pages/legal/mentions-legales-page.tsx');
    expect(routed(paths.terms).module).toBe('src/ui/pages/legal/conditions-generales-page.tsx');
    expect(routed(paths.termsWithdrawal.split('#')[0]!).module).toBe('src/ui/pages/legal/conditions-generales-page.tsx');
    expect(routed(paths.privacy).module).toBe('src/ui/pages/legal/politique-confidentialite-page.tsx');
    expect(routed(paths.deliveryAndReturns).module).toBe('src/ui/pages/legal/livraison-retours-page.tsx');
    expect(routed(paths.accessibility).module).toBe('src/ui/pages/legal/accessibilite-page.tsx');
  });
});
