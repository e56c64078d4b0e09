// @vitest-environment jsdom
// jsdom for its HTML parser: the mail is read as a mail program reads it.
// The edge functions' HTML mails (supabase/functions/*/mail.ts) with what a hostile owner or
// buyer can put in them: a newsletter's subject and body, a product's name in a withdrawal's
// acknowledgement, an address. The HTML, read as a mail program reads it, shows the text as
// typed and holds no element made from it. (The local shop's order mails have the same HTML:
// tests/unit/functions/order-mails.test.ts; its other mails are plain text, Mail.body.)
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HOSTILE_BODY, HOSTILE_NAME, HOSTILE_SUBJECT, injectedElements } from '../support/hostile-text';

interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const ROOT = join(import.meta.dirname, '..', '..');
/** A module of the functions, imported as Deno would (tsc does not see supabase/functions: deno-check.test.ts). */
const functionModule = <T>(path: string) => import(pathToFileURL(join(ROOT, 'supabase/functions', path)).href) as Promise<T>;

const SITE = 'https://boutique.example';
const TOKEN = '3f6c1e2a-8b4d-4f0e-9a7c-5d2b1e0f6a93';

const bodyOf = (mail: OutgoingMail) => new DOMParser().parseFromString(mail.html, 'text/html').body;
/** The text of each paragraph, line breaks as \n: what the reader sees. */
const shownText = (mail: OutgoingMail) =>
  [...bodyOf(mail).querySelectorAll('p')]
    .map((p) => {
      p.querySelectorAll('br').forEach((br) => br.replaceWith('\n'));
      return p.textContent;
    })
    .join('\n\n');

describe('the functions’ HTML mails with hostile text', () => {
  it('a newsletter shows its body as typed, with no element made from it', async () => {
    const { newsletterMail } = await functionModule<{ newsletterMail: (s: object, subject: string, body: string, site: string) => OutgoingMail }>(
      'send-newsletter/mail.ts',
    );
    const mail = newsletterMail({ email: 'lea@exemple.fr', unsubscribeToken: TOKEN }, HOSTILE_SUBJECT, HOSTILE_BODY, SITE);
    expect(mail.subject).toBe(HOSTILE_SUBJECT);
    expect(shownText(mail)).toContain(HOSTILE_BODY);
    expect(injectedElements(bodyOf(mail))).toEqual([]);
    expect([...bodyOf(mail).querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([`${SITE}/newsletter/desinscription?token=${TOKEN}`]);
  });

  it('a withdrawal’s acknowledgement shows a product’s hostile name as text', async () => {
    const { acknowledgementMail } = await functionModule<{ acknowledgementMail: (order: object, withdrawal: object) => OutgoingMail }>(
      'withdraw-from-order/acknowledgement-mail.ts',
    );
    const withdrawal = { number: 1, receivedAt: '2026-11-20T10:00:00.000Z', lines: [{ line: 0, quantity: 1 }], beforeShipping: false, status: 'recue' };
    const mail = acknowledgementMail(
      { number: 'CMD-2026-000042', email: 'lea@exemple.fr', lines: [{ name: HOSTILE_NAME, unitPrice: 18.9, quantity: 2 }], withdrawals: [withdrawal] },
      withdrawal,
    );
    expect(shownText(mail)).toContain(`- 1 × ${HOSTILE_NAME} (18,90\u00a0€)`);
    expect(injectedElements(bodyOf(mail))).toEqual([]);
    expect(bodyOf(mail).querySelectorAll('a, img, svg, script')).toHaveLength(0);
  });

  it('a confirmation keeps an address with markup characters as text', async () => {
    const { confirmationMail } = await functionModule<{ confirmationMail: (s: object, reactivated: boolean, site: string) => OutgoingMail }>(
      'newsletter-subscribe/confirmation-mail.ts',
    );
    const email = '"<img src=x onerror=alert(1)>"@exemple.fr';
    const mail = confirmationMail({ email, unsubscribeToken: TOKEN }, false, SITE);
    expect(shownText(mail)).toContain(`à l’adresse ${email}.`);
    expect(injectedElements(bodyOf(mail))).toEqual([]);
  });

  it('an order’s confirmation shows a hostile product and recipient name as text; its only links are the shop’s', async () => {
    const { orderMail } = await functionModule<{ orderMail: (kind: string, order: object, site: string) => OutgoingMail }>('send-order-mails/order-mails.ts');
    const mail = orderMail(
      'confirmation',
      {
        number: 'CMD-2026-000042',
        status: 'en-attente',
        createdAt: '2026-11-20T10:00:00.000Z',
        email: 'lea@exemple.fr',
        phone: null,
        recipientName: HOSTILE_NAME,
        addressLine: HOSTILE_NAME,
        postalCode: '75011',
        city: 'Paris',
        country: 'France',
        deliveryMethod: 'domicile',
        relayPoint: null,
        paymentMethod: 'a-la-livraison',
        paymentLast4: null,
        paymentReference: null,
        subtotal: 18.9,
        deliveryFee: 4.9,
        total: 23.8,
        lines: [{ name: HOSTILE_NAME, unitPrice: 18.9, quantity: 1, vatRate: 2000 }],
        vatByRate: [{ rate: 2000, base: 23.8, vat: 3.97 }],
        withdrawal: null,
      },
      SITE,
    );
    expect(shownText(mail)).toContain(`Bonjour ${HOSTILE_NAME},`);
    expect(bodyOf(mail).querySelector('li')?.textContent).toBe(`1 × ${HOSTILE_NAME}\u00a0: 18,90\u00a0€ l’unité, 18,90\u00a0€ TTC (TVA 20\u00a0%)`);
    expect(injectedElements(bodyOf(mail))).toEqual([]);
    expect([...bodyOf(mail).querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      `${SITE}/commande/confirmation/CMD-2026-000042`,
      `${SITE}/commande/retractation/CMD-2026-000042`,
      `${SITE}/conditions-generales-de-vente`,
    ]);
  });
});
