// Property test (fast-check): the newsletter's four transitions (spec §4) hold whatever the order
// of subscriptions, unsubscriptions and the passing of time: new → active; active stays active
// (duplicate refused); inactive → active again with subscribedAt refreshed; active → inactive
// when the token matches. Real NewsletterService over the cross-tab state in memory, a fake clock
// and a fake mailer; compared with a plain model after every step. A failure prints the sequence.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@/domain/messages';
import { setup, stored } from '../domain/newsletter/newsletter-setup';

/** Sequences per run of the property (about 0.5 s here); PROPERTY_RUNS overrides. */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 60);

const ADDRESSES = ['lea@exemple.fr', 'marc@exemple.fr', 'zoe@exemple.fr'];
/** An address as a visitor may type it: another case, spaces around. */
const typed = fc.tuple(fc.constantFrom(...ADDRESSES), fc.boolean(), fc.boolean()).map(([email, upper, spaces]) => {
  const cased = upper ? email.toUpperCase() : email;
  return spaces ? `  ${cased} ` : cased;
});

type Op = { op: 'subscribe'; email: string } | { op: 'unsubscribe'; who: number } | { op: 'forge' } | { op: 'wait'; ms: number };
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('subscribe' as const), email: fc.oneof(typed, fc.constantFrom('pas-une-adresse', '')) }),
  fc.record({ op: fc.constant('unsubscribe' as const), who: fc.integer({ min: 0, max: ADDRESSES.length - 1 }) }),
  fc.record({ op: fc.constant('forge' as const) }),
  fc.record({ op: fc.constant('wait' as const), ms: fc.integer({ min: 1, max: 86_400_000 }) }),
);

interface Row {
  active: boolean;
  subscribedAt: string;
  token: string | null;
}

describe('the newsletter’s transitions, whatever the order of operations (fast-check)', () => {
  it('new → active, active stays active, inactive → active (date refreshed), active → inactive by its token', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 25 }), async (ops) => {
        const { store, clock, newsletter } = setup();
        const model = new Map<string, Row>();
        for (const step of ops) {
          if (step.op === 'wait') {
            clock.advance(step.ms);
          } else if (step.op === 'subscribe') {
            const email = step.email.trim().toLowerCase();
            const before = model.get(email);
            const now = new Date(clock.now()).toISOString();
            const result = await newsletter.register(step.email);
            if (!ADDRESSES.includes(email)) {
              expect(result).toMatchObject({ ok: false, error: { message: MESSAGES.invalidEmail } });
            } else if (before?.active) {
              expect(result).toMatchObject({ ok: false, error: { message: MESSAGES.alreadySubscribed } });
            } else {
              expect(result).toMatchObject({ ok: true, message: before ? MESSAGES.resubscribed : MESSAGES.subscribed });
              model.set(email, { active: true, subscribedAt: now, token: before?.token ?? null });
            }
          } else {
            const email = ADDRESSES[step.op === 'unsubscribe' ? step.who : 0]!;
            const row = model.get(email);
            const token =
              step.op === 'forge' ? 'jeton-inconnu' : (newsletter.getSnapshot().find((s) => s.email === email)?.unsubscribeToken ?? 'jeton-inconnu');
            const result = await newsletter.unsubscribe(token);
            if (step.op === 'forge' || !row) {
              expect(result).toMatchObject({ ok: false, error: { message: MESSAGES.invalidUnsubscribeToken } });
            } else {
              expect(result).toMatchObject({ ok: true, message: row.active ? MESSAGES.unsubscribed : MESSAGES.alreadyUnsubscribed });
              row.active = false;
            }
          }
          await newsletter.whenSaved();
          const list = newsletter.getSnapshot();
          expect(stored(store) ?? []).toEqual(list);
          expect(new Set(list.map((s) => s.email)).size).toBe(list.length);
          expect(Object.fromEntries(list.map((s) => [s.email, { active: s.isActive, subscribedAt: s.subscribedAt }]))).toEqual(
            Object.fromEntries([...model].map(([email, row]) => [email, { active: row.active, subscribedAt: row.subscribedAt }])),
          );
          // A subscriber keeps one unsubscribe token for good.
          for (const s of list) {
            const row = model.get(s.email)!;
            row.token ??= s.unsubscribeToken;
            expect(s.unsubscribeToken).toBe(row.token);
          }
          expect(newsletter.activeCount()).toBe([...model.values()].filter((row) => row.active).length);
        }
        newsletter.dispose();
      }),
      { numRuns: RUNS },
    );
  });
});
