import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryKeyValueStore, MemoryStorageArea } from '@/adapters/memory/memory-key-value-store';
import { FAKE_PRODUCTS } from '../fakes/fake-catalogue';
import { renderShop } from './render-shop';

// Issue 10, items 2 to 4, as the cart and favorites pages show them (fake catalogue, fake timers
// for Radix's 5 s toast timer).

const product = (id: string) => FAKE_PRODUCTS.find((p) => p.id === id)!;
const BOL = product('bol-gres-bleu');
const CARNET = product('carnet-lin'); // 3 in stock
const BOUGIE = product('bougie-figuier'); // sold out

function line(id: string, fields: Record<string, unknown> = {}) {
  const p = product(id);
  return {
    id,
    name: p.name,
    price: p.price,
    originalPrice: p.originalPrice ?? p.price,
    image: '/x.svg',
    category: p.category,
    quantity: 1,
    inStock: true,
    ...fields,
  };
}

function seeded(key: string, value: unknown) {
  const area = new MemoryStorageArea();
  new MemoryKeyValueStore(area).set(key, JSON.stringify(value));
  return area;
}

/** Lets the saves (microtasks) and React's renders run while the timers are fake. */
const settle = () =>
  act(async () => {
    for (let i = 0; i < 50; i++) await Promise.resolve();
  });

const storedCart = (store: { get(key: string): string | null }) =>
  (JSON.parse(store.get('cart') ?? '[]') as { id: string; name: string; price: number; quantity: number }[]).map((l) => [l.id, l.quantity]);

describe('the cart page', () => {
  beforeAll(async () => {
    await import('@/ui/toast/toaster');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('« Annuler » is offered for the toast’s whole 5 s and brings an emptied cart back, line for line', async () => {
    const { store } = renderShop('/panier', seeded('cart', [line(BOL.id, { quantity: 2 }), line(CARNET.id)]));
    await screen.findByRole('link', { name: CARNET.name });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    fireEvent.click(screen.getByRole('button', { name: 'Vider le panier' }));
    await settle();
    expect(screen.getByText('Votre panier est vide.')).toBeTruthy();
    expect(storedCart(store)).toEqual([]);
    expect(screen.getByTestId('toast').textContent).toContain('Panier vidé');
    act(() => vi.advanceTimersByTime(4999));
    fireEvent.click(within(screen.getByTestId('toast')).getByRole('button', { name: 'Annuler' }));
    await settle();
    expect(screen.getAllByTestId('cart-line')).toHaveLength(2);
    expect((screen.getByLabelText(`Quantité de « ${BOL.name} »`) as HTMLInputElement).value).toBe('2');
    expect(storedCart(store)).toEqual([
      [BOL.id, 2],
      [CARNET.id, 1],
    ]);
  });

  it('after the toast’s 5 s the offer is gone with it', async () => {
    renderShop('/panier', seeded('cart', [line(CARNET.id)]));
    await screen.findByRole('link', { name: CARNET.name });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    fireEvent.click(screen.getByRole('button', { name: /^Retirer ?«.Carnet en lin.» du panier$/ }));
    await settle();
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByRole('button', { name: 'Annuler' })).toBeNull();
    expect(screen.getByText('Votre panier est vide.')).toBeTruthy();
  });

  it('a typed quantity stops at the stock and the toast names it; + is disabled at the stock', async () => {
    const { store } = renderShop('/panier', seeded('cart', [line(CARNET.id)]));
    await screen.findByRole('link', { name: CARNET.name });
    fireEvent.change(screen.getByLabelText(`Quantité de « ${CARNET.name} »`), { target: { value: '999' } });
    expect((await screen.findByTestId('toast')).textContent).toContain('Seulement 3 en stock pour «\u202fCarnet en lin\u202f»');
    expect((screen.getByLabelText(`Quantité de « ${CARNET.name} »`) as HTMLInputElement).value).toBe('3');
    expect((screen.getByRole('button', { name: `Ajouter un «\u202f${CARNET.name}\u202f»` }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(storedCart(store)).toEqual([[CARNET.id, 3]]));
  });

  it('a line edited in storage shows the catalogue’s name and price; a sold-out or unknown product is marked and not counted', async () => {
    const { store } = renderShop(
      '/panier',
      seeded('cart', [
        line(BOL.id, { name: 'Théière offerte', price: 0.01, originalPrice: 0.01 }),
        line(BOUGIE.id),
        { ...line(BOL.id), id: 'produit-inconnu', name: 'Produit fantôme' },
      ]),
    );
    const link = await screen.findByRole('link', { name: BOL.name });
    expect(link.getAttribute('href')).toBe(`/produit/${BOL.slug}`);
    expect(screen.queryByText('Théière offerte')).toBeNull();
    const [bol, bougie, ghost] = screen.getAllByTestId('cart-line');
    expect(bol!.textContent).toContain('Prix modifié depuis l’ajout');
    expect(bougie!.textContent).toContain('Épuisé');
    expect(ghost!.textContent).toContain('Ce produit n’est plus en vente');
    expect(screen.getByTestId('cart-summary-count').textContent).toBe('1 article');
    expect(screen.getByTestId('cart-subtotal').textContent).toBe(new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(BOL.price));
    await waitFor(() => expect(JSON.parse(store.get('cart') ?? '[]')[0]).toMatchObject({ name: BOL.name, price: BOL.price }));
  });
});

describe('the favorites page', () => {
  it('an out-of-stock favorite says « Épuisé », and every name links to its product page', async () => {
    renderShop(
      '/favoris',
      seeded('favorites', [
        { id: BOUGIE.id, name: BOUGIE.name, price: BOUGIE.price, category: BOUGIE.category, inStock: true },
        { id: CARNET.id, name: CARNET.name, price: CARNET.price, category: CARNET.category },
      ]),
    );
    const bougie = (await screen.findByRole('link', { name: BOUGIE.name })).closest('article')!;
    expect(within(bougie).getByText('Épuisé')).toBeTruthy();
    expect((within(bougie).getByRole('button', { name: new RegExp(`^Déplacer «.${BOUGIE.name}.» dans le panier$`) }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: CARNET.name }).getAttribute('href')).toBe(`/produit/${CARNET.slug}`);
  });
});
