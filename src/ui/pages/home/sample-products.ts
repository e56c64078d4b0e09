import type { Product } from '../../../domain/product';

// A handful of products so the foundation can be used end to end; the demo catalogue
// (its own port and adapter) replaces this list with the storefront issue.
export const SAMPLE_PRODUCTS: readonly Product[] = [
  {
    id: 'bol-gres-bleu',
    name: 'Bol en grès bleu',
    price: 18.9,
    originalPrice: 24,
    images: ['/images/stock/boutique-1.svg'],
    category: 'Cuisine',
  },
  {
    id: 'plaid-laine-moutarde',
    name: 'Plaid en laine moutarde',
    price: 59,
    images: ['/images/stock/boutique-2.svg'],
    category: 'Maison',
  },
  {
    id: 'carnet-lin',
    name: 'Carnet en lin',
    price: 12.5,
    images: ['/images/stock/boutique-3.svg'],
    category: 'Papeterie',
  },
  {
    id: 'bougie-figuier',
    name: 'Bougie parfumée figuier',
    price: 22,
    category: 'Maison',
    inStock: false,
  },
];
