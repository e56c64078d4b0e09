import { describe, expect, it } from 'vitest';
import { MemoryKeyValueStore, MemoryStorageArea } from '@/adapters/memory/memory-key-value-store';
import { MemorySharedCommits } from '../../../fakes/memory-shared-commits';
import type { SharedCommits } from '@/ports/shared-commits';
import { FavoritesService } from '@/domain/favorites/favorites-service';
import { MESSAGES } from '@/domain/messages';
import type { KeyValueStore } from '@/ports/key-value-store';
import { FailingKeyValueStore } from '../../../fakes/failing-key-value-store';
import { FakeBrowser } from '../../../fakes/fake-browser';
import { RecordingLogger } from '../../../fakes/recording-logger';
import { BOL, CARNET, PLAID } from '../fixtures';
import { CrossTabSharedStates } from '@/adapters/cross-tab/cross-tab-shared-states';

function setup(store: KeyValueStore = new MemoryKeyValueStore(), commits: SharedCommits = new MemorySharedCommits()) {
  const logger = new RecordingLogger();
  return { store, logger, favorites: new FavoritesService(new CrossTabSharedStates(store, commits, logger)) };
}

const storedIds = (store: KeyValueStore) => (JSON.parse(store.get('favorites') ?? 'null') as { id: string }[] | null)?.map((p) => p.id);

describe('FavoritesService (spec §3, §4)', () => {
  it('add puts the product in the favorites', async () => {
    const { favorites } = setup();
    expect(await favorites.add(BOL)).toEqual({ ok: true, value: undefined });
    expect(favorites.getSnapshot()).toEqual([BOL]);
  });

  it('adding a product whose id is already there is ignored', async () => {
    const { store, favorites } = setup();
    await favorites.add(BOL);
    const before = favorites.getSnapshot();
    expect((await favorites.add({ ...BOL, name: 'Autre nom' })).ok).toBe(true);
    expect(favorites.getSnapshot()).toBe(before);
    expect(storedIds(store)).toEqual(['bol-gres-bleu']);
  });

  it('isFavorite answers for each product on its own, and removing the last favorite empties the list', async () => {
    const { favorites } = setup();
    await favorites.add(BOL);
    await favorites.add(CARNET);
    expect([favorites.isFavorite(BOL.id), favorites.isFavorite(CARNET.id), favorites.isFavorite(PLAID.id)]).toEqual([true, true, false]);
    await favorites.remove(BOL.id);
    expect([favorites.isFavorite(BOL.id), favorites.isFavorite(CARNET.id)]).toEqual([false, true]);
    await favorites.remove(CARNET.id);
    expect(favorites.getSnapshot()).toEqual([]);
  });

  it('remove takes the product out by id', async () => {
    const { favorites } = setup();
    await favorites.add(BOL);
    await favorites.add(CARNET);
    await favorites.remove(BOL.id);
    expect(favorites.getSnapshot().map((p) => p.id)).toEqual(['carnet-lin']);
  });

  it('isFavorite tells whether an id is among the favorites', async () => {
    const { favorites } = setup();
    await favorites.add(CARNET);
    expect(favorites.isFavorite(CARNET.id)).toBe(true);
    expect(favorites.isFavorite(BOL.id)).toBe(false);
  });

  it('count is the number of favorites', async () => {
    const { favorites } = setup();
    expect(favorites.count()).toBe(0);
    await favorites.add(BOL);
    await favorites.add(CARNET);
    await favorites.add(BOL);
    expect(favorites.count()).toBe(2);
  });

  it('favorites are stored under `favorites` on every change', async () => {
    const { store, favorites } = setup();
    await favorites.add(BOL);
    expect(storedIds(store)).toEqual(['bol-gres-bleu']);
    await favorites.add(PLAID);
    expect(storedIds(store)).toEqual(['bol-gres-bleu', 'plaid-laine']);
    await favorites.remove(BOL.id);
    expect(storedIds(store)).toEqual(['plaid-laine']);
  });

  it('favorites are loaded from storage at start, products intact', async () => {
    const area = new MemoryStorageArea();
    await setup(new MemoryKeyValueStore(area)).favorites.add(BOL);
    expect(setup(new MemoryKeyValueStore(area)).favorites.getSnapshot()).toEqual([BOL]);
  });

  it('a parse failure of the stored favorites is logged and ignored', async () => {
    const store = new MemoryKeyValueStore();
    store.set('favorites', 'pas du JSON');
    const { favorites, logger } = setup(store);
    expect(favorites.getSnapshot()).toEqual([]);
    expect(logger.problems()).toHaveLength(1);
    await favorites.add(CARNET);
    expect(storedIds(store)).toEqual(['carnet-lin']);
  });

  it('one invalid stored favorite is dropped without losing the others', async () => {
    const store = new MemoryKeyValueStore();
    store.set('favorites', JSON.stringify([BOL, { pas: 'un produit' }, CARNET]));
    const { favorites, logger } = setup(store);
    expect(favorites.getSnapshot().map((p) => p.id)).toEqual(['bol-gres-bleu', 'carnet-lin']);
    // Spec §8: a favorites parse failure is only logged; the log says what was dropped, and where.
    expect(logger.problems('warn')).toEqual([expect.stringContaining('favorite at index 1')]);
  });

  it('a favorite marked in one tab shows in the other', async () => {
    const browser = new FakeBrowser();
    const tabA = browser.openTab('A');
    const tabB = browser.openTab('B');
    const a = setup(tabA.store, tabA.commits);
    const b = setup(tabB.store, tabB.commits);
    await a.favorites.add(CARNET);
    await browser.log.drain();
    expect(b.favorites.isFavorite(CARNET.id)).toBe(true);
    await b.favorites.add(BOL);
    await browser.log.drain();
    expect(a.favorites.count()).toBe(2);
  });

  it('a storage write failure keeps the favorite in memory and answers with the French message', async () => {
    const store = new FailingKeyValueStore();
    const { favorites } = setup(store);
    store.failWrites = true;
    expect(await favorites.add(BOL)).toEqual({
      ok: false,
      error: { code: 'storage-write-failed', message: MESSAGES.storageWriteFailed('favoris') },
    });
    expect(favorites.isFavorite(BOL.id)).toBe(true);
  });

  it('a favorite added in another tab shows in this one as soon as it is committed', async () => {
    const browser = new FakeBrowser();
    const tabA = browser.openTab('A');
    const tabB = browser.openTab('B');
    const a = setup(tabA.store, tabA.commits);
    const b = setup(tabB.store, tabB.commits);
    const seen: string[][] = [];
    b.favorites.subscribe(() => seen.push(b.favorites.getSnapshot().map((p) => p.id)));
    await a.favorites.add(BOL);
    await browser.log.drain();
    expect(seen.at(-1)).toEqual(['bol-gres-bleu']);
  });

  it('favorites whose page has closed no longer follow the other tabs', async () => {
    const browser = new FakeBrowser();
    const tabA = browser.openTab('A');
    const tabB = browser.openTab('B');
    const a = setup(tabA.store, tabA.commits);
    const b = setup(tabB.store, tabB.commits);
    await a.favorites.add(BOL);
    await browser.log.drain();
    b.favorites.dispose();
    await a.favorites.add(CARNET);
    await browser.log.drain();
    expect(b.favorites.getSnapshot().map((p) => p.id)).toEqual(['bol-gres-bleu']);
  });

  it('a favorite not yet committed when the page closes is in storage at once', () => {
    const { store, favorites } = setup();
    void favorites.add(PLAID);
    favorites.flushBeforeUnload();
    expect(storedIds(store)).toEqual([PLAID.id]);
  });

  it('once every change is saved, storage holds them all', async () => {
    const { store, favorites } = setup();
    void favorites.add(BOL);
    void favorites.add(CARNET);
    await favorites.whenSaved();
    expect(storedIds(store)).toEqual(['bol-gres-bleu', 'carnet-lin']);
  });
});
