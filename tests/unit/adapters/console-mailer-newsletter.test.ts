// The local shop as it runs: the newsletter service handing its mails to the ConsoleMailer,
// which logs each one (spec §7). What the log shows is what a subscriber would have received.
import { describe, expect, it } from 'vitest';
import { ConsoleMailer } from '@/adapters/console-mailer/console-mailer';
import { MemoryKeyValueStore } from '@/adapters/memory/memory-key-value-store';
import { MemorySharedCommits } from '../../fakes/memory-shared-commits';
import { NewsletterService } from '@/domain/newsletter/newsletter-service';
import { FakeClock } from '../../fakes/fake-clock';
import { RecordingLogger } from '../../fakes/recording-logger';
import { SequentialIds } from '../../fakes/sequential-ids';
import { CrossTabSharedStates } from '@/adapters/cross-tab/cross-tab-shared-states';

const SITE_URL = 'https://boutique.example';

function localShop() {
  const clock = new FakeClock();
  const logger = new RecordingLogger();
  const newsletter = new NewsletterService(
    new CrossTabSharedStates(new MemoryKeyValueStore(), new MemorySharedCommits(), new RecordingLogger()),
    new ConsoleMailer(clock, logger),
    clock,
    new SequentialIds('jeton'),
    new RecordingLogger(),
    SITE_URL,
  );
  /** Runs an action whose mails wait for the simulated delay. */
  async function withMailDelay<T>(action: Promise<T>): Promise<T> {
    await clock.advanceAsync(100);
    return action;
  }
  return { newsletter, logger, withMailDelay };
}

describe('the local newsletter through the ConsoleMailer', () => {
  it('two subscribers get two logged mails, each with its own unsubscribe link and no other', async () => {
    const { newsletter, logger, withMailDelay } = localShop();
    await withMailDelay(newsletter.register('lea@exemple.fr'));
    await withMailDelay(newsletter.register('marc@exemple.fr'));
    logger.entries.length = 0;

    const result = await withMailDelay(newsletter.sendToAll('Les nouveautés', 'Bonjour à tous.'));

    expect(result).toMatchObject({ ok: true, message: 'Newsletter envoyée avec succès à 2 abonné(s)' });
    const mails = logger.entries.map((entry) => entry.message);
    expect(mails).toHaveLength(2);
    for (const subscriber of newsletter.getSnapshot()) {
      const mail = mails.find((text) => text.startsWith(`Simulated email (nothing was sent) to ${subscriber.email}\n`));
      expect(mail, `no mail logged to ${subscriber.email}`).toBeDefined();
      const links = [...mail!.matchAll(/https:\/\/\S+/g)].map((match) => match[0]);
      expect(links).toEqual([`${SITE_URL}/newsletter/desinscription?token=${subscriber.unsubscribeToken}`]);
    }
    const tokens = newsletter.getSnapshot().map((s) => s.unsubscribeToken);
    expect(new Set(tokens).size).toBe(2);
  });
});
