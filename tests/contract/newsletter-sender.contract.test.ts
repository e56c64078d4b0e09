// « Envoyer à tous » (the NewsletterSender port), on both backends: the local shop mails each
// active subscriber through the Mailer port; Supabase calls the send-newsletter edge function
// with the admin's session. Same answers, with the spec's messages (§5, §8).
import { describe, expect, it } from 'vitest';
import { SupabaseNewsletterSender } from '@/adapters/supabase/supabase-newsletter-sender';
import { SupabaseNewsletterSubscribers } from '@/adapters/supabase/supabase-newsletter-subscribers';
import { unsubscribeUrl } from '@/domain/newsletter/newsletter-mails';
import { STAND_IN_SITE_URL } from '../support/supabase/send-newsletter-stand-in';
import { RecordingLogger } from '../fakes/recording-logger';
import { ADMIN_USER, SHOPPER_USER, testClient } from '../support/supabase/test-project';
import { localBackend, useSupabaseProject, type NewsletterSubject } from './support/newsletter-backends';

const { project, backend: supabaseBackend, signedInClient } = useSupabaseProject();

const NO_ACTIVE_SUBSCRIBER = 'Aucun abonné actif trouvé';
const REFUSED = 'Le serveur a refusé cette action\u00a0: votre compte n’a pas les droits nécessaires.';

async function subscribed(subject: NewsletterSubject, ...emails: string[]): Promise<void> {
  for (const email of emails) expect(await subject.visitor.subscribe(email)).toMatchObject({ ok: true });
}

describe.each([localBackend(), supabaseBackend])('NewsletterSender contract: $name', ({ make }) => {
  it('with no subscriber at all, answers the spec’s message', async () => {
    const subject = await make();
    expect(await subject.sender.sendToAll('Soldes', 'Tout à −20 %')).toEqual({
      ok: false,
      error: { code: 'no-active-subscribers', message: NO_ACTIVE_SUBSCRIBER },
    });
  });

  it('with no active subscriber, answers the spec’s message and mails nobody', async () => {
    const subject = await make();
    await subscribed(subject, 'lea@exemple.fr');
    await subject.visitor.unsubscribe(await subject.tokenOf('lea@exemple.fr'));
    expect(await subject.sender.sendToAll('Soldes', 'Tout à −20 %')).toEqual({
      ok: false,
      error: { code: 'no-active-subscribers', message: NO_ACTIVE_SUBSCRIBER },
    });
    expect(subject.newsletterMailsTo('lea@exemple.fr')).toEqual([]);
  });

  it('sends to every active subscriber, each mail with its own unsubscribe link, and says how many', async () => {
    const subject = await make();
    await subscribed(subject, 'lea@exemple.fr', 'marc@exemple.fr', 'zoe@exemple.fr');
    await subject.visitor.unsubscribe(await subject.tokenOf('zoe@exemple.fr'));
    expect(await subject.sender.sendToAll('Soldes d’hiver', 'Tout à −20 % ce week-end.')).toEqual({
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

  it('sends to every subscriber past PostgREST’s max_rows: 2,500 of them', async () => {
    const subject = await make({ subscribers: 2500 });
    expect(await subject.sender.sendToAll('Soldes', 'Tout à −20 %')).toEqual({
      ok: true,
      value: { count: 2500 },
      message: 'Newsletter envoyée avec succès à 2500 abonné(s)',
    });
    for (const email of ['abonne-1@exemple.fr', 'abonne-1001@exemple.fr', 'abonne-2500@exemple.fr']) expect(subject.newsletterMailsTo(email)).toHaveLength(1);
  }, 60_000);

  it('sends again to a subscriber who came back, and each send is one mail per subscriber', async () => {
    const subject = await make();
    await subscribed(subject, 'lea@exemple.fr');
    await subject.visitor.unsubscribe(await subject.tokenOf('lea@exemple.fr'));
    await subscribed(subject, 'lea@exemple.fr');
    expect(await subject.sender.sendToAll('Premier', 'Un')).toMatchObject({ ok: true, value: { count: 1 } });
    expect(await subject.sender.sendToAll('Second', 'Deux')).toMatchObject({ ok: true, value: { count: 1 } });
    expect(subject.newsletterMailsTo('lea@exemple.fr').map((mail) => mail.subject)).toEqual(['Premier', 'Second']);
  });

  it('says how far a send got when the mail service refused some mails', async () => {
    const subject = await make();
    await subscribed(subject, 'lea@exemple.fr', 'marc@exemple.fr');
    subject.refuseMailTo('marc@exemple.fr');
    expect(await subject.sender.sendToAll('Soldes', 'Tout à −20 %')).toEqual({
      ok: false,
      error: { code: 'mail-failed', message: 'Newsletter envoyée à 1 abonné(s) sur 2\u00a0; l’envoi a échoué pour les autres.' },
    });
  });

  it('says so in French when the mail service refused every mail', async () => {
    const subject = await make();
    await subscribed(subject, 'lea@exemple.fr');
    subject.refuseMailTo('lea@exemple.fr');
    expect(await subject.sender.sendToAll('Soldes', 'Tout à −20 %')).toEqual({
      ok: false,
      error: { code: 'mail-failed', message: 'L’email n’a pas pu être envoyé. Réessayez dans quelques instants.' },
    });
  });
});

describe('SupabaseNewsletterSender: what only a backend can refuse', () => {
  it('a visitor without a session cannot send: refused in French, nobody mailed', async () => {
    const subject = await supabaseBackend.make();
    await subscribed(subject, 'lea@exemple.fr');
    const logger = new RecordingLogger();
    const visitor = new SupabaseNewsletterSender(testClient(project().fake), logger);
    // The function answers 401 (Supabase Auth knows no user behind the anon key): sign in.
    expect(await visitor.sendToAll('Spam', 'Spam')).toEqual({
      ok: false,
      error: { code: 'session-expired', message: 'Votre session a expiré. Reconnectez-vous pour continuer.' },
    });
    expect(subject.newsletterMailsTo('lea@exemple.fr')).toEqual([]);
    expect(logger.problems('error').join('\n')).toMatch(/send-newsletter failed/);
  });

  it('a signed-in shopper who is not an admin cannot send', async () => {
    const subject = await supabaseBackend.make();
    await subscribed(subject, 'lea@exemple.fr');
    const shopper = new SupabaseNewsletterSender(await signedInClient(project(), SHOPPER_USER), new RecordingLogger());
    expect(await shopper.sendToAll('Spam', 'Spam')).toEqual({ ok: false, error: { code: 'refused', message: REFUSED } });
    expect(subject.newsletterMailsTo('lea@exemple.fr')).toEqual([]);
  });

  it('an expired admin session is told to sign in again', async () => {
    const subject = await supabaseBackend.make();
    await subscribed(subject, 'lea@exemple.fr');
    const expired = project().fake.accessToken(ADMIN_USER, { expired: true });
    const admin = new SupabaseNewsletterSender(
      testClient(project().fake, undefined, async () => expired),
      new RecordingLogger(),
    );
    expect(await admin.sendToAll('Soldes', 'Tout à −20 %')).toEqual({
      ok: false,
      error: { code: 'session-expired', message: 'Votre session a expiré. Reconnectez-vous pour continuer.' },
    });
    expect(subject.newsletterMailsTo('lea@exemple.fr')).toEqual([]);
  });

  it('with the network down, says so in French', async () => {
    await supabaseBackend.make();
    const admin = new SupabaseNewsletterSender(await signedInClient(project(), ADMIN_USER), new RecordingLogger());
    project().fake.offline = true;
    try {
      expect(await admin.sendToAll('Soldes', 'Tout à −20 %')).toEqual({
        ok: false,
        error: { code: 'network', message: 'Le serveur de la boutique ne répond pas. Vérifiez votre connexion à Internet, puis réessayez.' },
      });
    } finally {
      project().fake.offline = false;
    }
  });

  it('the admin reads, through the other port, the subscribers the newsletter went to', async () => {
    const subject = await supabaseBackend.make();
    await subscribed(subject, 'lea@exemple.fr', 'marc@exemple.fr');
    const adminClient = await signedInClient(project(), ADMIN_USER);
    const listed = await new SupabaseNewsletterSubscribers(adminClient, new RecordingLogger()).list();
    const sent = await new SupabaseNewsletterSender(adminClient, new RecordingLogger()).sendToAll('Soldes', 'Tout à −20 %');
    expect(sent).toMatchObject({ ok: true, value: { count: listed.ok ? listed.value.filter((s) => s.isActive).length : -1 } });
  });
});
