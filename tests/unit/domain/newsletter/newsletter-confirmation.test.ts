import { describe, expect, it } from 'vitest';
import { setup, START, stored } from './newsletter-setup';

// Spec §4 and §5 (subscribe, re-subscribe): what the subscriber receives, and which stored
// subscriber each step changes when the list holds more than one.
describe('NewsletterService: the confirmation mail and the subscriber it confirms (spec §4, §5)', () => {
  it('a new subscriber is welcomed, word for word, with their address and their own unsubscribe link', async () => {
    const { mailer, newsletter } = setup();
    await newsletter.register('camille@exemple.fr');
    expect(mailer.sent).toEqual([
      {
        to: 'camille@exemple.fr',
        subject: 'Bienvenue dans notre newsletter',
        body:
          'Bonjour,\n\nMerci de votre inscription à notre newsletter. Vous recevrez nos nouveautés et nos offres à ' +
          'l’adresse camille@exemple.fr.\n\nPour vous désinscrire\u00a0: https://boutique.example/newsletter/desinscription?token=id-2',
      },
    ]);
  });

  it('a returning subscriber is told the subscription is active again, not welcomed a second time', async () => {
    const { mailer, newsletter } = setup();
    const first = await newsletter.register('camille@exemple.fr');
    await newsletter.unsubscribe(first.ok ? first.value.unsubscribeToken : '');
    await newsletter.register('camille@exemple.fr');
    expect(mailer.sent.map((mail) => mail.subject)).toEqual(['Bienvenue dans notre newsletter', 'Votre inscription à la newsletter est réactivée']);
    expect(mailer.sent[1]?.body).toBe(
      'Bonjour,\n\nVotre inscription à notre newsletter est de nouveau active. Vous recevrez nos nouveautés et nos ' +
        'offres à l’adresse camille@exemple.fr.\n\nPour vous désinscrire\u00a0: https://boutique.example/newsletter/desinscription?token=id-2',
    );
  });

  it('a re-subscription changes that subscriber alone: confirmation not sent until the mail goes, the others untouched', async () => {
    const { store, clock, mailer, newsletter } = setup();
    const camille = await newsletter.register('camille@exemple.fr');
    await newsletter.register('louis@exemple.fr');
    await newsletter.unsubscribe(camille.ok ? camille.value.unsubscribeToken : '');
    clock.advance(60_000);
    mailer.holdMails = true;
    const again = newsletter.register('camille@exemple.fr');
    await newsletter.whenSaved();
    const later = '2026-11-22T10:01:00.000Z';
    const louis = { id: 'id-3', email: 'louis@exemple.fr', subscribedAt: START, isActive: true, confirmationSent: true, unsubscribeToken: 'id-4' };
    expect(stored(store)).toEqual([
      { id: 'id-1', email: 'camille@exemple.fr', subscribedAt: later, isActive: true, confirmationSent: false, unsubscribeToken: 'id-2' },
      louis,
    ]);
    mailer.release();
    const result = await again;
    expect(result.ok && result.value).toEqual(expect.objectContaining({ id: 'id-1', confirmationSent: true }));
    expect(stored(store)).toEqual([expect.objectContaining({ id: 'id-1', subscribedAt: later, confirmationSent: true }), louis]);
  });

  it('a confirmation marks its own subscriber, even when an earlier one still waits for theirs', async () => {
    const { store, mailer, newsletter } = setup();
    mailer.holdMails = true;
    const camille = newsletter.register('camille@exemple.fr');
    await newsletter.whenSaved();
    mailer.release();
    mailer.holdMails = true;
    const louis = newsletter.register('louis@exemple.fr');
    await newsletter.whenSaved();
    await camille;
    expect(stored(store)?.map((s) => [s.email, s.confirmationSent])).toEqual([
      ['camille@exemple.fr', true],
      ['louis@exemple.fr', false],
    ]);
    mailer.release();
    const result = await louis;
    expect(result.ok && result.value.email).toBe('louis@exemple.fr');
    expect(stored(store)?.map((s) => s.confirmationSent)).toEqual([true, true]);
  });
});
