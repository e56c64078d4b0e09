import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { DELIVERY_OFFER, type DeliveryOffer } from '@/domain/order/delivery-offer';
import { DELIVERY_FEES_CENTS, DELIVERY_METHODS, FREE_DELIVERY_THRESHOLD_CENTS } from '@/domain/order/order-constants';
import { DELIVERY_ZONES } from '@/domain/order/postal-code';
import { LivraisonRetours } from '@/ui/pages/legal/livraison-retours-page';

// Issue 24, item 6: « Livraison et retours » is written from the settings checkout uses.

const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
function page(offer?: DeliveryOffer) {
  render(
    <MemoryRouter>
      <LivraisonRetours offer={offer} />
    </MemoryRouter>,
  );
  return {
    zones: plain(screen.getByTestId('delivery-zones').textContent),
    methods: screen.getAllByRole('listitem').map((li) => plain(li.textContent)),
  };
}

describe('« Livraison et retours » says what checkout does', () => {
  it('reads the very settings checkout applies', () => {
    expect(DELIVERY_OFFER.methods).toBe(DELIVERY_METHODS);
    expect(DELIVERY_OFFER.feesCents).toBe(DELIVERY_FEES_CENTS);
    expect(DELIVERY_OFFER.freeFromCents).toBe(FREE_DELIVERY_THRESHOLD_CENTS);
    expect(DELIVERY_OFFER.zones).toBe(DELIVERY_ZONES);
  });

  it('today: every method with its fee, the threshold, and the zones metropolitan France, Corsica and Monaco, not overseas', () => {
    const { zones, methods } = page();
    expect(zones).toBe('Zones de livraison : France métropolitaine, Corse et Monaco.');
    // Issue 42, item 5: overseas is named as not delivered, and why; a pickup stays open to all.
    expect(plain(screen.getByTestId('delivery-not-delivered').textContent)).toBe(
      'Nous ne livrons pas l’outre-mer (Guadeloupe, Martinique, Guyane, La Réunion, Saint-Pierre-et-Miquelon, Mayotte, Saint-Barthélemy, Saint-Martin, Wallis-et-Futuna, Polynésie française et Nouvelle-Calédonie) : un colis y est taxé à l’importation (octroi de mer, TVA locale), ce que nos prix TVA française comprise ne prévoient pas. Le retrait en boutique reste possible, où que vous habitiez.',
    );
    expect(methods[0]).toMatch(/^Livraison à domicile : 4,90 €, offerte dès 60,00 € d’achats, par Colissimo/);
    expect(methods[1]).toMatch(/^Point relais : 3,90 €, offerte dès 60,00 € d’achats, dans le point relais que vous choisissez/);
    expect(methods[2]).toMatch(/^Retrait en boutique : gratuit, à la boutique, 12 rue des Potiers, 75011 Paris, France, sous 2 jours ouvrés/);
  });

  it('follows the settings and nothing else: fees, threshold, methods, zones', () => {
    const { zones, methods } = page({
      ...DELIVERY_OFFER,
      methods: ['domicile', 'retrait-boutique'],
      feesCents: { ...DELIVERY_OFFER.feesCents, domicile: 590 },
      freeFromCents: 8000,
      zones: DELIVERY_ZONES.slice(0, 1),
    });
    expect(zones).toBe('Zones de livraison : France métropolitaine.');
    expect(methods.slice(0, 2)).toEqual([
      expect.stringMatching(/^Livraison à domicile : 5,90 €, offerte dès 80,00 € d’achats/),
      expect.stringMatching(/^Retrait en boutique : gratuit/),
    ]);
    expect(methods.join(' ')).not.toContain('Point relais');
  });

  it('returns: the online withdrawal the CGV describe, its way in linked, and the address to send the goods to', () => {
    page();
    const online = screen.getByTestId('retractation-en-ligne');
    expect(plain(online.textContent)).toContain('choisissez « Renoncer au contrat ici », cochez les articles concernés, puis « Confirmer la rétractation »');
    expect(within(online).getByRole('link', { name: 'Mes commandes' }).getAttribute('href')).toBe('/mes-commandes');
    expect(plain(document.body.textContent)).toContain('à l’adresse : La Petite Boutique – Service retours, 12 rue des Potiers, 75011 Paris, France.');
  });

  it('returns before the order leaves: nothing to send back, only the rest to pay, and more to withdraw later (issue 42, points 2 and 3)', () => {
    page();
    expect(plain(screen.getByTestId('retractation-avant-envoi').textContent)).toBe(
      'Votre commande n’est pas encore partie ? Les articles dont vous vous rétractez en sont retirés : vous n’avez rien à renvoyer, et vous ne payez que le reste (si vous avez déjà payé, nous vous remboursons ces articles). Vous pouvez ensuite vous rétracter d’autres articles, jusqu’à la fin du délai.',
    );
  });
});
