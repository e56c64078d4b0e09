import { describe, expect, it } from 'vitest';
import { readNewsletter, sendNewsletter } from '@/domain/newsletter/send-newsletter';
import { fail, ok, type Result } from '@/domain/result';
import type { NewsletterSender } from '@/ports/newsletter-sender';

/** A NewsletterSender in memory: records what it was asked to send, answers what it is told. */
function recordingSender(answer: (subject: string) => Result<{ count: number }> = () => ok({ count: 3 })) {
  const sent: Array<[string, string]> = [];
  const sender: NewsletterSender = {
    async sendToAll(subject, body) {
      sent.push([subject, body]);
      return answer(subject);
    },
  };
  return { sender, sent };
}

describe('sendNewsletter: a subject and a message, then every active subscriber', () => {
  it.each([
    ['subject', { subject: '  ', body: 'Bonjour' }, 'Indiquez l’objet de la newsletter.'],
    ['body', { subject: 'Nouveautés', body: ' \n ' }, 'Écrivez le message de la newsletter.'],
  ] as const)('refuses an empty %s with its French message, and sends nothing', async (field, draft, message) => {
    const { sender, sent } = recordingSender();
    expect(await sendNewsletter({ sender }, draft)).toEqual({ ok: false, error: { code: 'invalid-newsletter', message }, fields: { [field]: message } });
    expect(sent).toEqual([]);
  });

  it('names both fields when both are empty, the subject first', () => {
    expect(readNewsletter({ subject: '', body: '' })).toMatchObject({
      error: { message: 'Indiquez l’objet de la newsletter.' },
      fields: { subject: 'Indiquez l’objet de la newsletter.', body: 'Écrivez le message de la newsletter.' },
    });
  });

  it('sends the subject trimmed and the message as typed, and answers « Newsletter envoyée avec succès à N abonné(s) »', async () => {
    const { sender, sent } = recordingSender();
    expect(await sendNewsletter({ sender }, { subject: '  Nouveautés ', body: 'Bonjour,\n\nà bientôt ' })).toEqual({
      ok: true,
      value: { count: 3 },
      message: 'Newsletter envoyée avec succès à 3 abonné(s)',
    });
    expect(sent).toEqual([['Nouveautés', 'Bonjour,\n\nà bientôt ']]);
  });

  it('keeps the sender’s own sentence when it gives one', async () => {
    const { sender } = recordingSender(() => ok({ count: 2 }, 'Envoyée.'));
    expect(await sendNewsletter({ sender }, { subject: 'A', body: 'B' })).toMatchObject({ ok: true, message: 'Envoyée.' });
  });

  it('answers the sender’s refusal as it is (nobody subscribed, a mail provider, a backend)', async () => {
    const { sender } = recordingSender(() => fail('no-active-subscribers', 'Aucun abonné actif trouvé'));
    expect(await sendNewsletter({ sender }, { subject: 'A', body: 'B' })).toEqual({
      ok: false,
      error: { code: 'no-active-subscribers', message: 'Aucun abonné actif trouvé' },
    });
  });
});
