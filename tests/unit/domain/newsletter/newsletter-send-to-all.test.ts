import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@/domain/messages';
import { setup } from './newsletter-setup';

describe('NewsletterService: sending to all (spec §5, §8)', () => {
  async function withSubscribers(...emails: string[]) {
    const context = setup();
    for (const email of emails) await context.newsletter.register(email);
    context.mailer.sent.length = 0;
    return context;
  }

  it('sending with no active subscriber is refused with « Aucun abonné actif trouvé »', async () => {
    const { newsletter, mailer } = await withSubscribers('lea@exemple.fr');
    const token = newsletter.getSnapshot()[0]?.unsubscribeToken ?? '';
    await newsletter.unsubscribe(token);
    expect(await newsletter.sendToAll('Objet', 'Texte')).toEqual({
      ok: false,
      error: { code: 'no-active-subscribers', message: 'Aucun abonné actif trouvé' },
    });
    expect(mailer.sent).toEqual([]);
  });

  it('sendToAll mails each active subscriber once and answers « Newsletter envoyée avec succès à N abonné(s) »', async () => {
    const { newsletter, mailer } = await withSubscribers('a@exemple.fr', 'b@exemple.fr', 'c@exemple.fr');
    await newsletter.unsubscribe(newsletter.getSnapshot().find((s) => s.email === 'b@exemple.fr')?.unsubscribeToken ?? '');
    const result = await newsletter.sendToAll('Les nouveautés', 'Bonjour !');
    expect(result).toEqual({
      ok: true,
      value: { count: 2 },
      message: 'Newsletter envoyée avec succès à 2 abonné(s)',
    });
    expect(mailer.sent.map((m) => m.to).sort()).toEqual(['a@exemple.fr', 'c@exemple.fr']);
    expect(mailer.sent.every((m) => m.subject === 'Les nouveautés' && m.body.startsWith('Bonjour !'))).toBe(true);
  });

  it('each newsletter carries its recipient’s own unsubscribe link', async () => {
    const { newsletter, mailer } = await withSubscribers('a@exemple.fr', 'b@exemple.fr');
    await newsletter.sendToAll('Objet', 'Texte');
    for (const subscriber of newsletter.getSnapshot()) {
      expect(mailer.to(subscriber.email)[0]?.body).toContain(`https://boutique.example/newsletter/desinscription?token=${subscriber.unsubscribeToken}`);
    }
  });

  it('a Mailer rejection gives mail-failed and keeps every subscriber', async () => {
    const { newsletter, mailer } = await withSubscribers('a@exemple.fr', 'b@exemple.fr');
    mailer.rejectAll = true;
    expect(await newsletter.sendToAll('Objet', 'Texte')).toEqual({
      ok: false,
      error: { code: 'mail-failed', message: MESSAGES.mailFailed },
    });
    expect(newsletter.activeCount()).toBe(2);
  });

  it('when only some mails are refused, the message says how many went out', async () => {
    const { newsletter, mailer } = await withSubscribers('a@exemple.fr', 'b@exemple.fr', 'c@exemple.fr');
    mailer.rejectTo.add('b@exemple.fr');
    const result = await newsletter.sendToAll('Objet', 'Texte');
    expect(result).toEqual({ ok: false, error: { code: 'mail-failed', message: MESSAGES.mailPartlyFailed(2, 3) } });
    expect(mailer.sent).toHaveLength(2);
  });
});
