import { describe, expect, it } from 'vitest';
import { MemoryKeyValueStore, MemoryStorageArea } from '@/adapters/memory/memory-key-value-store';
import { MESSAGES } from '@/domain/messages';
import type { Subscriber } from '@/domain/newsletter/subscriber';
import { FailingKeyValueStore } from '../../../fakes/failing-key-value-store';
import { FakeClock } from '../../../fakes/fake-clock';
import { SequentialIds } from '../../../fakes/sequential-ids';
import { FakeBrowser } from '../../../fakes/fake-browser';
import { setup, START, stored } from './newsletter-setup';

describe('NewsletterService: subscribing (spec §3, §4, §8)', () => {
  it('a new email becomes an active subscriber, with « Inscription réussie ! Un email de confirmation vous a été envoyé. »', async () => {
    const { newsletter } = setup();
    const result = await newsletter.register('camille@exemple.fr');
    expect(result.ok && result.message).toBe('Inscription réussie ! Un email de confirmation vous a été envoyé.');
    expect(newsletter.getSnapshot()).toEqual([expect.objectContaining({ email: 'camille@exemple.fr', isActive: true })]);
  });

  it('the subscriber has the fields of spec §3: random id and token, ISO date, active, confirmation sent', async () => {
    const { store, newsletter } = setup();
    const result = await newsletter.register('camille@exemple.fr');
    const expected: Subscriber = {
      id: 'id-1',
      email: 'camille@exemple.fr',
      subscribedAt: START,
      isActive: true,
      confirmationSent: true,
      unsubscribeToken: 'id-2',
    };
    expect(result).toEqual({ ok: true, value: expected, message: MESSAGES.subscribed });
    expect(stored(store)).toEqual([expected]);
  });

  it('the email is stored trimmed and in lower case', async () => {
    const { store, newsletter } = setup();
    await newsletter.register('  Camille.Martin@Exemple.FR ');
    expect(stored(store)?.map((s) => s.email)).toEqual(['camille.martin@exemple.fr']);
  });

  it('subscribers are stored under `newsletter_subscribers` and read at start', async () => {
    const area = new MemoryStorageArea();
    await setup(new MemoryKeyValueStore(area)).newsletter.register('camille@exemple.fr');
    expect(area.data.has('newsletter_subscribers')).toBe(true);
    const later = setup(new MemoryKeyValueStore(area)).newsletter;
    expect(later.getSnapshot().map((s) => s.email)).toEqual(['camille@exemple.fr']);
    expect(later.activeCount()).toBe(1);
  });

  it('the confirmation mail goes through the Mailer to the subscriber, with an unsubscribe link', async () => {
    const { mailer, newsletter } = setup();
    const result = await newsletter.register('camille@exemple.fr');
    const token = result.ok ? result.value.unsubscribeToken : '';
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]?.to).toBe('camille@exemple.fr');
    expect(mailer.sent[0]?.subject).not.toBe('');
    expect(mailer.sent[0]?.body).toContain(`https://boutique.example/newsletter/desinscription?token=${token}`);
  });

  it('confirmationSent stays false until the mail was handed to the Mailer, then becomes true and is saved', async () => {
    const { store, mailer, newsletter } = setup();
    mailer.holdMails = true;
    const pending = newsletter.register('camille@exemple.fr');
    await newsletter.whenSaved();
    expect(stored(store)).toEqual([expect.objectContaining({ isActive: true, confirmationSent: false })]);
    mailer.release();
    await pending;
    expect(stored(store)).toEqual([expect.objectContaining({ isActive: true, confirmationSent: true })]);
  });

  it('an active email re-subscribing is rejected with « Cette adresse email est déjà inscrite à notre newsletter »', async () => {
    const { store, mailer, newsletter } = setup();
    await newsletter.register('camille@exemple.fr');
    const before = store.get('newsletter_subscribers');
    const again = await newsletter.register('camille@exemple.fr');
    expect(again).toEqual({
      ok: false,
      error: { code: 'already-subscribed', message: 'Cette adresse email est déjà inscrite à notre newsletter' },
    });
    expect(store.get('newsletter_subscribers')).toBe(before);
    expect(mailer.sent).toHaveLength(1);
  });

  it('the duplicate check ignores case and surrounding spaces', async () => {
    const { newsletter } = setup();
    await newsletter.register('Camille.Martin@Exemple.FR');
    const again = await newsletter.register(' camille.martin@exemple.fr ');
    expect(!again.ok && again.error.message).toBe(MESSAGES.alreadySubscribed);
    expect(newsletter.getSnapshot()).toHaveLength(1);
  });

  it('an inactive email becomes active again, subscribedAt refreshed, with « Inscription réactivée avec succès ! Vérifiez votre boîte mail. »', async () => {
    const { store, clock, mailer, newsletter } = setup();
    const first = await newsletter.register('camille@exemple.fr');
    await newsletter.unsubscribe(first.ok ? first.value.unsubscribeToken : '');
    clock.advance(3 * 24 * 60 * 60 * 1000);
    const again = await newsletter.register('CAMILLE@exemple.fr');
    expect(again.ok && again.message).toBe('Inscription réactivée avec succès ! Vérifiez votre boîte mail.');
    expect(stored(store)).toEqual([expect.objectContaining({ id: 'id-1', isActive: true, subscribedAt: '2026-11-25T10:00:00.000Z', confirmationSent: true })]);
    expect(mailer.to('camille@exemple.fr')).toHaveLength(2);
  });

  it('an invalid email is refused with « Adresse email invalide » and nothing is stored or sent', async () => {
    const { store, mailer, newsletter } = setup();
    // A blank one too: the subscribers' port answers the spec's message on both backends; the form's
    // use case (subscribeToNewsletter) says first that the address is missing (issue 42, item 12).
    for (const email of ['camille@', 'camille', '', ' ', 'camille @exemple.fr']) {
      expect(await newsletter.register(email)).toEqual({
        ok: false,
        error: { code: 'invalid-email', message: 'Adresse email invalide' },
      });
    }
    expect(store.get('newsletter_subscribers')).toBeNull();
    expect(mailer.sent).toEqual([]);
  });

  it('a Mailer rejection gives mail-failed without losing the subscriber', async () => {
    const { store, mailer, logger, newsletter } = setup();
    mailer.rejectAll = true;
    const result = await newsletter.register('camille@exemple.fr');
    expect(result).toEqual({ ok: false, error: { code: 'mail-failed', message: MESSAGES.confirmationMailFailed } });
    expect(stored(store)).toEqual([expect.objectContaining({ email: 'camille@exemple.fr', isActive: true, confirmationSent: false })]);
    expect(logger.problems('error')).toHaveLength(1);
  });

  it('a storage write failure answers with the French storage message and sends no mail', async () => {
    const store = new FailingKeyValueStore();
    const { mailer, newsletter } = setup(store);
    store.failWrites = true;
    expect(await newsletter.register('camille@exemple.fr')).toEqual({
      ok: false,
      error: { code: 'storage-write-failed', message: MESSAGES.storageWriteFailed('abonnés') },
    });
    expect(mailer.sent).toEqual([]);
  });

  it('two tabs registering the same address: the second is a duplicate, one subscriber stored', async () => {
    const browser = new FakeBrowser();
    const [tabA, tabB] = [browser.openTab('A'), browser.openTab('B')];
    const shared = { clock: new FakeClock(START), ids: new SequentialIds() };
    const a = setup(tabA.store, { ...shared, commits: tabA.commits });
    const b = setup(tabB.store, { ...shared, commits: tabB.commits });
    // Both at the same moment: each tab's own list says the address is new.
    const [first, second] = await Promise.all([a.newsletter.register('lea@exemple.fr'), b.newsletter.register('lea@exemple.fr')]);
    expect([first.ok, second.ok]).toEqual([true, false]);
    expect(!second.ok && second.error.message).toBe('Cette adresse email est déjà inscrite à notre newsletter');
    await browser.log.drain();
    expect(stored(a.store)).toHaveLength(1);
  });
});
