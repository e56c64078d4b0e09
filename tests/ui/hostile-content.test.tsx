// A product whose name and description carry markup and script, as the back office may save them,
// on the shopper's pages and the owner's lists: shown as typed, nothing created from them.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemoryKeyValueStore, MemoryStorageArea } from '@/adapters/memory/memory-key-value-store';
import type { CatalogueProduct } from '@/domain/catalogue/catalogue-product';
import { CATALOGUE } from '@/ports/catalogue';
import type { DependencyContainer } from 'tsyringe';
import { FAKE_PRODUCTS, type FakeCatalogue } from '../fakes/fake-catalogue';
import { HOSTILE_BODY, HOSTILE_DESCRIPTION, HOSTILE_NAME, HOSTILE_SUBJECT, injectedElements } from '../support/hostile-text';
import { renderAsAdmin } from './admin-helpers';
import { renderShop } from './render-shop';

const HOSTILE: CatalogueProduct = { ...FAKE_PRODUCTS[0]!, id: 'bol-hostile', slug: 'bol-hostile', name: HOSTILE_NAME, description: HOSTILE_DESCRIPTION };

/** The fake catalogue with the hostile product first. */
const withHostileProduct = (container: DependencyContainer) => {
  const catalogue = container.resolve<FakeCatalogue>(CATALOGUE);
  catalogue.products = [HOSTILE, ...catalogue.products];
};

function seeded(entries: Record<string, unknown>) {
  const area = new MemoryStorageArea();
  const store = new MemoryKeyValueStore(area);
  for (const [key, value] of Object.entries(entries)) store.set(key, JSON.stringify(value));
  return area;
}

const CART_LINE = {
  id: HOSTILE.id,
  name: HOSTILE.name,
  price: HOSTILE.price,
  originalPrice: HOSTILE.price,
  image: '/x.svg',
  category: HOSTILE.category,
  quantity: 1,
  inStock: true,
};
const FAVORITE = { id: HOSTILE.id, name: HOSTILE.name, price: HOSTILE.price, category: HOSTILE.category };

/** Nothing made from the hostile strings anywhere in the document, and no stray script at all. */
function expectNothingInjected() {
  expect(injectedElements(document)).toEqual([]);
  expect(document.querySelectorAll('script, svg[onload], iframe, object, embed')).toHaveLength(0);
}

describe('hostile product texts on the shopper’s pages', () => {
  it('the product page shows the name and the description as typed', async () => {
    renderShop('/produit/bol-hostile', undefined, withHostileProduct);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(HOSTILE_NAME);
    expect(await screen.findByText((_, element) => element?.tagName === 'P' && element.textContent === HOSTILE_DESCRIPTION)).toBeTruthy();
    expectNothingInjected();
  });

  it('the shop list shows it on its card as text', async () => {
    renderShop('/boutique', undefined, withHostileProduct);
    await waitFor(() => expect(screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent)).toContain(HOSTILE_NAME));
    expectNothingInjected();
  });

  it('the cart shows its line as text, and the line is kept as typed', async () => {
    const { store } = renderShop('/panier', seeded({ cart: [CART_LINE] }), withHostileProduct);
    expect(await screen.findByRole('link', { name: HOSTILE_NAME })).toBeTruthy();
    expectNothingInjected();
    expect((JSON.parse(store.get('cart') ?? '[]') as { name: string }[])[0]?.name).toBe(HOSTILE_NAME);
  });

  it('the favorites show it as text', async () => {
    renderShop('/favoris', seeded({ favorites: [FAVORITE] }), withHostileProduct);
    expect((await screen.findByRole('link', { name: HOSTILE_NAME })).getAttribute('href')).toBe('/produit/bol-hostile');
    expectNothingInjected();
  });
});

describe('hostile texts in the back office', () => {
  it('the products list shows the name as text', async () => {
    renderAsAdmin('/admin/produits', withHostileProduct);
    expect(await screen.findByText(HOSTILE_NAME)).toBeTruthy();
    expectNothingInjected();
  });

  it('the newsletter’s preview shows the subject and the body as typed', async () => {
    const view = renderAsAdmin('/admin');
    await act(() => view.router.navigate('/admin/newsletter'));
    const composer = await screen.findByRole('form', { name: 'Écrire une newsletter' });
    fireEvent.change(within(composer).getByLabelText('Objet'), { target: { value: HOSTILE_SUBJECT } });
    fireEvent.change(within(composer).getByLabelText('Message'), { target: { value: HOSTILE_BODY } });
    expect(screen.getByTestId('preview-subject').textContent).toBe(HOSTILE_SUBJECT);
    expect(screen.getByTestId('preview-body').textContent.startsWith(`${HOSTILE_BODY}\n\n--\n`)).toBe(true);
    expectNothingInjected();
  });
});
