import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { MemoryKeyValueStore } from '@/adapters/memory/memory-key-value-store';
import { MemorySharedCommits } from '../../../fakes/memory-shared-commits';
import { REMEMBERED_VALUES, COMMIT_LOG_ATTEMPTS, PersistedState } from '@/adapters/cross-tab/persisted-state';
import { lenientList } from '@/domain/stored-list';
import type { KeyValueStore } from '@/ports/key-value-store';
import type { SharedCommits } from '@/ports/shared-commits';
import { FailingKeyValueStore } from '../../../fakes/failing-key-value-store';
import { FakeBrowser } from '../../../fakes/fake-browser';
import { RecordingLogger } from '../../../fakes/recording-logger';

const KEY = 'liste';
/** The log's own failure (IndexedDB refused), as the port answers it. */
const LOG_FAILED = { ok: false, error: { code: 'unavailable' } } as const;
const EMPTY: readonly string[] = [];

function open(store: KeyValueStore, commits: SharedCommits = new MemorySharedCommits(), logger = new RecordingLogger()) {
  return new PersistedState<readonly string[]>({ store, commits, key: KEY, parse: v.array(v.string()), initial: EMPTY, logger });
}

const add = (word: string) => (list: readonly string[]) => [...list, word];
const stored = (store: KeyValueStore) => JSON.parse(store.get(KEY) ?? 'null') as unknown;

/** Tabs of one browser; `manual`: the test runs the log's events in the order it chooses. */
function browserWithTabs(names: string[], options: { manual?: boolean } = {}) {
  const browser = new FakeBrowser(options);
  const tabs = names.map((name) => {
    const { store, commits } = browser.openTab(name);
    return { name, store, state: open(store, commits) };
  });
  return { browser, tabs };
}

function openTab(browser: FakeBrowser, name: string) {
  const { store, commits } = browser.openTab(name);
  return open(store, commits);
}

describe('PersistedState: reading what is stored', () => {
  it('a missing key starts from the initial state', () => {
    expect(open(new MemoryKeyValueStore()).get()).toBe(EMPTY);
  });

  it('corrupt JSON is logged and replaced by the initial state, without throwing', () => {
    const store = new MemoryKeyValueStore();
    store.set(KEY, '[pas du json');
    const logger = new RecordingLogger();
    expect(open(store, undefined, logger).get()).toBe(EMPTY);
    expect(logger.problems()).toEqual([expect.stringContaining('not JSON')]);
  });

  it('stored JSON of the wrong shape is logged and replaced by the initial state', () => {
    const store = new MemoryKeyValueStore();
    store.set(KEY, '{"pas":"une liste"}');
    const logger = new RecordingLogger();
    expect(open(store, undefined, logger).get()).toBe(EMPTY);
    expect(logger.problems()).toEqual([expect.stringContaining('unexpected shape')]);
  });

  it('a lenient list drops each invalid entry and keeps the others', () => {
    const store = new MemoryKeyValueStore();
    store.set(KEY, '["a", 2, "c", null]');
    const logger = new RecordingLogger();
    const state = new PersistedState<readonly string[]>({
      store,
      commits: new MemorySharedCommits(),
      key: KEY,
      parse: lenientList(v.string(), 'mot'),
      initial: EMPTY,
      logger,
    });
    expect(state.get()).toEqual(['a', 'c']);
    expect(logger.problems('warn')).toHaveLength(2);
  });
});

describe('PersistedState: committing', () => {
  it('a change shows at once, and is written as JSON under its key when committed', async () => {
    const store = new MemoryKeyValueStore();
    const state = open(store);
    const saving = state.update(add('x'));
    expect(state.get()).toEqual(['x']);
    expect(await saving).toEqual({ ok: true, value: undefined });
    expect(store.get(KEY)).toBe('["x"]');
  });

  it('an update that changes nothing writes nothing and keeps the reference', async () => {
    const store = new MemoryKeyValueStore();
    const state = open(store);
    const before = state.get();
    expect(await state.update((list) => list)).toEqual({ ok: true, value: undefined });
    await state.whenIdle();
    expect(state.get()).toBe(before);
    expect(store.get(KEY)).toBeNull();
  });

  it('changes made while a commit runs are committed next, in order', async () => {
    const store = new MemoryKeyValueStore();
    const state = open(store);
    const outcomes = await Promise.all(['a', 'b', 'c', 'd'].map((word) => state.update(add(word))));
    expect(outcomes).toEqual(Array(4).fill({ ok: true, value: undefined }));
    expect(stored(store)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('a quota error keeps the new state in memory, logs, and answers the coded failure', async () => {
    const store = new FailingKeyValueStore();
    const logger = new RecordingLogger();
    const state = open(store, undefined, logger);
    store.failWrites = true;
    const outcome = await state.update(add('X'));
    expect(outcome).toEqual({ ok: false, error: { code: 'quota', key: KEY } });
    expect(state.get()).toEqual(['X']);
    expect(store.get(KEY)).toBeNull();
    expect(logger.problems('error')).toHaveLength(1);
  });

  it('after a failed write, the next change saves the whole in-memory state', async () => {
    const store = new FailingKeyValueStore();
    store.inner.set(KEY, '["ancien"]');
    const state = open(store);
    store.failWrites = true;
    await state.update(add('X'));
    store.failWrites = false;
    expect(await state.update(add('Y'))).toEqual({ ok: true, value: undefined });
    expect(state.get()).toEqual(['ancien', 'X', 'Y']);
    expect(stored(store)).toEqual(['ancien', 'X', 'Y']);
  });

  it('any other error thrown by the store counts as storage unavailable', async () => {
    const store = new MemoryKeyValueStore();
    store.set = () => {
      throw new Error('SecurityError');
    };
    const outcome = await open(store).update(add('X'));
    expect(outcome).toEqual({ ok: false, error: { code: 'unavailable', key: KEY } });
  });

  it(`without a commit log (IndexedDB refused), changes are saved to localStorage alone after ${COMMIT_LOG_ATTEMPTS} attempts`, async () => {
    let attempts = 0;
    const refusing: SharedCommits = {
      transact: () => {
        attempts += 1;
        return Promise.resolve(LOG_FAILED);
      },
      subscribe: () => () => {},
    };
    const store = new MemoryKeyValueStore();
    const logger = new RecordingLogger();
    const state = open(store, refusing, logger);
    expect(await state.update(add('X'))).toEqual({ ok: true, value: undefined });
    expect(attempts).toBe(3);
    expect(await state.update(add('Y'))).toEqual({ ok: true, value: undefined });
    expect(attempts).toBe(3); // given up for this tab's life: no more waiting on a missing log
    expect(stored(store)).toEqual(['X', 'Y']);
    expect(logger.problems('warn')).toEqual([
      expect.stringContaining('attempt 1 of 3'),
      expect.stringContaining('attempt 2 of 3'),
      expect.stringContaining('commit log is unavailable'),
    ]);
  });

  it('a passing failure of the commit log is retried on the log, never on this tab’s stale copy of the key: another tab’s change is kept', async () => {
    const browser = new FakeBrowser();
    const b = openTab(browser, 'B');
    const { store, commits } = browser.openTab('A');
    let failures = 0;
    const flaky: SharedCommits = {
      transact: (key, decide) => (failures-- > 0 ? Promise.resolve(LOG_FAILED) : commits.transact(key, decide)),
      subscribe: (listener) => commits.subscribe(listener),
    };
    const logger = new RecordingLogger();
    const a = open(store, flaky, logger);
    await a.update(add('W'));
    await b.update(add('Y'));
    // A's copy of the key has not received B's write yet, and A's next transaction fails once.
    browser.storage.data.set(KEY, '["W"]');
    failures = 1;
    expect(await a.update(add('X'))).toEqual({ ok: true, value: undefined });
    await browser.log.drain();
    expect(stored(store)).toEqual(['W', 'Y', 'X']);
    expect(a.get()).toEqual(['W', 'Y', 'X']);
    expect(b.get()).toEqual(['W', 'Y', 'X']);
    expect(logger.problems('warn')).toEqual([expect.stringContaining('attempt 1 of 3')]);
  });

  it('the log failing after the key was written: the retry commits the change once, not twice', async () => {
    const browser = new FakeBrowser();
    const { store, commits } = browser.openTab('A');
    let failures = 1;
    const failingAfterWrite: SharedCommits = {
      transact: async (key, decide) => {
        if (failures-- <= 0) return commits.transact(key, decide);
        decide(null); // the transaction ran (and wrote the key), then aborted
        return LOG_FAILED;
      },
      subscribe: (listener) => commits.subscribe(listener),
    };
    const a = open(store, failingAfterWrite);
    expect(await a.update(add('X'))).toEqual({ ok: true, value: undefined });
    expect(await a.update(add('Y'))).toEqual({ ok: true, value: undefined });
    expect(stored(store)).toEqual(['X', 'Y']);
    expect(a.get()).toEqual(['X', 'Y']);
    const b = openTab(browser, 'B');
    await b.update(add('Z'));
    expect(b.get()).toEqual(['X', 'Y', 'Z']);
  });
});

describe('PersistedState: tabs of one browser', () => {
  it('two tabs: A adds X, B adds Y at the same moment; both see X and Y, and so does storage', async () => {
    const { browser, tabs } = browserWithTabs(['A', 'B']);
    const [a, b] = tabs;
    await Promise.all([a!.state.update(add('X')), b!.state.update(add('Y'))]);
    await browser.log.drain();
    expect(a!.state.get()).toEqual(['X', 'Y']);
    expect(b!.state.get()).toEqual(['X', 'Y']);
    expect(stored(a!.store)).toEqual(['X', 'Y']);
  });

  it('a commit racing another tab’s: B commits first, so A’s commit applies A’s change to B’s list', async () => {
    const { browser, tabs } = browserWithTabs(['A', 'B'], { manual: true });
    const [a, b] = tabs;
    await browser.log.drain(); // start-up
    const savedA = a!.state.update(add('X'));
    const savedB = b!.state.update(add('Y'));
    // Each tab started from the empty list and shows only its own change.
    expect([a!.state.get(), b!.state.get()]).toEqual([['X'], ['Y']]);

    browser.log.run('transaction B');
    browser.log.run('transaction A');
    expect(stored(a!.store)).toEqual(['Y', 'X']);
    expect(await savedA).toEqual({ ok: true, value: undefined });
    expect(await savedB).toEqual({ ok: true, value: undefined });
    expect(a!.state.get()).toEqual(['Y', 'X']);
    expect(b!.state.get()).toEqual(['Y']); // A's announcement has not reached B yet

    await browser.log.drain();
    expect(b!.state.get()).toEqual(['Y', 'X']);
  });

  it('the same race the other way round ends the other way round, still with both changes', async () => {
    const { browser, tabs } = browserWithTabs(['A', 'B'], { manual: true });
    const [a, b] = tabs;
    await browser.log.drain();
    void a!.state.update(add('X'));
    void b!.state.update(add('Y'));
    browser.log.run('transaction A');
    browser.log.run('transaction B');
    await browser.log.drain();
    for (const tab of [a!, b!]) expect(tab.state.get()).toEqual(['X', 'Y']);
    expect(stored(a!.store)).toEqual(['X', 'Y']);
  });

  it('another tab’s commit arriving while a change waits is adopted under it (a rebase, not a replacement)', async () => {
    const { browser, tabs } = browserWithTabs(['A', 'B'], { manual: true });
    const [a, b] = tabs;
    await browser.log.drain();
    void b!.state.update(add('Y'));
    browser.log.run('transaction B');
    await Promise.resolve();
    browser.log.run('notify A'); // A catches up in a transaction of its own…
    void a!.state.update(add('X')); // …while the shopper changes A's list
    expect(a!.state.get()).toEqual(['X']);

    browser.log.run('transaction A'); // the catch-up: B's commit, with A's change on top
    await Promise.resolve();
    await Promise.resolve();
    expect(a!.state.get()).toEqual(['Y', 'X']);
    expect(stored(a!.store)).toEqual(['Y']); // not committed yet

    await browser.log.drain();
    expect(stored(a!.store)).toEqual(['Y', 'X']);
    expect(b!.state.get()).toEqual(['Y', 'X']);
  });

  it('listeners hear another tab’s change', async () => {
    const { browser, tabs } = browserWithTabs(['A', 'B']);
    const [a, b] = tabs;
    let heard = 0;
    b!.state.subscribe(() => heard++);
    await a!.state.update(add('X'));
    await browser.log.drain();
    expect(b!.state.get()).toEqual(['X']);
    expect(heard).toBe(1);
  });

  it('changes of other keys are ignored', async () => {
    const { browser, tabs } = browserWithTabs(['A', 'B']);
    const before = tabs[1]!.state.get();
    tabs[0]!.store.set('autre', '["Z"]');
    await browser.log.drain();
    expect(tabs[1]!.state.get()).toBe(before);
  });

  it('dispose stops listening to other tabs', async () => {
    const { browser, tabs } = browserWithTabs(['A', 'B']);
    tabs[1]!.state.dispose();
    await tabs[0]!.state.update(add('X'));
    await browser.log.drain();
    expect(tabs[1]!.state.get()).toBe(EMPTY);
  });

  it('property: any interleaving of any tabs’ changes loses none, duplicates none, keeps each tab’s order, and every tab converges on storage', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 4 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 40 }),
        fc.array(fc.nat(), { maxLength: 200 }),
        async (tabCount, changes, schedule) => {
          const { browser, tabs } = browserWithTabs(['A', 'B', 'C', 'D'].slice(0, tabCount), { manual: true });
          const issued = changes.map((pick, n) => ({ tab: tabs[pick % tabCount]!, word: `${pick % tabCount}:${n}` }));
          // Changes are made between events run in the schedule's order, not after them all.
          let next = 0;
          for (const choice of schedule) {
            if (next < issued.length && choice % 3 === 0) {
              const { tab, word } = issued[next++]!;
              void tab.state.update(add(word));
            } else if (browser.log.queue.length > 0) {
              browser.log.run(browser.log.queue[choice % browser.log.queue.length]!.label);
            }
            await Promise.resolve();
          }
          for (const { tab, word } of issued.slice(next)) void tab.state.update(add(word));
          await browser.log.drain();

          const final = stored(tabs[0]!.store) as string[];
          expect([...final].sort()).toEqual(issued.map((i) => i.word).sort());
          for (const tab of tabs) {
            expect(tab.state.get()).toEqual(final);
            const own = issued.filter((i) => i.tab === tab).map((i) => i.word);
            expect(final.filter((word) => own.includes(word))).toEqual(own);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('PersistedState: a page closing', () => {
  it('a change still waiting for its commit when the page closes is written to the key at once', async () => {
    const { browser, tabs } = browserWithTabs(['A'], { manual: true });
    void tabs[0]!.state.update(add('X'));
    expect(stored(tabs[0]!.store)).toBeNull();
    tabs[0]!.state.flushBeforeUnload();
    browser.log.close('A');
    expect(stored(tabs[0]!.store)).toEqual(['X']);
    // The next tab takes it from the key (no commit wrote it) and builds on it.
    const { store, commits } = browser.openTab('B');
    const next = open(store, commits);
    expect(next.get()).toEqual(['X']);
    void next.update(add('Y'));
    await browser.log.drain();
    expect(stored(store)).toEqual(['X', 'Y']);
  });

  it('a change an unfinished commit already wrote to the key is not written twice', async () => {
    const { browser, tabs } = browserWithTabs(['A'], { manual: true });
    const [a] = tabs;
    await browser.log.drain();
    void a!.state.update(add('X'));
    browser.log.run('transaction A'); // written inside the transaction, not yet reported back
    void a!.state.update(add('Y'));
    a!.state.flushBeforeUnload();
    expect(stored(a!.store)).toEqual(['X', 'Y']);
  });

  it('a page back from the back-forward cache after its flush does not apply its changes twice', async () => {
    const { browser, tabs } = browserWithTabs(['A', 'B'], { manual: true });
    const [a, b] = tabs;
    await browser.log.drain();
    void a!.state.update(add('X'));
    a!.state.flushBeforeUnload(); // hidden; its transaction is still queued
    // Another tab takes the flushed value from the key and adds to it.
    void b!.state.update(add('Y'));
    while (browser.log.labels().some((label) => label.startsWith('transaction B'))) {
      browser.log.run('transaction B');
      for (let i = 0; i < 10; i++) await Promise.resolve();
    }
    expect(stored(b!.store)).toEqual(['X', 'Y']);
    await browser.log.drain(); // page A comes back: its commit runs
    expect(stored(a!.store)).toEqual(['X', 'Y']);
    expect(a!.state.get()).toEqual(['X', 'Y']);
    expect(b!.state.get()).toEqual(['X', 'Y']);
  });

  it('a flushed value overwritten before the page comes back: its changes are applied again', async () => {
    const { browser, tabs } = browserWithTabs(['A'], { manual: true });
    const [a] = tabs;
    await browser.log.drain();
    void a!.state.update(add('X'));
    a!.state.flushBeforeUnload();
    browser.storage.data.set(KEY, '["écrasé"]');
    await browser.log.drain();
    expect(stored(a!.store)).toEqual(['écrasé', 'X']);
  });

  it('nothing waiting: closing writes nothing', async () => {
    const { browser, tabs } = browserWithTabs(['A', 'B']);
    await tabs[0]!.state.update(add('X'));
    await tabs[1]!.state.update(add('Y'));
    await browser.log.drain();
    browser.storage.data.set(KEY, '["autre"]');
    tabs[0]!.state.flushBeforeUnload();
    expect(stored(tabs[0]!.store)).toEqual(['autre']);
  });
});

describe('PersistedState: the key read at start-up', () => {
  it('a value put under the key from outside the shop is adopted at start-up and committed', async () => {
    const { browser, tabs } = browserWithTabs(['A']);
    await tabs[0]!.state.update(add('X'));
    browser.storage.data.set(KEY, '["écrit à la main"]');
    const later = openTab(browser, 'B');
    expect(later.get()).toEqual(['écrit à la main']);
    await later.update(add('Y'));
    await browser.log.drain();
    expect(tabs[0]!.state.get()).toEqual(['écrit à la main', 'Y']);
  });

  it('a tab whose copy of the key lags behind the log commits its first change on the log, never on its stale copy', async () => {
    const { browser, tabs } = browserWithTabs(['A']);
    await tabs[0]!.state.update(add('X'));
    await tabs[0]!.state.update(add('Y'));
    // The new tab's copy still holds the first commit (the browser had not delivered the second yet).
    browser.storage.data.set(KEY, '["X"]');
    const { store, commits } = browser.openTab('B');
    const late = open(store, commits);
    expect(late.get()).toEqual(['X']);
    await late.update(add('Z'));
    expect(late.get()).toEqual(['X', 'Y', 'Z']);
    expect(stored(store)).toEqual(['X', 'Y', 'Z']);
  });

  it('a tab whose copy lags catches up with the log when the delayed write reaches it', async () => {
    const { browser, tabs } = browserWithTabs(['A']);
    await tabs[0]!.state.update(add('X'));
    await tabs[0]!.state.update(add('Y'));
    browser.storage.data.set(KEY, '["X"]');
    const late = openTab(browser, 'B');
    // The write arrives, with its storage event.
    browser.storage.data.set(KEY, '["X","Y"]');
    browser.storage.broadcast(tabs[0]!.store as MemoryKeyValueStore, { key: KEY, newValue: '["X","Y"]' });
    await browser.log.drain();
    expect(late.get()).toEqual(['X', 'Y']);
  });

  it(`a lagging copy is recognised among the last ${REMEMBERED_VALUES} values of the key; an older one is an edit from outside`, async () => {
    const { browser, tabs } = browserWithTabs(['A']);
    for (let n = 0; n < REMEMBERED_VALUES + 1; n++) await tabs[0]!.state.update(add(`${n}`));
    const all = tabs[0]!.state.get();
    browser.storage.data.set(KEY, JSON.stringify(all.slice(0, 1))); // the oldest value still remembered
    const late = openTab(browser, 'B');
    await late.update(add('Z'));
    expect(late.get()).toEqual([...all, 'Z']);
    browser.storage.data.set(KEY, '["à la main"]');
    const edited = openTab(browser, 'C');
    await edited.update(add('Z'));
    expect(edited.get()).toEqual(['à la main', 'Z']);
  });

  it('unreadable text under the key never replaces what the log holds', async () => {
    const { browser, tabs } = browserWithTabs(['A']);
    await tabs[0]!.state.update(add('X'));
    browser.storage.data.set(KEY, '{abîmé');
    const later = openTab(browser, 'B');
    expect(later.get()).toEqual(EMPTY);
    await later.update(add('Y'));
    expect(later.get()).toEqual(['X', 'Y']);
  });

  it('a new tab that found the key still empty while the first commit reached it keeps that commit', async () => {
    const { browser, tabs } = browserWithTabs(['A']);
    await tabs[0]!.state.update(add('X'));
    browser.storage.data.delete(KEY); // this tab's copy, before the first write reached it
    const late = openTab(browser, 'B');
    await late.update(add('Y'));
    expect(late.get()).toEqual(['X', 'Y']);
  });

  it('the key removed by another tab (or cleared storage) resets every tab to the initial state', async () => {
    const { browser, tabs } = browserWithTabs(['A', 'B', 'C']);
    await tabs[0]!.state.update(add('X'));
    await browser.log.drain();
    tabs[0]!.store.remove(KEY);
    await browser.log.drain();
    expect(tabs[1]!.state.get()).toBe(EMPTY);
    expect(tabs[2]!.state.get()).toBe(EMPTY);
    await tabs[2]!.state.update(add('Y'));
    await browser.log.drain();
    expect(tabs[1]!.state.get()).toEqual(['Y']);
  });
});
