import { describe, expect, it } from 'vitest';
import { MemoryKeyValueStore, MemoryStorageArea } from '@/adapters/memory/memory-key-value-store';
import { MemorySharedCommits } from '../../../fakes/memory-shared-commits';
import type { SharedCommits } from '@/ports/shared-commits';
import type { KeyValueStore } from '@/ports/key-value-store';
import { CartEditor } from '@/domain/cart/cart-editor';
import { CartService } from '@/domain/cart/cart-service';
import { MESSAGES } from '@/domain/messages';
import { FailingKeyValueStore } from '../../../fakes/failing-key-value-store';
import { FakeBrowser } from '../../../fakes/fake-browser';
import { FakeCatalogue } from '../../../fakes/fake-catalogue';
import { RecordingLogger } from '../../../fakes/recording-logger';
import { BOL, CARNET, DIME, TWENTY } from '../fixtures';
import { CrossTabSharedStates } from '@/adapters/cross-tab/cross-tab-shared-states';
import { addToCart } from '@/domain/cart/add-to-cart';

function setup(store: KeyValueStore = new MemoryKeyValueStore(), commits: SharedCommits = new MemorySharedCommits()) {
  const logger = new RecordingLogger();
  const cart = new CartService(new CrossTabSharedStates(store, commits, logger));
  return { store, logger, cart, editor: new CartEditor(cart, new FakeCatalogue()) };
}

function storedCart(store: KeyValueStore) {
  const raw = store.get('cart');
  return raw === null ? null : (JSON.parse(raw) as { id: string; quantity: number; image: string }[]);
}

const lines = (items: readonly { id: string; quantity: number }[] | null) => items?.map((i) => [i.id, i.quantity]);

describe('CartService', () => {
  it('the cart is stored as JSON under `cart` on every change', async () => {
    const { store, cart, editor } = setup();
    await addToCart({ cart }, BOL);
    expect(lines(storedCart(store))).toEqual([['bol-gres-bleu', 1]]);
    await addToCart({ cart }, BOL);
    expect(lines(storedCart(store))).toEqual([['bol-gres-bleu', 2]]);
    await addToCart({ cart }, CARNET);
    await editor.setQuantity(BOL.id, 5).saved;
    expect(lines(storedCart(store))).toEqual([
      ['bol-gres-bleu', 5],
      ['carnet-lin', 1],
    ]);
    await editor.remove(CARNET.id).saved;
    expect(lines(storedCart(store))).toEqual([['bol-gres-bleu', 5]]);
    await editor.setQuantity(BOL.id, 0).saved;
    expect(storedCart(store)).toEqual([]);
  });

  it('the stored line has exactly the fields of spec §3', async () => {
    const { store, cart } = setup();
    await addToCart({ cart }, BOL);
    expect(storedCart(store)).toEqual([
      {
        id: 'bol-gres-bleu',
        name: 'Bol en grès bleu',
        price: 18.9,
        originalPrice: 24,
        image: '/images/bol-1.jpg',
        category: 'Cuisine',
        quantity: 1,
        inStock: true,
      },
    ]);
  });

  it('a product whose first picture is blank is stored with the default stock photo', async () => {
    const { store, cart } = setup();
    await addToCart({ cart }, { ...BOL, images: [''] });
    expect(storedCart(store)?.map((line) => line.image)).toEqual(['/images/stock/produit-par-defaut.svg']);
  });

  it('a stored line with a blank image (left by an older version) reads back with the default stock photo', () => {
    const store = new MemoryKeyValueStore();
    const line = { id: 'a', name: 'A', price: 2, originalPrice: 2, image: '', category: 'c', quantity: 1, inStock: true };
    store.set('cart', JSON.stringify([line]));
    expect(
      setup(store)
        .cart.getSnapshot()
        .map((item) => item.image),
    ).toEqual(['/images/stock/produit-par-defaut.svg']);
  });

  it('a stored cart reads back line for line: its own pictures kept, a blank one (spaces too) shown as the default photo, a missing original price taken as the price', () => {
    const store = new MemoryKeyValueStore();
    const line = { id: 'a', name: 'A', price: 2, image: '/images/bol-1.jpg', category: 'c', quantity: 1, inStock: true };
    store.set('cart', JSON.stringify([line, { ...line, id: 'b', image: '  ', originalPrice: 3 }]));
    expect(setup(store).cart.getSnapshot()).toEqual([
      { ...line, originalPrice: 2 },
      { ...line, id: 'b', image: '/images/stock/produit-par-defaut.svg', originalPrice: 3 },
    ]);
  });

  it('the stored cart is read at start', async () => {
    const area = new MemoryStorageArea();
    await addToCart(setup(new MemoryKeyValueStore(area)), BOL, 2);
    const { cart } = setup(new MemoryKeyValueStore(area));
    expect(lines(cart.getSnapshot())).toEqual([['bol-gres-bleu', 2]]);
    expect(cart.count()).toBe(2);
  });

  it('clear empties the cart and the stored cart', async () => {
    const { store, cart, editor } = setup();
    await addToCart({ cart }, BOL);
    await addToCart({ cart }, CARNET);
    expect(await editor.clear().saved).toEqual({ ok: true, value: undefined });
    expect(cart.getSnapshot()).toEqual([]);
    expect(storedCart(store)).toEqual([]);
  });

  it('count is the number of articles, subtotal their price in euros without drift', async () => {
    const { cart, editor } = setup();
    await addToCart({ cart }, DIME);
    await addToCart({ cart }, TWENTY);
    await addToCart({ cart }, BOL, 2);
    expect(cart.count()).toBe(4);
    expect(editor.review(cart.getSnapshot()).subtotal).toBe(38.1);
  });

  it('a corrupt stored cart is logged and ignored: the cart starts empty and keeps working', async () => {
    const store = new MemoryKeyValueStore();
    store.set('cart', '{ceci n’est pas du JSON');
    const { cart, logger } = setup(store);
    expect(cart.getSnapshot()).toEqual([]);
    expect(logger.problems()).toHaveLength(1);
    expect((await addToCart({ cart }, CARNET)).ok).toBe(true);
    expect(lines(storedCart(store))).toEqual([['carnet-lin', 1]]);
  });

  it('one invalid stored line is dropped without losing the others', async () => {
    const store = new MemoryKeyValueStore();
    const good = { id: 'a', name: 'A', price: 2, originalPrice: 2, image: '/a.svg', category: 'c', quantity: 2, inStock: true };
    store.set('cart', JSON.stringify([good, { id: 'b', quantity: 'beaucoup' }, { ...good, id: 'c', quantity: 1 }]));
    const { cart, logger } = setup(store);
    expect(lines(cart.getSnapshot())).toEqual([
      ['a', 2],
      ['c', 1],
    ]);
    // Spec §8: a storage read failure is only logged; the log says what was dropped, and where.
    expect(logger.problems('warn')).toEqual([expect.stringContaining('cart line at index 1')]);
  });

  it('a quota error keeps the cart in memory and answers with the French storage message', async () => {
    const store = new FailingKeyValueStore();
    const { cart, logger } = setup(store);
    store.failWrites = true;
    expect(await addToCart({ cart }, BOL)).toEqual({
      ok: false,
      error: { code: 'storage-write-failed', message: MESSAGES.storageWriteFailed('panier') },
    });
    expect(lines(cart.getSnapshot())).toEqual([['bol-gres-bleu', 1]]);
    expect(store.get('cart')).toBeNull();
    expect(logger.problems('error')).toHaveLength(1);
  });

  it('listeners hear every change, and the snapshot keeps its reference between changes', async () => {
    const { cart, editor } = setup();
    let heard = 0;
    cart.subscribe(() => heard++);
    const before = cart.getSnapshot();
    expect(cart.getSnapshot()).toBe(before);
    await addToCart({ cart }, BOL);
    expect(heard).toBe(1);
    expect(cart.getSnapshot()).not.toBe(before);
    await editor.setQuantity(BOL.id, Number.NaN).saved;
    expect(heard).toBe(1);
  });

  it('two tabs each adding a different product both end up in the cart', async () => {
    const browser = new FakeBrowser();
    const tabA = browser.openTab('A');
    const tabB = browser.openTab('B');
    const a = setup(tabA.store, tabA.commits);
    const b = setup(tabB.store, tabB.commits);
    await Promise.all([addToCart({ cart: a.cart }, BOL), addToCart({ cart: b.cart }, CARNET)]);
    await browser.log.drain();
    for (const tab of [a, b]) expect(tab.cart.getSnapshot().map((i) => i.id)).toEqual(['bol-gres-bleu', 'carnet-lin']);
    expect(storedCart(a.store)?.map((i) => i.id)).toEqual(['bol-gres-bleu', 'carnet-lin']);
  });

  it('a change not yet committed when the page closes is in storage at once', () => {
    const { store, cart } = setup();
    void addToCart({ cart }, BOL, 2);
    cart.flushBeforeUnload();
    expect(lines(storedCart(store))).toEqual([['bol-gres-bleu', 2]]);
  });

  it('once every change is saved, storage holds them all', async () => {
    const { store, cart } = setup();
    void addToCart({ cart }, BOL, 2);
    void addToCart({ cart }, CARNET);
    await cart.whenSaved();
    expect(lines(storedCart(store))).toEqual([
      ['bol-gres-bleu', 2],
      ['carnet-lin', 1],
    ]);
  });

  it('a cart whose page has closed no longer follows the other tabs', async () => {
    const browser = new FakeBrowser();
    const tabA = browser.openTab('A');
    const tabB = browser.openTab('B');
    const a = setup(tabA.store, tabA.commits);
    const b = setup(tabB.store, tabB.commits);
    await addToCart({ cart: a.cart }, BOL);
    await browser.log.drain();
    expect(lines(b.cart.getSnapshot())).toEqual([['bol-gres-bleu', 1]]);
    b.cart.dispose();
    await addToCart({ cart: a.cart }, CARNET);
    await browser.log.drain();
    expect(lines(b.cart.getSnapshot())).toEqual([['bol-gres-bleu', 1]]);
  });
});
