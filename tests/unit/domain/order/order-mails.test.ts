import { describe, expect, it } from 'vitest';
import { COMPANY, returnAddress } from '@/domain/company';
import { ORDER_MAIL_KINDS, orderMail, orderConfirmationMail, placementMails, STATUS_MAILS } from '@/domain/order/order-mails';
import { WITHDRAWAL_FORM } from '@/domain/order/withdrawal-form';
import { mailOrder, SITE, withdrawnOrder } from '../../../support/order-mail-orders';

const nbsp = '\u00a0';

/** Every absolute link of a text part. */
const links = (text: string) => [...text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]);

describe('the buyer’s confirmation: what L. 221-13 asks (the information of L. 221-5, on a durable medium, with the withdrawal form)', () => {
  const order = mailOrder('home');
  const mail = orderConfirmationMail(order, SITE);
  const text = mail.body;

  it('goes to the buyer, named after the order', () => {
    expect(mail.to).toBe('camille@exemple.fr');
    expect(mail.subject).toBe('Confirmation de votre commande CMD-2026-000042');
    expect(text).toContain('Merci pour votre commande CMD-2026-000042, passée le 23 novembre 2026 à 15:05 (heure de Paris).');
  });

  it('the seller: its legal name, form, capital, registry, VAT number, address, email and phone (company.ts), and the mediator', () => {
    for (const fact of [
      COMPANY.legalName,
      COMPANY.legalForm,
      COMPANY.shareCapital,
      COMPANY.registry,
      COMPANY.vatNumber,
      COMPANY.address,
      COMPANY.email,
      COMPANY.phone,
      COMPANY.mediator.name,
    ]) {
      expect(text).toContain(fact);
    }
  });

  it('each article with its quantity, its unit price and its price TTC, and its VAT rate', () => {
    expect(text).toContain(`- 1 × Théière en fonte Kyoto${nbsp}: 54,90${nbsp}€ l’unité, 54,90${nbsp}€ TTC (TVA 20${nbsp}%)`);
    expect(text).toContain(`- 2 × Thé vert <Sencha> & « bio »${nbsp}: 8,75${nbsp}€ l’unité, 17,50${nbsp}€ TTC (TVA 5,5${nbsp}%)`);
  });

  it('the totals: subtotal, the delivery fee and method, the total TTC, and the VAT of each rate', () => {
    expect(text).toContain(`- Sous-total des articles${nbsp}: 72,40${nbsp}€ TTC`);
    expect(text).toContain(`- Livraison à domicile${nbsp}: gratuit`);
    expect(text).toContain(`- Total${nbsp}: 72,40${nbsp}€ TTC`);
    expect(text).toContain(`- dont TVA 5,5${nbsp}%${nbsp}: 0,91${nbsp}€`);
    expect(text).toContain(`- dont TVA 20${nbsp}%${nbsp}: 9,15${nbsp}€`);
    const relay = orderConfirmationMail(mailOrder('relay'), SITE).body;
    expect(relay).toContain(`- Point relais${nbsp}: 3,90${nbsp}€ TTC`);
    expect(relay).toContain(`- Total${nbsp}: 28,90${nbsp}€ TTC`);
  });

  it('where it goes and when it is expected, for each delivery method', () => {
    expect(text).toContain(`Livraison à domicile${nbsp}: Camille Martin, 3 rue des Lilas, 69003 Lyon, France.`);
    expect(text).toContain(`Votre colis part sous 2${nbsp}jours ouvrés, puis Colissimo le livre en 2 à 4${nbsp}jours ouvrés.`);
    expect(orderConfirmationMail(mailOrder('relay'), SITE).body).toContain(
      `Point relais${nbsp}: Point relais Tabac des Lilas, 8 rue des Lilas, 69003 Lyon, pour Camille Martin.`,
    );
    const pickup = orderConfirmationMail(mailOrder('pickup'), SITE).body;
    expect(pickup).toContain(`Retrait en boutique${nbsp}: À retirer par Camille Martin à la boutique, ${COMPANY.address}.`);
    expect(pickup).toContain(`Votre commande vous attendra à la boutique d’ici 2${nbsp}jours ouvrés (${COMPANY.pickup.openingHours[0]}).`);
  });

  it('the payment: the card and its reference, or what is paid on delivery or at pickup', () => {
    expect(text).toContain('Carte bancaire se terminant par 4242, référence PAY-000123.');
    expect(orderConfirmationMail(mailOrder('relay'), SITE).body).toContain(`Paiement à la livraison${nbsp}: vous réglerez 28,90${nbsp}€ à la livraison.`);
    expect(orderConfirmationMail(mailOrder('pickup'), SITE).body).toContain(`Paiement au retrait${nbsp}: vous réglerez 12,50${nbsp}€ au retrait.`);
  });

  it('the withdrawal: its period, its costs, the refund, where to send back, the absolute link to withdraw online, and the model form', () => {
    expect(text).toContain(`Vous disposez de 14${nbsp}jours à compter de la réception de votre commande pour vous rétracter`);
    expect(text).toContain('Les frais de retour sont à votre charge.');
    expect(text).toContain(`au plus tard 14${nbsp}jours après avoir été informés de votre décision`);
    expect(text).toContain(returnAddress());
    expect(text).toContain(`Vous rétracter en ligne (renoncer au contrat ici)${nbsp}: https://boutique.example/commande/retractation/CMD-2026-000042`);
    expect(text).toContain([WITHDRAWAL_FORM.addressee, ...WITHDRAWAL_FORM.lines].join('\n'));
  });

  it('the legal guarantees of conformity and of hidden defects, and the CGV', () => {
    expect(text).toContain('garantie légale de conformité (Code de la consommation, articles L217-3 et suivants), pendant deux ans à compter de la livraison');
    expect(text).toContain('garantie des vices cachés (Code civil, articles 1641 à 1649)');
    expect(text).toContain('https://boutique.example/conditions-generales-de-vente');
  });

  it('every link is absolute, on the shop’s public address (one slash after it)', () => {
    expect(links(text)).toEqual([
      'https://boutique.example/commande/confirmation/CMD-2026-000042',
      'https://boutique.example/commande/retractation/CMD-2026-000042',
      'https://boutique.example/conditions-generales-de-vente',
      COMPANY.mediator.website + '.',
    ]);
    expect(mail.html).toContain('<a href="https://boutique.example/commande/retractation/CMD-2026-000042">');
  });

  it('the HTML part says the same, escaped', () => {
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.html).toContain('Thé vert &lt;Sencha&gt; &amp; « bio »');
    expect(mail.html).not.toContain('<Sencha>');
  });
});

describe('the other mails', () => {
  it('« expédiée »: the carrier, the delay, the address; a pickup: ready at the shop', () => {
    const shipped = orderMail('expediee', { ...mailOrder('home'), status: 'expediee' }, SITE);
    expect(shipped.subject).toBe('Votre commande CMD-2026-000042 a été expédiée');
    expect(shipped.body).toContain(
      `a été expédiée par Colissimo. Elle arrive en 2 à 4${nbsp}jours ouvrés${nbsp}: Camille Martin, 3 rue des Lilas, 69003 Lyon, France.`,
    );
    const ready = orderMail('expediee', { ...mailOrder('pickup'), status: 'expediee' }, SITE);
    expect(ready.subject).toBe('Votre commande CMD-2026-000042 est prête');
    expect(ready.body).toContain(`elle vous attend à la boutique, ${COMPANY.address}`);
  });

  it('« annulée »: a card is refunded, a payment on delivery was perhaps not made', () => {
    expect(orderMail('annulee', mailOrder('home'), SITE).body).toContain(
      `Votre paiement de 72,40${nbsp}€ vous est remboursé sur la carte se terminant par 4242, sous 14${nbsp}jours au plus.`,
    );
    expect(orderMail('annulee', mailOrder('relay'), SITE).body).toContain(`Si vous l’aviez déjà réglée, nous vous remboursons 28,90${nbsp}€`);
  });

  it('« remboursée »: the lines withdrawn', () => {
    const mail = orderMail('remboursee', withdrawnOrder('home'), SITE);
    expect(mail.subject).toBe('Remboursement de votre rétractation (commande CMD-2026-000042)');
    expect(mail.body).toContain(`- 1 × Théière en fonte Kyoto (54,90${nbsp}€)`);
  });

  it('to the owner: each new order and each withdrawal, at company.ts’s address, with the back office’s absolute link', () => {
    const placed = orderMail('nouvelle-commande', mailOrder('home'), SITE);
    expect(placed.to).toBe(COMPANY.email);
    expect(placed.subject).toBe(`Nouvelle commande CMD-2026-000042 (72,40${nbsp}€)`);
    expect(placed.body).toContain(`Client${nbsp}: Camille Martin, camille@exemple.fr, +33612345678.`);
    expect(links(placed.body)).toEqual(['https://boutique.example/admin/commandes/CMD-2026-000042']);
    const withdrawn = orderMail('retractation-recue', withdrawnOrder('home'), SITE);
    expect(withdrawn.to).toBe(COMPANY.email);
    expect(withdrawn.body).toContain('le jeudi 26 novembre 2026 à 18:05 (heure de Paris)');
    expect(withdrawn.body).toContain('Renvoyez-nous ces articles');
  });

  it('a card order is confirmed once paid, not when placed; « prête » and « expédiée » send the same mail; each kind has a text and an HTML part', () => {
    expect(STATUS_MAILS).toEqual({ payee: ['confirmation', 'nouvelle-commande'], prete: ['expediee'], expediee: ['expediee'], annulee: ['annulee'] });
    expect(placementMails({ payment: { method: 'carte', last4: null, reference: null } })).toEqual([]);
    expect(placementMails({ payment: { method: 'a-la-livraison' } })).toEqual(['confirmation', 'nouvelle-commande']);
    for (const kind of ORDER_MAIL_KINDS) {
      const mail = orderMail(kind, withdrawnOrder('home'), SITE);
      expect(mail.body.length, kind).toBeGreaterThan(50);
      expect(mail.html, kind).toMatch(/^<!DOCTYPE html>/);
    }
  });
});
