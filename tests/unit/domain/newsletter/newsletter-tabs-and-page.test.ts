// The newsletter kept in this browser (NewsletterService), as the pages follow it: other tabs'
// subscriptions, a closing page, the admin page's loading, a damaged stored list (spec §4, §8).
import { describe, expect, it } from 'vitest';
import { MemoryKeyValueStore } from '@/adapters/memory/memory-key-value-store';
import { FakeBrowser } from '../../../fakes/fake-browser';
import { FakeClock } from '../../../fakes/fake-clock';
import { SequentialIds } from '../../../fakes/sequential-ids';
import { setup, START, stored } from './newsletter-setup';

function twoTabs() {
  const browser = new FakeBrowser();
  const [tabA, tabB] = [browser.openTab('A'), browser.openTab('B')];
  const shared = { clock: new FakeClock(START), ids: new SequentialIds() };
  const a = setup(tabA.store, { ...shared, commits: tabA.commits });
  const b = setup(tabB.store, { ...shared, commits: tabB.commits });
  return { browser, a, b };
}

describe('NewsletterService: other tabs, the page closing, the admin page (spec §4, §8)', () => {
  it('a subscription made in another tab shows in this one as soon as it is committed', async () => {
    const { browser, a, b } = twoTabs();
    const seen: string[][] = [];
    b.newsletter.subscribe(() => seen.push(b.newsletter.getSnapshot().map((s) => s.email)));
    await a.newsletter.register('lea@exemple.fr');
    await browser.log.drain();
    expect(seen.at(-1)).toEqual(['lea@exemple.fr']);
    expect(b.newsletter.activeCount()).toBe(1);
  });

  it('a newsletter whose page has closed no longer follows the other tabs', async () => {
    const { browser, a, b } = twoTabs();
    await a.newsletter.register('lea@exemple.fr');
    await browser.log.drain();
    b.newsletter.dispose();
    await a.newsletter.register('hugo@exemple.fr');
    await browser.log.drain();
    expect(b.newsletter.getSnapshot().map((s) => s.email)).toEqual(['lea@exemple.fr']);
    expect(stored(a.store)?.map((s) => s.email)).toEqual(['lea@exemple.fr', 'hugo@exemple.fr']);
  });

  it('a subscription not yet committed when the page closes is in storage at once', () => {
    const { store, newsletter } = setup();
    void newsletter.register('lea@exemple.fr');
    newsletter.flushBeforeUnload();
    expect(stored(store)).toEqual([expect.objectContaining({ email: 'lea@exemple.fr', isActive: true })]);
  });

  it('the admin page’s loading of the list kept in this browser always succeeds: there is nothing to ask', async () => {
    const { newsletter } = setup();
    expect(await newsletter.refresh()).toEqual({ ok: true, value: undefined });
  });

  it('one invalid stored subscriber is dropped without losing the others, and the log says which', () => {
    const store = new MemoryKeyValueStore();
    const lea = {
      id: 's-1',
      email: 'lea@exemple.fr',
      subscribedAt: START,
      isActive: true,
      confirmationSent: true,
      unsubscribeToken: 't-1',
    };
    store.set('newsletter_subscribers', JSON.stringify([{ email: 42 }, lea]));
    const { newsletter, logger } = setup(store);
    expect(newsletter.getSnapshot()).toEqual([lea]);
    // Spec §8: a storage read failure is only logged; the log says what was dropped, and where.
    expect(logger.problems('warn')).toEqual([expect.stringContaining('newsletter subscriber at index 0')]);
  });
});
