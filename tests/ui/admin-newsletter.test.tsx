import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorageArea } from '@/adapters/memory/memory-key-value-store';
import type { Subscriber } from '@/domain/newsletter/subscriber';
import { fail, ok } from '@/domain/result';
import { NEWSLETTER_SUBSCRIBERS } from '@/ports/newsletter-subscribers';
import { TEST_ADMIN } from '../fakes/fake-admin-auth-gateway';
import { renderShop } from './render-shop';

const PAGE = '/admin/newsletter';
const SITE = window.location.origin;

function subscriber(n: number, email: string, subscribedAt: string, isActive = true): Subscriber {
  return { id: `s-${n}`, email, subscribedAt, isActive, confirmationSent: true, unsubscribeToken: `jeton-${n}` };
}

const LEA = subscriber(1, 'lea@exemple.fr', '2026-11-20T09:15:00.000Z');
const MARC = subscriber(2, 'marc@exemple.fr', '2026-11-21T10:00:00.000Z', false);
const ZOE = subscriber(3, 'zoe@exemple.fr', '2026-11-22T16:45:00.000Z');

/** The shop as an admin whose session is stored, with these subscribers on the device. */
function renderAsAdmin(subscribers: Subscriber[]) {
  const area = new MemoryStorageArea();
  area.data.set('temp_admin_auth', 'authenticated');
  area.data.set('temp_admin_email', TEST_ADMIN.email);
  area.data.set('newsletter_subscribers', JSON.stringify(subscribers));
  return renderShop('/', area);
}

/**
 * The newsletter page, reached from the shop as a link takes the admin there. (Rendered as the
 * first page once an earlier test had loaded its route, it stayed on « Chargement… » in jsdom:
 * it then suspends on the newsletter's code inside render()'s own act scope.)
 */
async function openPage(subscribers: Subscriber[]) {
  const view = renderAsAdmin(subscribers);
  await act(() => view.router.navigate(PAGE));
  return view;
}

const rows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

const NETWORK_MESSAGE = 'Le serveur de la boutique ne répond pas. Vérifiez votre connexion à Internet, puis réessayez.';

const composer = () => screen.getByRole('form', { name: 'Écrire une newsletter' });

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  vi.restoreAllMocks();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});

describe('back office: the newsletter page', () => {
  it('without a session, the address shows the admin sign-in, and no subscriber', async () => {
    const area = new MemoryStorageArea();
    area.data.set('newsletter_subscribers', JSON.stringify([LEA]));
    renderShop(PAGE, area);
    expect(await screen.findByRole('heading', { name: 'Connexion administrateur' })).toBeTruthy();
    expect(screen.queryByText('lea@exemple.fr')).toBeNull();
  });

  it('lists every subscriber newest first, with the French date and status, and counts them with French plurals', async () => {
    await openPage([LEA, MARC, ZOE]);
    await screen.findByRole('table');
    expect(rows()).toEqual([
      ['zoe@exemple.fr', '22/11/2026 17:45', 'Actif'],
      ['marc@exemple.fr', '21/11/2026 11:00', 'Désabonné'],
      ['lea@exemple.fr', '20/11/2026 10:15', 'Actif'],
    ]);
    expect(screen.getByTestId('count-active').textContent).toBe('2\u00a0abonnés actifs');
    expect(screen.getByTestId('count-inactive').textContent).toBe('1\u00a0désabonné');
    expect(screen.getByTestId('count-total').textContent).toBe('3\u00a0adresses au total');
  });

  it('says « 0 abonné actif », in the singular, and « Aucun abonné pour le moment. » with nobody subscribed', async () => {
    await openPage([]);
    expect(await screen.findByText('Aucun abonné pour le moment.')).toBeTruthy();
    expect(screen.getByTestId('count-active').textContent).toBe('0\u00a0abonné actif');
    expect(screen.getByTestId('count-inactive').textContent).toBe('0\u00a0désabonné');
    expect(screen.getByTestId('count-total').textContent).toBe('0\u00a0adresse au total');
  });

  it('filters the list: actifs, désabonnés, tous', async () => {
    const { user } = await openPage([LEA, MARC, ZOE]);
    await screen.findByRole('table');
    await user.click(screen.getByRole('radio', { name: 'Actifs (2)' }));
    expect(rows().map((r) => r[0])).toEqual(['zoe@exemple.fr', 'lea@exemple.fr']);
    await user.click(screen.getByRole('radio', { name: 'Désabonnés (1)' }));
    expect(rows().map((r) => r[0])).toEqual(['marc@exemple.fr']);
    await user.click(screen.getByRole('radio', { name: 'Tous (3)' }));
    expect(rows()).toHaveLength(3);
  });

  it('a filter with nobody in it says so', async () => {
    const { user } = await openPage([LEA]);
    await screen.findByRole('table');
    await user.click(screen.getByRole('radio', { name: 'Désabonnés (0)' }));
    expect(screen.getByText('Aucun désabonné.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('a new subscriber appears at once, at the top of the list', async () => {
    const view = await openPage([LEA]);
    await screen.findByRole('table');
    // Subscribed in the shop's footer, on this page.
    await view.user.type(screen.getByLabelText('Adresse email'), 'nouveau@exemple.fr');
    await view.user.click(screen.getByRole('button', { name: 'S’inscrire' }));
    await screen.findByText('Inscription réussie ! Un email de confirmation vous a été envoyé.');
    expect(rows()[0]?.[0]).toBe('nouveau@exemple.fr');
    expect(screen.getByTestId('count-active').textContent).toBe('2\u00a0abonnés actifs');
  });

  it('a list that cannot be read shows its French message, and « Réessayer » reads it again', async () => {
    let refuse = true;
    const backend = {
      subscribe: async () => ok(undefined),
      unsubscribe: async () => ok(undefined),
      list: async () => (refuse ? fail('network', NETWORK_MESSAGE) : ok([LEA])),
      sendToAll: async () => ok({ count: 1 }),
    };
    const view = renderAsAdmin([]);
    // A backend keeps the subscribers (Supabase): the list is read when the page opens.
    view.container.register(NEWSLETTER_SUBSCRIBERS, { useValue: backend });
    await act(() => view.router.navigate(PAGE));
    expect((await screen.findByRole('alert')).textContent).toContain(NETWORK_MESSAGE);
    expect(screen.queryByRole('table')).toBeNull();

    refuse = false;
    await view.user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(rows().map((r) => r[0])).toEqual(['lea@exemple.fr']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('exports every subscriber as abonnes-newsletter-AAAA-MM-JJ.csv, the file French spreadsheets open', async () => {
    const files: { blob: Blob; name: string; href: string }[] = [];
    const blobs = new Map<string, Blob>();
    URL.createObjectURL = (blob: Blob) => {
      const url = `blob:${SITE}/${blobs.size + 1}`;
      blobs.set(url, blob);
      return url;
    };
    URL.revokeObjectURL = (url: string) => void blobs.delete(url);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      files.push({ blob: blobs.get(this.href)!, name: this.download, href: this.href });
    });
    const { user } = await openPage([LEA, MARC]);
    await user.click(await screen.findByRole('button', { name: 'Exporter en CSV' }));

    expect(files.map((f) => f.name)).toEqual(['abonnes-newsletter-2026-11-22.csv']);
    expect(files[0]!.blob.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await files[0]!.blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe(
      'Adresse email;Date d’inscription;Statut\r\n' + 'marc@exemple.fr;2026-11-21 11:00:00;Désabonné\r\n' + 'lea@exemple.fr;2026-11-20 10:15:00;Actif\r\n',
    );
    // The link leaves the page with the download.
    expect(document.querySelector(`a[href="${files[0]!.href}"]`)).toBeNull();
  });
});

describe('back office: writing and sending the newsletter', () => {
  async function fill(user: ReturnType<typeof renderShop>['user'], subject: string, body: string) {
    if (subject) await user.type(within(composer()).getByLabelText('Objet'), subject);
    if (body) await user.type(within(composer()).getByLabelText('Message'), body);
  }
  const sendButton = () => within(composer()).getByRole('button', { name: /Envoyer à tous|Envoi en cours…/ });
  const field = (name: 'Objet' | 'Message') => within(composer()).getByLabelText(name) as HTMLInputElement;

  it('subject and message are required, each said in French beside its field; nothing is sent', async () => {
    const { user, mailer } = await openPage([LEA]);
    await screen.findByRole('table');
    await user.click(sendButton());

    expect(field('Objet').getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field('Objet').getAttribute('aria-describedby')!)?.textContent).toBe('Indiquez l’objet de la newsletter.');
    expect(document.getElementById(field('Message').getAttribute('aria-describedby')!)?.textContent).toBe('Écrivez le message de la newsletter.');
    expect(document.activeElement).toBe(field('Objet'));

    // Blank is empty too.
    await fill(user, '   ', '');
    await user.click(sendButton());
    expect(screen.getByText('Indiquez l’objet de la newsletter.')).toBeTruthy();

    await user.type(field('Message'), 'Bonjour');
    expect(screen.queryByText('Écrivez le message de la newsletter.')).toBeNull();
    expect(field('Message').getAttribute('aria-invalid')).toBeNull();
    expect(mailer.sent).toEqual([]);
  });

  it('previews the mail as a subscriber receives it, with the unsubscribe link as it will look', async () => {
    const { user } = await openPage([LEA]);
    await screen.findByRole('table');
    await fill(user, 'Les nouveautés de décembre', 'Bonjour,{Enter}{Enter}Voici nos théières.');
    const preview = screen.getByRole('region', { name: 'Aperçu' });
    expect(within(preview).getByText('abonne@exemple.fr')).toBeTruthy();
    expect(screen.getByTestId('preview-subject').textContent).toBe('Les nouveautés de décembre');
    expect(screen.getByTestId('preview-body').textContent).toBe(
      'Bonjour,\n\nVoici nos théières.\n\n--\nPour vous désinscrire\u00a0: ' + `${SITE}/newsletter/desinscription?token=3f6c1e2a-8b4d-4f0e-9a7c-5d2b1e0f6a93`,
    );
  });

  it('with no active subscriber, « Envoyer à tous » answers « Aucun abonné actif trouvé » and keeps the text', async () => {
    const { user, mailer } = await openPage([MARC]);
    await screen.findByRole('table');
    await fill(user, 'Soldes', 'Tout à -20 %.');
    await user.click(sendButton());
    expect((await screen.findByTestId('send-error')).textContent).toBe('Aucun abonné actif trouvé');
    expect(screen.getByTestId('send-error').getAttribute('role')).toBe('alert');
    expect([field('Objet').value, field('Message').value]).toEqual(['Soldes', 'Tout à -20 %.']);
    expect(mailer.sent).toEqual([]);
  });

  it('asks before sending to N subscribers; « Annuler » sends nothing', async () => {
    const { user, mailer } = await openPage([LEA, MARC, ZOE]);
    await screen.findByRole('table');
    await fill(user, 'Les nouveautés', 'Bonjour à tous.');
    await user.click(sendButton());
    const question = screen.getByRole('group', { name: /^Envoyer/ });
    expect(question.querySelector('p')?.textContent).toBe(
      'Envoyer «\u202fLes nouveautés\u202f» à 2\u00a0abonnés actifs\u00a0? Chacun la recevra avec son propre lien de désinscription.',
    );
    expect(document.activeElement?.textContent).toBe('Confirmer l’envoi');
    await user.click(within(question).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('group', { name: /^Envoyer/ })).toBeNull();
    expect(document.activeElement).toBe(sendButton());

    // Escape cancels too.
    await user.click(sendButton());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: /^Envoyer/ })).toBeNull();
    expect(mailer.sent).toEqual([]);
    expect(field('Objet').value).toBe('Les nouveautés');
  });

  it('once confirmed, sends to every active subscriber with the button disabled, says « Newsletter envoyée avec succès à 2 abonné(s) » and clears the fields', async () => {
    const { user, mailer } = await openPage([LEA, MARC, ZOE]);
    await screen.findByRole('table');
    await fill(user, 'Les nouveautés', 'Bonjour à tous.');
    await user.click(sendButton());
    mailer.holdMails = true;
    await user.click(screen.getByRole('button', { name: 'Confirmer l’envoi' }));

    expect(sendButton().textContent).toBe('Envoi en cours…');
    expect(sendButton().hasAttribute('disabled')).toBe(true);
    await act(async () => mailer.release());

    const status = await screen.findByText('Newsletter envoyée avec succès à 2 abonné(s)');
    expect([status.getAttribute('role'), status.textContent]).toEqual(['status', 'Newsletter envoyée avec succès à 2 abonné(s)']);
    expect([field('Objet').value, field('Message').value]).toEqual(['', '']);
    expect(sendButton().hasAttribute('disabled')).toBe(false);
    expect(document.activeElement).toBe(sendButton());
    expect(mailer.sent.map((m) => m.to).sort()).toEqual(['lea@exemple.fr', 'zoe@exemple.fr']);
    for (const mail of mailer.sent) {
      const token = mail.to === 'lea@exemple.fr' ? 'jeton-1' : 'jeton-3';
      expect(mail.body).toBe(`Bonjour à tous.\n\n--\nPour vous désinscrire\u00a0: ${SITE}/newsletter/desinscription?token=${token}`);
    }
  });

  it('a send that fails says why in French and keeps the text to send again', async () => {
    const { user, mailer } = await openPage([LEA]);
    await screen.findByRole('table');
    mailer.rejectAll = true;
    await fill(user, 'Soldes', 'Texte');
    await user.click(sendButton());
    await user.click(screen.getByRole('button', { name: 'Confirmer l’envoi' }));
    expect((await screen.findByTestId('send-error')).textContent).toBe('L’email n’a pas pu être envoyé. Réessayez dans quelques instants.');
    expect([field('Objet').value, field('Message').value]).toEqual(['Soldes', 'Texte']);
    expect(screen.getByTestId('send-status').textContent).toBe('');
  });
});
