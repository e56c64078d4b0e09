import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@/domain/messages';
import { unsubscribeFromNewsletter } from '@/domain/newsletter/unsubscribe';
import { fail, ok, type Result } from '@/domain/result';
import type { NewsletterSubscribers } from '@/ports/newsletter-subscribers';

/** A subscribers' port that records the tokens it is asked about and answers `answer`. */
function subscribersAnswering(answer: Result) {
  const asked: string[] = [];
  const subscribers: NewsletterSubscribers = {
    subscribe: async () => ok(),
    unsubscribe: async (token) => {
      asked.push(token);
      return answer;
    },
    list: async () => ok([]),
  };
  return { subscribers, asked };
}

describe('unsubscribeFromNewsletter (spec §5)', () => {
  it.each(['', '   '])('a link without a token (%j) is refused with the spec’s message, asking nothing', async (token) => {
    const { subscribers, asked } = subscribersAnswering(ok(undefined, MESSAGES.unsubscribed));
    expect(await unsubscribeFromNewsletter({ subscribers }, token)).toEqual({
      ok: false,
      error: { code: 'invalid-token', message: 'Token de désinscription invalide' },
    });
    expect(asked).toEqual([]);
  });

  it('passes the token on and answers what the port answers: done, or refused', async () => {
    const done = subscribersAnswering(ok(undefined, MESSAGES.unsubscribed));
    expect(await unsubscribeFromNewsletter(done, ' jeton-1 ')).toEqual({ ok: true, value: undefined, message: 'Désinscription effectuée avec succès' });
    expect(done.asked).toEqual(['jeton-1']);
    const unknown = subscribersAnswering(fail('invalid-token', MESSAGES.invalidUnsubscribeToken));
    expect(await unsubscribeFromNewsletter(unknown, 'inconnu')).toEqual(fail('invalid-token', 'Token de désinscription invalide'));
  });
});
