import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@/domain/messages';
import { subscribeToNewsletter } from '@/domain/newsletter/subscribe';
import { fail, ok, type Result } from '@/domain/result';
import type { NewsletterSubscribers } from '@/ports/newsletter-subscribers';

/** A subscribers' port that records what it is asked and answers `answer`. */
function subscribersAnswering(answer: Result) {
  const asked: string[] = [];
  const subscribers: NewsletterSubscribers = {
    subscribe: async (email) => {
      asked.push(email);
      return answer;
    },
    unsubscribe: async () => ok(),
    list: async () => ok([]),
  };
  return { subscribers, asked };
}

describe('subscribeToNewsletter (spec §4, §5)', () => {
  // Issue 42, item 12: a blank field is missing, not malformed.
  it.each(['', '   '])('refuses %j as a missing address, asking nothing', async (input) => {
    const { subscribers, asked } = subscribersAnswering(ok(undefined, MESSAGES.subscribed));
    expect(await subscribeToNewsletter({ subscribers }, input)).toEqual({
      ok: false,
      error: { code: 'missing-field', message: 'L’adresse email est obligatoire.' },
    });
    expect(asked).toEqual([]);
  });

  it.each(['lea', 'lea@exemple', '@exemple.fr', 'lea @exemple.fr'])('refuses %j with the spec’s message, asking nothing', async (input) => {
    const { subscribers, asked } = subscribersAnswering(ok(undefined, MESSAGES.subscribed));
    expect(await subscribeToNewsletter({ subscribers }, input)).toEqual({ ok: false, error: { code: 'invalid-email', message: 'Adresse email invalide' } });
    expect(asked).toEqual([]);
  });

  it('passes the address on trimmed and in lower case, and answers what the port answers', async () => {
    const { subscribers, asked } = subscribersAnswering(ok(undefined, MESSAGES.subscribed));
    expect(await subscribeToNewsletter({ subscribers }, '  Lea.Martin@Exemple.FR ')).toEqual({ ok: true, value: undefined, message: MESSAGES.subscribed });
    expect(asked).toEqual(['lea.martin@exemple.fr']);
  });

  it('a refusal of the port (already subscribed, out of reach) is the answer, code and message', async () => {
    const refusal = fail('already-subscribed', MESSAGES.alreadySubscribed);
    const { subscribers } = subscribersAnswering(refusal);
    expect(await subscribeToNewsletter({ subscribers }, 'lea@exemple.fr')).toEqual(refusal);
  });
});
