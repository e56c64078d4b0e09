import { describe, expect, it } from 'vitest';
import { COMPANY } from '@/domain/company';
import type { DeliveryMethod } from '@/domain/order/order-constants';
import type { OrderStatus } from '@/domain/order/order-status';
import type { OrderPayment } from '@/domain/order/payment';
import { nextStepsOf } from '@/ui/pages/orders/order-next-steps';

// Issue 42, point 1: the shopper's order page says what comes next, as the order's path goes —
// what is paid, when, and to whom.

const CARD: OrderPayment = { method: 'carte', last4: '4242', reference: 'SIMU-1' };
const ON_DELIVERY: OrderPayment = { method: 'a-la-livraison' };
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const next = (status: OrderStatus, payment: OrderPayment, deliveryMethod: DeliveryMethod) =>
  plain(
    nextStepsOf({
      status,
      payment,
      deliveryMethod,
      lines: [],
      withdrawals: [],
      totals: { subtotalCents: 7200, deliveryCents: 490, totalCents: 7690, vatIncludedCents: 0, vatByRate: [] },
    }),
  );

describe('what comes next for an order, path by path', () => {
  it('paid on delivery: the amount is paid to the carrier when delivered; delivered means paid', () => {
    expect(next('en-attente', ON_DELIVERY, 'domicile')).toMatch(/Vous réglerez 76,90 € au livreur, à la livraison\.$/);
    expect(next('expediee', ON_DELIVERY, 'point-relais')).toBe('Votre commande est en route. Vous réglerez 76,90 € au livreur, à la livraison.');
    expect(next('livree', ON_DELIVERY, 'domicile')).toBe('Votre commande a été livrée et payée. Merci de votre confiance.');
    expect(next('annulee', ON_DELIVERY, 'domicile')).toContain('Vous n’aviez rien à régler avant la remise des articles : aucun paiement ne vous est demandé.');
  });

  it('paid at the shop: waiting, then ready, the amount paid when collected', () => {
    expect(next('en-attente', ON_DELIVERY, 'retrait-boutique')).toMatch(/Elle vous attendra en boutique .* Vous réglerez 76,90 € en la retirant\.$/);
    expect(next('prete', ON_DELIVERY, 'retrait-boutique')).toBe(
      plain(`Votre commande vous attend en boutique (${COMPANY.address}). Vous réglerez 76,90 € en la retirant.`),
    );
    expect(next('retiree', ON_DELIVERY, 'retrait-boutique')).toBe('Vous avez retiré et payé votre commande. Merci de votre visite.');
  });

  it('by card: waiting for the provider, then paid; nothing more to pay when ready or delivered', () => {
    expect(next('en-attente-paiement', CARD, 'domicile')).toBe(
      'Nous attendons la confirmation de votre paiement par carte de 76,90 €. Dès qu’elle nous parvient, nous préparons votre commande.',
    );
    expect(next('payee', CARD, 'domicile')).toMatch(/^Votre paiement est accepté et nous préparons votre commande\. Elle sera expédiée/);
    expect(next('prete', CARD, 'retrait-boutique')).toBe(plain(`Votre commande, déjà payée, vous attend en boutique (${COMPANY.address}).`));
    expect(next('expediee', CARD, 'domicile')).toBe('Votre commande est en route.');
    expect(next('livree', CARD, 'domicile')).toBe('Votre commande a été livrée. Merci de votre confiance.');
    expect(next('annulee', CARD, 'domicile')).toContain('Votre paiement de 76,90 € vous est remboursé sur la carte se terminant par 4242');
  });
});
