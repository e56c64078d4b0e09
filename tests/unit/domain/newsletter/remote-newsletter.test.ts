import { describe, expect, it } from 'vitest';
import { RemoteNewsletter } from '../../../../src/domain/newsletter/remote-newsletter';
import type { Subscriber } from '../../../../src/domain/newsletter/subscriber';
import { fail, ok, type Result } from '../../../../src/domain/result';
import type { NewsletterSender } from '../../../../src/ports/newsletter-sender';
import type { NewsletterSubscribers } from '../../../../src/ports/newsletter-subscribers';

const LEA: Subscriber = {
  id: 's-1',
  email: 'lea@exemple.fr',
  subscribedAt: '2026-11-22T10:00:00.000Z',
  isActive: true,
  confirmationSent: true,
  unsubscribeToken: '',
};

/** A backend holding a list, which can be told to refuse, and sending to everyone on it. */
class FakeBackend implements NewsletterSubscribers, NewsletterSender {
  list_: Subscriber[] = [];
  refuse = false;
  async subscribe(email: string): Promise<Result<undefined>> {
    this.list_.push({ ...LEA, email });
    return ok(undefined, 'Inscription réussie ! Un email de confirmation vous a été envoyé.');
  }
  async unsubscribe(): Promise<Result<undefined>> {
    return fail('invalid-token', 'Token de désinscription invalide');
  }
  async list(): Promise<Result<readonly Subscriber[]>> {
    return this.refuse ? fail('session-expired', 'Votre session a expiré. Reconnectez-vous pour continuer.') : ok([...this.list_]);
  }
  async sendToAll(): Promise<Result<{ count: number }>> {
    return ok({ count: this.list_.length }, `Newsletter envoyée avec succès à ${this.list_.length} abonné(s)`);
  }
}

describe('RemoteNewsletter (the subscribers kept by a backend)', () => {
  it('shows no subscriber until the list is asked for: a visitor never reads it', async () => {
    const backend = new FakeBackend();
    const newsletter = new RemoteNewsletter(backend, backend);
    expect(await newsletter.register('lea@exemple.fr')).toMatchObject({ ok: true });
    expect(newsletter.getSnapshot()).toEqual([]);
  });

  it('refresh brings the backend’s list and tells the listeners', async () => {
    const backend = new FakeBackend();
    backend.list_.push(LEA);
    const newsletter = new RemoteNewsletter(backend, backend);
    const seen: number[] = [];
    newsletter.subscribe(() => seen.push(newsletter.getSnapshot().length));
    expect(await newsletter.refresh()).toEqual({ ok: true, value: undefined });
    expect(newsletter.getSnapshot()).toEqual([LEA]);
    expect(seen).toEqual([1]);
  });

  it('the admin page is no longer told of the list once it has left', async () => {
    const backend = new FakeBackend();
    backend.list_.push(LEA);
    const newsletter = new RemoteNewsletter(backend, backend);
    const seen: number[] = [];
    const leave = newsletter.subscribe(() => seen.push(newsletter.getSnapshot().length));
    await newsletter.refresh();
    leave();
    backend.list_.push({ ...LEA, id: 's-2', email: 'hugo@exemple.fr' });
    await newsletter.refresh();
    expect(newsletter.getSnapshot()).toHaveLength(2);
    expect(seen).toEqual([1]);
  });

  it('a refused refresh answers the backend’s French failure and keeps the list shown', async () => {
    const backend = new FakeBackend();
    backend.list_.push(LEA);
    const newsletter = new RemoteNewsletter(backend, backend);
    await newsletter.refresh();
    backend.refuse = true;
    expect(await newsletter.refresh()).toEqual({
      ok: false,
      error: { code: 'session-expired', message: 'Votre session a expiré. Reconnectez-vous pour continuer.' },
    });
    expect(newsletter.getSnapshot()).toEqual([LEA]);
  });

  it('passes the backend’s answers through: unsubscribe and send', async () => {
    const backend = new FakeBackend();
    const newsletter = new RemoteNewsletter(backend, backend);
    await newsletter.register('lea@exemple.fr');
    expect(await newsletter.unsubscribe('x')).toEqual({ ok: false, error: { code: 'invalid-token', message: 'Token de désinscription invalide' } });
    expect(await newsletter.sendToAll('Objet', 'Texte')).toEqual({
      ok: true,
      value: { count: 1 },
      message: 'Newsletter envoyée avec succès à 1 abonné(s)',
    });
  });
});
