import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LocalNewsletterSubscribers } from '../../src/adapters/local-storage/local-newsletter-subscribers';
import { MemoryKeyValueStore } from '../../src/adapters/memory/memory-key-value-store';
import { MemorySharedCommits } from '../../src/adapters/memory/memory-shared-commits';
import { SupabaseAdminAuthGateway } from '../../src/adapters/supabase/supabase-admin-auth-gateway';
import { SupabaseNewsletterSubscribers } from '../../src/adapters/supabase/supabase-newsletter-subscribers';
import { unsubscribeUrl } from '../../src/domain/newsletter/newsletter-mails';
import { NewsletterService } from '../../src/domain/newsletter/newsletter-service';
import type { NewsletterSubscribers } from '../../src/ports/newsletter-subscribers';
import { FakeClock } from '../fakes/fake-clock';
import { FakeMailer } from '../fakes/fake-mailer';
import { RecordingLogger } from '../fakes/recording-logger';
import { SequentialIds } from '../fakes/sequential-ids';
import { newsletterSubscribeStandIn } from '../support/supabase/newsletter-subscribe-stand-in';
import { sendNewsletterStandIn, STAND_IN_SITE_URL, type OutgoingMail } from '../support/supabase/send-newsletter-stand-in';
import { ADMIN_USER, MemoryStorage, SHOPPER_USER, startTestProject, testClient, type TestProject } from '../support/supabase/test-project';

/** What a test needs of one adapter: the visitor's and the admin's view, and what they cannot see. */
interface Subject {
  /** As a shopper: subscribes and unsubscribes. */
  visitor: NewsletterSubscribers;
  /** As the signed-in admin: lists and sends. */
  admin: NewsletterSubscribers;
  /** The unsubscribe token the subscriber's mails carry (read where it is kept). */
  tokenOf(email: string): Promise<string>;
  /** Mails of the newsletter received by `email`. */
  newsletterMailsTo(email: string): Array<{ subject: string; body: string }>;
  /** Confirmation mails (new or reactivated subscription) received by `email`. */
  confirmationMailsTo(email: string): Array<{ subject: string; body: string }>;
  /** From now on, the mail service refuses mail to `email` (newsletters and confirmations). */
  refuseMailTo(email: string): void;
}

interface Adapter {
  name: string;
  make(): Promise<Subject>;
}

const MESSAGES = {
  subscribed: 'Inscription réussie ! Un email de confirmation vous a été envoyé.',
  resubscribed: 'Inscription réactivée avec succès ! Vérifiez votre boîte mail.',
  already: 'Cette adresse email est déjà inscrite à notre newsletter',
  invalidEmail: 'Adresse email invalide',
  unsubscribed: 'Désinscription effectuée avec succès',
  invalidToken: 'Token de désinscription invalide',
  alreadyUnsubscribed: 'Cette adresse email est déjà désinscrite de notre newsletter.',
  none: 'Aucun abonné actif trouvé',
};

const isConfirmation = (mail: { subject: string }) => /^Bienvenue|réactivée$/.test(mail.subject);

function localAdapter(): Adapter {
  return {
    name: 'LocalNewsletterSubscribers',
    async make() {
      const mailer = new FakeMailer();
      const service = new NewsletterService(
        new MemoryKeyValueStore(),
        new MemorySharedCommits(),
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

// ---- Supabase: the SQL functions in PostgreSQL, the table under RLS, and stand-ins of the
// edge functions send-newsletter and newsletter-subscribe (tests/support/supabase/*-stand-in.ts).
const outbox: OutgoingMail[] = [];
const confirmations: OutgoingMail[] = [];
const refused = new Set<string>();
let project: TestProject;

async function signedInClient(user: typeof ADMIN_USER) {
  const client = testClient(project.fake, new MemoryStorage());
  const gateway = new SupabaseAdminAuthGateway(client, new RecordingLogger());
  await gateway.authenticate(user.email, user.password);
  return client;
}

function supabaseAdapter(): Adapter {
  return {
    name: 'SupabaseNewsletterSubscribers',
    async make() {
      await project.cluster.reset();
      outbox.length = 0;
      confirmations.length = 0;
      refused.clear();
      return {
        visitor: new SupabaseNewsletterSubscribers(testClient(project.fake), new RecordingLogger()),
        admin: new SupabaseNewsletterSubscribers(await signedInClient(ADMIN_USER), new RecordingLogger()),
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
}

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

const listed = async (subject: Subject) => {
  const result = await subject.admin.list();
  if (!result.ok) throw new Error(result.error.message);
  return result.value.map((s) => ({ email: s.email, isActive: s.isActive }));
};

describe.each([localAdapter(), supabaseAdapter()])('NewsletterSubscribers contract: $name', ({ make }) => {
  it('subscribes a new address with the spec’s message, and the admin sees it active', async () => {
    const subject = await make();
    expect(await subject.visitor.subscribe('lea@exemple.fr')).toEqual({ ok: true, value: undefined, message: MESSAGES.subscribed });
    expect(await listed(subject)).toEqual([{ email: 'lea@exemple.fr', isActive: true }]);
  });

  it('a new subscription gets exactly one confirmation mail, carrying its own unsubscribe link', async () => {
    const subject = await make();
    await subject.visitor.subscribe('lea@exemple.fr');
    await subject.visitor.subscribe('marc@exemple.fr');
    const mails = subject.confirmationMailsTo('lea@exemple.fr');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Bienvenue dans notre newsletter');
    expect(mails[0]!.body).toContain(unsubscribeUrl(STAND_IN_SITE_URL, await subject.tokenOf('lea@exemple.fr')));
    expect(mails[0]!.body).not.toContain(unsubscribeUrl(STAND_IN_SITE_URL, await subject.tokenOf('marc@exemple.fr')));
    expect(await subject.visitor.subscribe('lea@exemple.fr')).toMatchObject({ ok: false });
    expect(subject.confirmationMailsTo('lea@exemple.fr')).toHaveLength(1);
    const listedNow = await subject.admin.list();
    expect(listedNow.ok && listedNow.value.find((s) => s.email === 'lea@exemple.fr')?.confirmationSent).toBe(true);
  });

  it('refuses an active address again, even typed in capitals with spaces, and keeps one subscriber', async () => {
    const subject = await make();
    await subject.visitor.subscribe('lea@exemple.fr');
    for (const again of ['lea@exemple.fr', '  LEA@Exemple.FR ']) {
      expect(await subject.visitor.subscribe(again)).toEqual({ ok: false, error: { code: 'already-subscribed', message: MESSAGES.already } });
    }
    expect(await listed(subject)).toEqual([{ email: 'lea@exemple.fr', isActive: true }]);
  });

  it.each(['', 'lea', 'lea@exemple', 'lea @exemple.fr', '@exemple.fr'])('refuses the malformed address %j and keeps nothing', async (email) => {
    const subject = await make();
    expect(await subject.visitor.subscribe(email)).toEqual({ ok: false, error: { code: 'invalid-email', message: MESSAGES.invalidEmail } });
    expect(await listed(subject)).toEqual([]);
  });

  it('unsubscribes with the subscriber’s own token; the same token again says already unsubscribed; an unknown or empty token is invalid', async () => {
    const subject = await make();
    await subject.visitor.subscribe('lea@exemple.fr');
    await subject.visitor.subscribe('marc@exemple.fr');
    const token = await subject.tokenOf('lea@exemple.fr');
    const invalid = { ok: false, error: { code: 'invalid-token', message: MESSAGES.invalidToken } };
    expect(await subject.visitor.unsubscribe('jeton-inconnu')).toEqual(invalid);
    expect(await subject.visitor.unsubscribe('')).toEqual(invalid);
    expect(await subject.visitor.unsubscribe(token)).toEqual({ ok: true, value: undefined, message: MESSAGES.unsubscribed });
    expect(await subject.visitor.unsubscribe(token)).toEqual({ ok: true, value: undefined, message: MESSAGES.alreadyUnsubscribed });
    expect(await listed(subject)).toEqual(
      expect.arrayContaining([
        { email: 'lea@exemple.fr', isActive: false },
        { email: 'marc@exemple.fr', isActive: true },
      ]),
    );
  });

  it('reactivates an address that had unsubscribed, with the spec’s message', async () => {
    const subject = await make();
    await subject.visitor.subscribe('lea@exemple.fr');
    await subject.visitor.unsubscribe(await subject.tokenOf('lea@exemple.fr'));
    expect(await subject.visitor.subscribe('Lea@exemple.fr')).toEqual({ ok: true, value: undefined, message: MESSAGES.resubscribed });
    expect(await listed(subject)).toEqual([{ email: 'lea@exemple.fr', isActive: true }]);
  });

  it('sending with no active subscriber answers the spec’s message and mails nobody', async () => {
    const subject = await make();
    await subject.visitor.subscribe('lea@exemple.fr');
    await subject.visitor.unsubscribe(await subject.tokenOf('lea@exemple.fr'));
    expect(await subject.admin.sendToAll('Soldes', 'Tout à −20 %')).toEqual({
      ok: false,
      error: { code: 'no-active-subscribers', message: MESSAGES.none },
    });
    expect(subject.newsletterMailsTo('lea@exemple.fr')).toEqual([]);
  });

  it('sends to every active subscriber, each mail with its own unsubscribe link, and says how many', async () => {
    const subject = await make();
    for (const email of ['lea@exemple.fr', 'marc@exemple.fr', 'zoe@exemple.fr']) await subject.visitor.subscribe(email);
    await subject.visitor.unsubscribe(await subject.tokenOf('zoe@exemple.fr'));
    expect(await subject.admin.sendToAll('Soldes d’hiver', 'Tout à −20 % ce week-end.')).toEqual({
      ok: true,
      value: { count: 2 },
      message: 'Newsletter envoyée avec succès à 2 abonné(s)',
    });
    for (const email of ['lea@exemple.fr', 'marc@exemple.fr']) {
      const mails = subject.newsletterMailsTo(email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('Soldes d’hiver');
      expect(mails[0]!.body).toContain('Tout à −20 % ce week-end.');
      expect(mails[0]!.body).toContain(unsubscribeUrl(STAND_IN_SITE_URL, await subject.tokenOf(email)));
    }
    expect(subject.newsletterMailsTo('zoe@exemple.fr')).toEqual([]);
  });
});

describe.each([localAdapter(), supabaseAdapter()])('NewsletterSubscribers contract, mail refused: $name', ({ make }) => {
  it('says in French when the confirmation mail could not be sent; the subscription is kept, unconfirmed', async () => {
    const subject = await make();
    subject.refuseMailTo('lea@exemple.fr');
    expect(await subject.visitor.subscribe('lea@exemple.fr')).toEqual({
      ok: false,
      error: { code: 'mail-failed', message: 'Votre inscription est bien enregistrée, mais l’email de confirmation n’a pas pu être envoyé.' },
    });
    expect(subject.confirmationMailsTo('lea@exemple.fr')).toEqual([]);
    const listedNow = await subject.admin.list();
    expect(listedNow.ok && listedNow.value.map((s) => [s.email, s.isActive, s.confirmationSent])).toEqual([['lea@exemple.fr', true, false]]);
  });

  it('says how far a send got when the mail service refused some mails', async () => {
    const subject = await make();
    for (const email of ['lea@exemple.fr', 'marc@exemple.fr']) await subject.visitor.subscribe(email);
    subject.refuseMailTo('marc@exemple.fr');
    expect(await subject.admin.sendToAll('Soldes', 'Tout à −20 %')).toEqual({
      ok: false,
      error: { code: 'mail-failed', message: 'Newsletter envoyée à 1 abonné(s) sur 2\u00a0; l’envoi a échoué pour les autres.' },
    });
  });
});

describe('SupabaseNewsletterSubscribers: what only a backend can refuse', () => {
  it('a visitor cannot read the subscribers: refused in French, the English logged', async () => {
    await project.cluster.reset();
    const logger = new RecordingLogger();
    const visitor = new SupabaseNewsletterSubscribers(testClient(project.fake), logger);
    await visitor.subscribe('lea@exemple.fr');
    expect(await visitor.list()).toEqual({
      ok: false,
      error: { code: 'refused', message: 'Le serveur a refusé cette action\u00a0: votre compte n’a pas les droits nécessaires.' },
    });
    expect(logger.problems('error').join('\n')).toContain('reading subscribers failed (refused)');
  });

  it('a signed-in shopper who is not an admin reads no subscriber, and cannot send', async () => {
    await project.cluster.reset();
    const anon = new SupabaseNewsletterSubscribers(testClient(project.fake), new RecordingLogger());
    await anon.subscribe('lea@exemple.fr');
    const shopper = new SupabaseNewsletterSubscribers(await signedInClient(SHOPPER_USER), new RecordingLogger());
    expect(await shopper.list()).toEqual({ ok: true, value: [] });
    const sent = await shopper.sendToAll('Spam', 'Spam');
    expect(sent).toEqual({
      ok: false,
      error: { code: 'refused', message: 'Le serveur a refusé cette action\u00a0: votre compte n’a pas les droits nécessaires.' },
    });
  });

  it('with the network down, subscribing says so in French and keeps nothing', async () => {
    await project.cluster.reset();
    const logger = new RecordingLogger();
    const visitor = new SupabaseNewsletterSubscribers(testClient(project.fake), logger);
    project.fake.offline = true;
    try {
      expect(await visitor.subscribe('lea@exemple.fr')).toEqual({
        ok: false,
        error: { code: 'network', message: 'Le serveur de la boutique ne répond pas. Vérifiez votre connexion à Internet, puis réessayez.' },
      });
    } finally {
      project.fake.offline = false;
    }
    // The library's own words are in the log, beside ours: the Functions client's « Failed to
    // send a request… », and the fetch failure it wraps.
    const logged = logger.entries.flatMap((e) => [e.message, ...e.details.map((d) => (d as { message?: string }).message)]);
    expect(logged.join('\n')).toContain('Failed to send a request to the Edge Function');
    expect(logged).toContain('fetch failed');
    expect(await project.cluster.query('select email from public.newsletter_subscribers')).toEqual([]);
  });

  it('an expired admin session is told to sign in again', async () => {
    await project.cluster.reset();
    // A client still holding an access token that has expired (a long absence, no refresh).
    const expired = project.fake.accessToken(ADMIN_USER, { expired: true });
    const admin = new SupabaseNewsletterSubscribers(testClient(project.fake, undefined, async () => expired), new RecordingLogger());
    expect(await admin.list()).toEqual({
      ok: false,
      error: { code: 'session-expired', message: 'Votre session a expiré. Reconnectez-vous pour continuer.' },
    });
  });
});
