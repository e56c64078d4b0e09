import type { Product } from '@/domain/product';

export const BOL: Product = {
  id: 'bol-gres-bleu',
  name: 'Bol en grès bleu',
  price: 18.9,
  originalPrice: 24,
  images: ['/images/bol-1.jpg', '/images/bol-2.jpg'],
  category: 'Cuisine',
  inStock: true,
};

export const CARNET: Product = { id: 'carnet-lin', name: 'Carnet en lin', price: 12.5, category: 'Papeterie' };

export const PLAID: Product = {
  id: 'plaid-laine',
  name: 'Plaid en laine moutarde',
  price: 59,
  images: [],
  category: 'Maison',
  inStock: false,
};

/** Prices that drift in binary floating point: 0.1 + 0.2 !== 0.3. */
export const DIME: Product = { id: 'dix-centimes', name: 'Bonbon', price: 0.1, category: 'Épicerie' };
export const TWENTY: Product = { id: 'vingt-centimes', name: 'Sucette', price: 0.2, category: 'Épicerie' };
