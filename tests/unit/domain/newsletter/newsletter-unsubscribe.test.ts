import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@/domain/messages';
import { FailingKeyValueStore } from '../../../fakes/failing-key-value-store';
import { setup, stored } from './newsletter-setup';

describe('NewsletterService: unsubscribing (spec §4, §5, §8)', () => {
  it('an active subscriber whose token matches becomes inactive, with « Désinscription effectuée avec succès »', async () => {
    const { store, newsletter } = setup();
    const registered = await newsletter.register('lea@exemple.fr');
    const token = registered.ok ? registered.value.unsubscribeToken : '';
    const result = await newsletter.unsubscribe(token);
    expect(result.ok && result.message).toBe('Désinscription effectuée avec succès');
    expect(result.ok && result.value).toMatchObject({ email: 'lea@exemple.fr', isActive: false });
    expect(stored(store)).toEqual([expect.objectContaining({ email: 'lea@exemple.fr', isActive: false })]);
    expect(newsletter.activeCount()).toBe(0);
  });

  it('an unknown unsubscribe token is refused with « Token de désinscription invalide »', async () => {
    const { newsletter } = setup();
    await newsletter.register('lea@exemple.fr');
    for (const token of ['inconnu', '']) {
      expect(await newsletter.unsubscribe(token)).toEqual({
        ok: false,
        error: { code: 'invalid-token', message: 'Token de désinscription invalide' },
      });
    }
    expect(newsletter.activeCount()).toBe(1);
  });

  it('the same link followed again says the address is already unsubscribed, not « invalide », and changes nothing', async () => {
    const { store, newsletter } = setup();
    const registered = await newsletter.register('lea@exemple.fr');
    const token = registered.ok ? registered.value.unsubscribeToken : '';
    await newsletter.unsubscribe(token);
    const before = store.get('newsletter_subscribers');
    const again = await newsletter.unsubscribe(token);
    expect(again.ok && again.message).toBe('Cette adresse email est déjà désinscrite de notre newsletter.');
    expect(again.ok && again.value).toMatchObject({ email: 'lea@exemple.fr', isActive: false });
    expect(store.get('newsletter_subscribers')).toBe(before);
  });

  it('a subscriber who came back is unsubscribed again by the same link', async () => {
    const { newsletter } = setup();
    const registered = await newsletter.register('lea@exemple.fr');
    const token = registered.ok ? registered.value.unsubscribeToken : '';
    await newsletter.unsubscribe(token);
    await newsletter.register('lea@exemple.fr');
    const result = await newsletter.unsubscribe(token);
    expect(result.ok && result.message).toBe('Désinscription effectuée avec succès');
    expect(newsletter.activeCount()).toBe(0);
  });

  it('an unsubscribe that cannot be saved answers with the French storage message, and the stored subscriber stays active', async () => {
    const store = new FailingKeyValueStore();
    const { newsletter } = setup(store);
    const registered = await newsletter.register('lea@exemple.fr');
    store.failWrites = true;
    expect(await newsletter.unsubscribe(registered.ok ? registered.value.unsubscribeToken : '')).toEqual({
      ok: false,
      error: { code: 'storage-write-failed', message: MESSAGES.storageWriteFailed('abonnés') },
    });
    expect(stored(store)).toEqual([expect.objectContaining({ email: 'lea@exemple.fr', isActive: true })]);
  });
});
