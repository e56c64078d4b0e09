import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemoryKeyValueStore, MemoryStorageArea } from '@/adapters/memory/memory-key-value-store';
import { CHECKOUT_MESSAGES } from '@/domain/order/checkout-form';
import { EMPTY_CHECKOUT_DRAFT, type CheckoutDraft } from '@/domain/order/checkout-draft';
import { STORAGE_KEYS } from '@/domain/storage-keys';
import { FAKE_PRODUCTS } from '../fakes/fake-catalogue';
import { renderShop } from './render-shop';

// Issue 42, item 5: the shop delivers metropolitan France, Corsica and Monaco. The checkout says
// so before an address or a relay point's code is typed, and an overseas code gets the reason.

const BOL = FAKE_PRODUCTS.find((p) => p.id === 'bol-gres-bleu')!;
const AREA = 'Nous livrons la France métropolitaine, la Corse et Monaco, pas l’outre-mer.';

/** A cart of one bowl and the contact step done, the delivery method `deliveryMethod`. */
function arranged(deliveryMethod: string) {
  const area = new MemoryStorageArea();
  const store = new MemoryKeyValueStore(area);
  const line = { id: BOL.id, name: BOL.name, price: BOL.price, originalPrice: BOL.price, image: '/x.svg', category: BOL.category, quantity: 1, inStock: true };
  store.set(STORAGE_KEYS.cart, JSON.stringify([line]));
  const draft: CheckoutDraft = {
    ...EMPTY_CHECKOUT_DRAFT,
    form: { ...EMPTY_CHECKOUT_DRAFT.form, name: 'Camille Martin', email: 'camille@example.fr', deliveryMethod },
  };
  store.set(STORAGE_KEYS.checkoutDraft, JSON.stringify(draft));
  return area;
}

const inMain = () => within(screen.getByRole('main'));
const type = (label: string, value: string) => fireEvent.change(inMain().getByLabelText(label), { target: { value } });

describe('the checkout says where it delivers, and why not overseas', () => {
  it('the address step says it before anything is typed; 97400 is refused with the reason, 98000 Monaco passes', async () => {
    renderShop('/commande/adresse', arranged('domicile'));
    await screen.findByRole('heading', { level: 2, name: /Adresse de livraison$/ });
    expect(screen.getByTestId('delivery-area').textContent).toBe(AREA);
    type('Adresse', '15 rue de Paris');
    type('Code postal', '97400');
    type('Ville', 'Saint-Denis');
    fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    const message = await screen.findByText(CHECKOUT_MESSAGES.postalCodeNotDelivered, { selector: 'p', normalizer: (t) => t });
    expect(inMain().getByLabelText('Code postal').getAttribute('aria-describedby')).toContain(message.id);

    type('Code postal', '98000');
    type('Ville', 'Monaco');
    type('Pays', 'Monaco');
    expect(screen.queryByText(CHECKOUT_MESSAGES.postalCodeNotDelivered)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(await screen.findByRole('heading', { level: 2, name: /Paiement$/ })).toBeTruthy();
  });

  it('« Point relais » says it beside the search, and offers no point for an overseas code', async () => {
    renderShop('/commande/livraison', arranged('point-relais'));
    const search = await screen.findByLabelText('Code postal où chercher un point relais');
    const area = screen.getByTestId('relay-delivery-area');
    expect(area.textContent).toBe(AREA);
    expect(search.getAttribute('aria-describedby')).toContain(area.id);
    type('Code postal où chercher un point relais', '97400');
    fireEvent.click(screen.getByRole('button', { name: 'Chercher les points relais' }));
    expect(await screen.findByText(CHECKOUT_MESSAGES.postalCodeNotDelivered, { normalizer: (t) => t })).toBeTruthy();
    expect(screen.queryAllByRole('radio', { name: /Saint-Denis|Pointe-à-Pitre/ })).toEqual([]);
    type('Code postal où chercher un point relais', '20000');
    fireEvent.click(screen.getByRole('button', { name: 'Chercher les points relais' }));
    expect(await screen.findByRole('radio', { name: /Tabac du Cours Napoléon/ })).toBeTruthy();
  });
});
