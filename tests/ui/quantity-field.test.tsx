import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemoryKeyValueStore, MemoryStorageArea } from '@/adapters/memory/memory-key-value-store';
import { FAKE_PRODUCTS } from '../fakes/fake-catalogue';
import { renderShop } from './render-shop';

// Issue 42, points 7 and 8: the quantity field ends showing the quantity the cart or the page
// holds, whatever is typed; an entry that is no quantity is said to be refused beside the field.

const CARNET = FAKE_PRODUCTS.find((p) => p.id === 'carnet-lin')!; // 3 in stock
const BOL = FAKE_PRODUCTS.find((p) => p.id === 'bol-gres-bleu')!; // 10 in stock
const fieldOf = (name: string) => screen.getByLabelText(`Quantité de « ${name} »`) as HTMLInputElement;

function cartOf(quantity: number) {
  const area = new MemoryStorageArea();
  const line = {
    id: CARNET.id,
    name: CARNET.name,
    price: CARNET.price,
    originalPrice: CARNET.price,
    image: '/x.svg',
    category: CARNET.category,
    quantity,
    inStock: true,
  };
  new MemoryKeyValueStore(area).set('cart', JSON.stringify([line]));
  return area;
}

const refusal = (held: number) => screen.getByText(`Saisissez un nombre entier d’au moins 1\u00a0: la quantité reste ${held}.`, { normalizer: (text) => text });
const storedQuantities = (store: { get(key: string): string | null }) =>
  (JSON.parse(store.get('cart') ?? '[]') as { quantity: number }[]).map((l) => l.quantity);

describe('the quantity field', () => {
  it('in the cart, 999 typed key by key on a line of 3 in stock reads 3, as the line holds', async () => {
    const { user, store } = renderShop('/panier', cartOf(1));
    await screen.findByRole('link', { name: CARNET.name });
    await user.clear(fieldOf(CARNET.name));
    await user.type(fieldOf(CARNET.name), '999');
    await waitFor(() => expect(storedQuantities(store)).toEqual([3]));
    expect(fieldOf(CARNET.name).value).toBe('3');
    expect(screen.getByTestId('cart-summary-count').textContent).toBe('3 articles');
    await user.tab();
    expect(fieldOf(CARNET.name).value).toBe('3');
  });

  it('on a product page, 0 is refused beside the field, which reads 1 once left: « Ajouter au panier » adds the 1 it shows', async () => {
    const { user, store } = renderShop(`/produit/${BOL.slug}`);
    await screen.findByRole('heading', { level: 1, name: BOL.name });
    await user.clear(fieldOf(BOL.name));
    await user.type(fieldOf(BOL.name), '0');
    const message = refusal(1);
    expect(fieldOf(BOL.name).getAttribute('aria-invalid')).toBe('true');
    expect(fieldOf(BOL.name).getAttribute('aria-describedby')).toBe(message.id);
    await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }));
    expect(fieldOf(BOL.name).value).toBe('1');
    expect(fieldOf(BOL.name).getAttribute('aria-invalid')).toBeNull();
    // The refusal stays said beside the corrected field until the quantity changes.
    expect(fieldOf(BOL.name).getAttribute('aria-describedby')).toBe(message.id);
    expect((await screen.findByTestId('toast')).textContent).toContain(`«\u202f${BOL.name}\u202f» ajouté au panier`);
    await waitFor(() => expect(storedQuantities(store)).toEqual([1]));
    await user.click(screen.getByRole('button', { name: `Ajouter un «\u202f${BOL.name}\u202f»` }));
    expect(fieldOf(BOL.name).value).toBe('2');
    expect(screen.queryByText(/^Saisissez un nombre entier/)).toBeNull();
  });

  it('on a product page, 2.5 gives way to the quantity held once the field is left, and the refusal stays said', async () => {
    const { user } = renderShop(`/produit/${BOL.slug}`);
    await screen.findByRole('heading', { level: 1, name: BOL.name });
    await user.click(fieldOf(BOL.name));
    fireEvent.change(fieldOf(BOL.name), { target: { value: '3' } });
    fireEvent.change(fieldOf(BOL.name), { target: { value: '2.5' } });
    expect(refusal(3)).toBeTruthy();
    await user.tab();
    expect(fieldOf(BOL.name).value).toBe('3');
    expect(refusal(3)).toBeTruthy();
  });
});
