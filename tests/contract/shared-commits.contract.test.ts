import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IndexedDbSharedCommits } from '@/adapters/indexeddb/indexeddb-shared-commits';
import { MemoryCommitArea, MemorySharedCommits } from '../fakes/memory-shared-commits';
import { ok } from '@/domain/result';
import type { Commit, SharedCommits } from '@/ports/shared-commits';

/** Several instances on one backing log, like the tabs of one browser. */
interface Browser {
  openTab(): SharedCommits;
}

const channels: BroadcastChannel[] = [];
afterEach(() => {
  for (const channel of channels.splice(0)) channel.close();
});

let browsers = 0;
const adapters: { name: string; openBrowser(): Browser }[] = [
  {
    name: 'MemorySharedCommits',
    openBrowser() {
      const area = new MemoryCommitArea();
      return { openTab: () => new MemorySharedCommits(area) };
    },
  },
  {
    name: 'IndexedDbSharedCommits (fake-indexeddb)',
    openBrowser() {
      const factory = new IDBFactory();
      const channelName = `commits-${++browsers}`;
      return {
        openTab() {
          const channel = new BroadcastChannel(channelName);
          channels.push(channel);
          return new IndexedDbSharedCommits({ factory, databaseName: 'boutique', channel });
        },
      };
    },
  },
];

const increment = (current: Commit | null) => String(Number(current?.text ?? '0') + 1);

describe.each(adapters)('SharedCommits contract: $name', ({ openBrowser }) => {
  it('the first commit of a key is version 1, and decide saw nothing before it', async () => {
    const log = openBrowser().openTab();
    const seen: (Commit | null)[] = [];
    const commit = await log.transact('cart', (current) => {
      seen.push(current);
      return '["a"]';
    });
    expect(seen).toEqual([null]);
    expect(commit).toEqual(ok({ version: 1, text: '["a"]' }));
  });

  it('each commit sees the one before it and raises the version by one', async () => {
    const log = openBrowser().openTab();
    await log.transact('cart', () => 'un');
    const seen: (Commit | null)[] = [];
    const commit = await log.transact('cart', (current) => {
      seen.push(current);
      return 'deux';
    });
    expect(seen).toEqual([{ version: 1, text: 'un' }]);
    expect(commit).toEqual(ok({ version: 2, text: 'deux' }));
  });

  it('keys are independent', async () => {
    const log = openBrowser().openTab();
    await log.transact('cart', () => 'panier');
    expect(await log.transact('favorites', () => 'favoris')).toEqual(ok({ version: 1, text: 'favoris' }));
  });

  it('decide answering undefined commits nothing and resolves with the current commit', async () => {
    const log = openBrowser().openTab();
    await log.transact('cart', () => 'un');
    expect(await log.transact('cart', () => undefined)).toEqual(ok({ version: 1, text: 'un' }));
    expect(await log.transact('cart', (current) => current?.text)).toEqual(ok({ version: 2, text: 'un' }));
    expect(await log.transact('vide', () => undefined)).toEqual(ok(null));
  });

  it('decide throwing commits nothing and rejects with its error', async () => {
    const log = openBrowser().openTab();
    await log.transact('cart', () => 'un');
    const refusal = new Error('quota');
    await expect(
      log.transact('cart', () => {
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(await log.transact('cart', () => undefined)).toEqual(ok({ version: 1, text: 'un' }));
  });

  it('transactions of two tabs racing never interleave: 60 increments give 60, each version once', async () => {
    const browser = openBrowser();
    const tabs = [browser.openTab(), browser.openTab(), browser.openTab()];
    const commits = await Promise.all(Array.from({ length: 60 }, (_, n) => tabs[n % tabs.length]!.transact('compteur', increment)));
    expect(commits.map((c) => (c.ok ? c.value?.version : undefined)).sort((a, b) => a! - b!)).toEqual(Array.from({ length: 60 }, (_, n) => n + 1));
    expect(await tabs[0]!.transact('compteur', () => undefined)).toEqual(ok({ version: 60, text: '60' }));
  });

  it('another tab hears each commit once it is made, with its key and version; the committing tab does not', async () => {
    const browser = openBrowser();
    const [first, second] = [browser.openTab(), browser.openTab()];
    const heardByFirst: [string, number][] = [];
    const heardBySecond: [string, number][] = [];
    const stillListening: number[] = [];
    first.subscribe((key, version) => heardByFirst.push([key, version]));
    const stop = second.subscribe((key, version) => heardBySecond.push([key, version]));
    second.subscribe((_, version) => stillListening.push(version));
    await first.transact('cart', () => 'un');
    await first.transact('cart', () => undefined);
    await first.transact('cart', () => 'deux');
    // Announcements travel between tabs asynchronously: wait for them, not for a set time.
    await vi.waitFor(() => expect(stillListening).toEqual([1, 2]));
    expect(heardBySecond).toEqual([
      ['cart', 1],
      ['cart', 2],
    ]);
    stop();
    await first.transact('cart', () => 'trois');
    await vi.waitFor(() => expect(stillListening).toEqual([1, 2, 3]));
    expect(heardBySecond).toHaveLength(2);
    // Delivered to the tab that listens in the same dispatch as to the others: none came back.
    expect(heardByFirst).toEqual([]);
  });

  it('a tab opened later sees what the others committed', async () => {
    const browser = openBrowser();
    await browser.openTab().transact('cart', () => 'un');
    expect(await browser.openTab().transact('cart', () => undefined)).toEqual(ok({ version: 1, text: 'un' }));
  });
});

describe('IndexedDbSharedCommits without IndexedDB', () => {
  it('an IndexedDB that cannot be opened answers every transaction with the log’s failure, « unavailable », never a rejection', async () => {
    const broken = {
      open: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    } as unknown as IDBFactory;
    const log = new IndexedDbSharedCommits({ factory: broken, databaseName: 'boutique', channel: null });
    expect(await log.transact('cart', () => 'un')).toMatchObject({ ok: false, error: { code: 'unavailable' } });
  });
});
