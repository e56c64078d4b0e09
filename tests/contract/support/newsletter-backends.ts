// The two newsletter backends the newsletter's contract suites run against, each seen as a
// visitor (subscribes, unsubscribes) and as the signed-in admin (lists, sends): the local shop
// (NewsletterService over memory storage, mail through a FakeMailer) and Supabase (the SQL
// functions in PostgreSQL, the table under row-level security, and stand-ins of the edge
// functions send-newsletter and newsletter-subscribe: tests/support/supabase/*-stand-in.ts).
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { LocalNewsletterSender } from '@/adapters/local-storage/local-newsletter-sender';
import { LocalNewsletterSubscribers } from '@/adapters/local-storage/local-newsletter-subscribers';
import { MemoryKeyValueStore } from '@/adapters/memory/memory-key-value-store';
import { MemorySharedCommits } from '../../fakes/memory-shared-commits';
import { SupabaseAdminAuthGateway } from '@/adapters/supabase/supabase-admin-auth-gateway';
import { SupabaseNewsletterSender } from '@/adapters/supabase/supabase-newsletter-sender';
import { SupabaseNewsletterSubscribers } from '@/adapters/supabase/supabase-newsletter-subscribers';
import { NewsletterService } from '@/domain/newsletter/newsletter-service';
import { STORAGE_KEYS } from '@/domain/storage-keys';
import type { NewsletterSender } from '@/ports/newsletter-sender';
import type { NewsletterSubscribers } from '@/ports/newsletter-subscribers';
import { FakeClock } from '../../fakes/fake-clock';
import { FakeMailer } from '../../fakes/fake-mailer';
import { RecordingLogger } from '../../fakes/recording-logger';
import { SequentialIds } from '../../fakes/sequential-ids';
import { newsletterSubscribeStandIn } from '../../support/supabase/newsletter-subscribe-stand-in';
import { sendNewsletterStandIn, STAND_IN_SITE_URL, type OutgoingMail } from '../../support/supabase/send-newsletter-stand-in';
import { ADMIN_USER, MemoryStorage, startTestProject, testClient, type TestProject } from '../../support/supabase/test-project';
import { CrossTabSharedStates } from '@/adapters/cross-tab/cross-tab-shared-states';

/** What a test needs of one backend: the visitor's and the admin's view, and what they cannot see. */
export interface NewsletterSubject {
  /** As a shopper: subscribes and unsubscribes. */
  visitor: NewsletterSubscribers;
  /** As the signed-in admin: lists. */
  admin: NewsletterSubscribers;
  /** As the signed-in admin: sends the newsletter (« Envoyer à tous »). */
  sender: NewsletterSender;
  /** The unsubscribe token the subscriber's mails carry (read where it is kept). */
  tokenOf(email: string): Promise<string>;
  /** Mails of the newsletter received by `email`. */
  newsletterMailsTo(email: string): Array<{ subject: string; body: string }>;
  /** Confirmation mails (new or reactivated subscription) received by `email`. */
  confirmationMailsTo(email: string): Array<{ subject: string; body: string }>;
  /** From now on, the mail service refuses mail to `email` (newsletters and confirmations). */
  refuseMailTo(email: string): void;
}

/** What a backend starts with: `subscribers` active subscribers abonne-1@exemple.fr, abonne-2@exemple.fr… */
interface Start {
  subscribers?: number;
}
const numberedAddresses = (count = 0) => Array.from({ length: count }, (_, i) => `abonne-${i + 1}@exemple.fr`);

export interface NewsletterBackend {
  name: string;
  make(start?: Start): Promise<NewsletterSubject>;
}

const isConfirmation = (mail: { subject: string }) => /^Bienvenue|réactivée$/.test(mail.subject);

export function localBackend(): NewsletterBackend {
  return {
    name: 'local',
    async make(start = {}) {
      const mailer = new FakeMailer();
      const store = new MemoryKeyValueStore();
      const subscribedAt = new Date(0).toISOString();
      const seeded = numberedAddresses(start.subscribers).map((email, i) => ({
        ...{ id: `seed-${i}`, email, subscribedAt, isActive: true, confirmationSent: true },
        unsubscribeToken: `seed-token-${i}`,
      }));
      if (seeded.length > 0) store.set(STORAGE_KEYS.newsletterSubscribers, JSON.stringify(seeded));
      const service = new NewsletterService(
        new CrossTabSharedStates(store, new MemorySharedCommits(), new RecordingLogger()),
        mailer,
        new FakeClock(),
        new SequentialIds('local'),
        new RecordingLogger(),
        STAND_IN_SITE_URL,
      );
      const subscribers = new LocalNewsletterSubscribers(service);
      return {
        visitor: subscribers,
        admin: subscribers,
        sender: new LocalNewsletterSender(service),
        async tokenOf(email) {
          return service.getSnapshot().find((s) => s.email === email)!.unsubscribeToken;
        },
        newsletterMailsTo: (email) => mailer.to(email).filter((mail) => !isConfirmation(mail)),
        confirmationMailsTo: (email) => mailer.to(email).filter(isConfirmation),
        refuseMailTo: (email) => mailer.rejectTo.add(email),
      };
    },
  };
}

/**
 * The Supabase test project behind the suite that calls this (its hooks: started before the
 * suite, stopped after, no request outside the documented forms after each test), and the
 * backend made on it.
 */
export function useSupabaseProject(): { project: () => TestProject; backend: NewsletterBackend; signedInClient: typeof signedIn } {
  const outbox: OutgoingMail[] = [];
  const confirmations: OutgoingMail[] = [];
  const refused = new Set<string>();
  let project: TestProject;

  beforeAll(async () => {
    project = await startTestProject({
      'send-newsletter': sendNewsletterStandIn(() => project.cluster, outbox, { refuseMailTo: refused }),
      'newsletter-subscribe': newsletterSubscribeStandIn(() => project.cluster, confirmations, { refuseMailTo: refused }),
    });
  }, 120_000);
  afterAll(async () => {
    await project?.cluster.stop();
  });
  afterEach(() => {
    expect(project.fake.violations).toEqual([]);
  });

  const backend: NewsletterBackend = {
    name: 'Supabase',
    async make(start = {}) {
      await project.cluster.reset();
      await project.cluster.query(
        `insert into public.newsletter_subscribers (email, unsubscribe_token, confirmation_sent)
         select e, md5(e), true from unnest($1::text[]) as e`,
        [numberedAddresses(start.subscribers)],
      );
      outbox.length = 0;
      confirmations.length = 0;
      refused.clear();
      const adminClient = await signedIn(project, ADMIN_USER);
      return {
        visitor: new SupabaseNewsletterSubscribers(testClient(project.fake), new RecordingLogger()),
        admin: new SupabaseNewsletterSubscribers(adminClient, new RecordingLogger()),
        sender: new SupabaseNewsletterSender(adminClient, new RecordingLogger()),
        async tokenOf(email) {
          const [row] = await project.cluster.query<{ unsubscribe_token: string }>(
            'select unsubscribe_token from public.newsletter_subscribers where email = $1',
            [email],
          );
          return row!.unsubscribe_token;
        },
        newsletterMailsTo: (email) => outbox.filter((mail) => mail.to === email),
        confirmationMailsTo: (email) => confirmations.filter((mail) => mail.to === email),
        refuseMailTo: (email) => refused.add(email),
      };
    },
  };
  return { project: () => project, backend, signedInClient: signedIn };
}

/** A supabase-js client signed in as `user` through GoTrue, its session kept in memory. */
async function signedIn(project: TestProject, user: typeof ADMIN_USER) {
  const client = testClient(project.fake, new MemoryStorage());
  const gateway = new SupabaseAdminAuthGateway(client, new RecordingLogger());
  const signedIn = await gateway.authenticate(user.email, user.password);
  // The port answers its failures: one here would make every later step fail for another reason.
  if (!signedIn.ok) throw new Error(`Could not sign ${user.email} in: ${signedIn.error.message}`);
  return client;
}
