// Shared by the newsletter service tests: one service on fakes, and the stored list.
import { MemoryKeyValueStore } from '@/adapters/memory/memory-key-value-store';
import { MemorySharedCommits } from '../../../fakes/memory-shared-commits';
import type { SharedCommits } from '@/ports/shared-commits';
import { NewsletterService } from '@/domain/newsletter/newsletter-service';
import type { Subscriber } from '@/domain/newsletter/subscriber';
import type { KeyValueStore } from '@/ports/key-value-store';
import { FakeClock } from '../../../fakes/fake-clock';
import { FakeMailer } from '../../../fakes/fake-mailer';
import { RecordingLogger } from '../../../fakes/recording-logger';
import { SequentialIds } from '../../../fakes/sequential-ids';
import { CrossTabSharedStates } from '@/adapters/cross-tab/cross-tab-shared-states';

export const START = '2026-11-22T10:00:00.000Z';
/** The shop's public address the service is given (VITE_SITE_URL, or the page's origin). */
export const SITE_URL = 'https://boutique.example';

export function setup(store: KeyValueStore = new MemoryKeyValueStore(), shared?: { clock: FakeClock; ids: SequentialIds; commits?: SharedCommits }) {
  const mailer = new FakeMailer();
  const clock = shared?.clock ?? new FakeClock(START);
  const ids = shared?.ids ?? new SequentialIds();
  const logger = new RecordingLogger();
  const newsletter = new NewsletterService(
    new CrossTabSharedStates(store, shared?.commits ?? new MemorySharedCommits(), logger),
    mailer,
    clock,
    ids,
    logger,
    SITE_URL,
  );
  return { store, mailer, clock, ids, logger, newsletter };
}

export const stored = (store: KeyValueStore) => JSON.parse(store.get('newsletter_subscribers') ?? 'null') as Subscriber[] | null;
