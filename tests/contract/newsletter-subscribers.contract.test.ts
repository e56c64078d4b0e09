import { describe, expect, it } from 'vitest';
import { SupabaseNewsletterSubscribers } from '@/adapters/supabase/supabase-newsletter-subscribers';
import { unsubscribeUrl } from '@/domain/newsletter/newsletter-mails';
import { RecordingLogger } from '../fakes/recording-logger';
import { STAND_IN_SITE_URL } from '../support/supabase/send-newsletter-stand-in';
import { ADMIN_USER, SHOPPER_USER, testClient } from '../support/supabase/test-project';
import { localBackend, useSupabaseProject, type NewsletterSubject } from './support/newsletter-backends';

const { project: currentProject, backend: supabaseBackend, signedInClient: signIn } = useSupabaseProject();
const signedInClient = (user: typeof ADMIN_USER) => signIn(currentProject(), user);

const MESSAGES = {
  subscribed: 'Inscription réussie ! Un email de confirmation vous a été envoyé.',
  resubscribed: 'Inscription réactivée avec succès ! Vérifiez votre boîte mail.',
  already: 'Cette adresse email est déjà inscrite à notre newsletter',
  invalidEmail: 'Adresse email invalide',
  unsubscribed: 'Désinscription effectuée avec succès',
  invalidToken: 'Token de désinscription invalide',
  alreadyUnsubscribed: 'Cette adresse email est déjà désinscrite de notre newsletter.',
};

const listed = async (subject: NewsletterSubject) => {
  const result = await subject.admin.list();
  if (!result.ok) throw new Error(result.error.message);
  return result.value.map((s) => ({ email: s.email, isActive: s.isActive }));
};

describe.each([localBackend(), supabaseBackend])('NewsletterSubscribers contract: $name', ({ make }) => {
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

  it('lists every subscriber past PostgREST’s max_rows: 2,500 of them', async () => {
    const subject = await make({ subscribers: 2500 });
    const emails = (await listed(subject)).map((s) => s.email);
    expect(emails).toHaveLength(2500);
    expect(new Set(emails).size).toBe(2500);
    expect(emails).toContain('abonne-2500@exemple.fr');
  }, 60_000);
});

describe.each([localBackend(), supabaseBackend])('NewsletterSubscribers contract, mail refused: $name', ({ make }) => {
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
});

describe('SupabaseNewsletterSubscribers: what only a backend can refuse', () => {
  it('a visitor cannot read the subscribers: refused in French, the English logged', async () => {
    await currentProject().cluster.reset();
    const logger = new RecordingLogger();
    const visitor = new SupabaseNewsletterSubscribers(testClient(currentProject().fake), logger);
    await visitor.subscribe('lea@exemple.fr');
    expect(await visitor.list()).toEqual({
      ok: false,
      error: { code: 'refused', message: 'Le serveur a refusé cette action\u00a0: votre compte n’a pas les droits nécessaires.' },
    });
    expect(logger.problems('error').join('\n')).toContain('reading subscribers failed (refused)');
  });

  it('a signed-in shopper who is not an admin reads no subscriber', async () => {
    await currentProject().cluster.reset();
    const anon = new SupabaseNewsletterSubscribers(testClient(currentProject().fake), new RecordingLogger());
    await anon.subscribe('lea@exemple.fr');
    const shopper = new SupabaseNewsletterSubscribers(await signedInClient(SHOPPER_USER), new RecordingLogger());
    expect(await shopper.list()).toEqual({ ok: true, value: [] });
  });

  it('with the network down, subscribing says so in French and keeps nothing', async () => {
    await currentProject().cluster.reset();
    const logger = new RecordingLogger();
    const visitor = new SupabaseNewsletterSubscribers(testClient(currentProject().fake), logger);
    currentProject().fake.offline = true;
    try {
      expect(await visitor.subscribe('lea@exemple.fr')).toEqual({
        ok: false,
        error: { code: 'network', message: 'Le serveur de la boutique ne répond pas. Vérifiez votre connexion à Internet, puis réessayez.' },
      });
    } finally {
      currentProject().fake.offline = false;
    }
    // The library's own words are in the log, beside ours: the Functions client's « Failed to
    // send a request… », and the fetch failure it wraps.
    const logged = logger.entries.flatMap((e) => [e.message, ...e.details.map((d) => (d as { message?: string }).message)]);
    expect(logged.join('\n')).toContain('Failed to send a request to the Edge Function');
    expect(logged).toContain('fetch failed');
    expect(await currentProject().cluster.query('select email from public.newsletter_subscribers')).toEqual([]);
  });

  it('an expired admin session is told to sign in again', async () => {
    await currentProject().cluster.reset();
    // A client still holding an access token that has expired (a long absence, no refresh).
    const expired = currentProject().fake.accessToken(ADMIN_USER, { expired: true });
    const admin = new SupabaseNewsletterSubscribers(
      testClient(currentProject().fake, undefined, async () => expired),
      new RecordingLogger(),
    );
    expect(await admin.list()).toEqual({
      ok: false,
      error: { code: 'session-expired', message: 'Votre session a expiré. Reconnectez-vous pour continuer.' },
    });
  });
});
