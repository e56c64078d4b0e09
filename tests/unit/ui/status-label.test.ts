import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@/domain/order/order-status';
import type { OrderPayment } from '@/domain/order/payment';
import { WITHDRAWAL_STATUS_LABELS } from '@/domain/order/withdrawal';
import { capitalized, quotedStatus, statusLabel, statusOptionLabel } from '@/ui/format/status-label';

const CARD: OrderPayment = { method: 'carte', last4: '4242', reference: 'SIMU-1' };
const ON_DELIVERY: OrderPayment = { method: 'a-la-livraison' };

describe('an order’s status as a cell, an option or the order’s page shows it', () => {
  it('a status by itself (the list’s filter) is the domain’s label with a capital', () => {
    expect(ORDER_STATUSES.map(statusOptionLabel)).toEqual([
      'En attente de paiement',
      'En attente',
      'Payée',
      'Prête à retirer',
      'Expédiée',
      'Livrée',
      'Retirée',
      'Annulée',
    ]);
  });

  it('an order’s status is named as its path names it: paid when handed over, for what is paid on delivery or at the shop', () => {
    expect(statusLabel({ status: 'livree', payment: ON_DELIVERY, deliveryMethod: 'domicile' })).toBe('Livrée et payée');
    expect(statusLabel({ status: 'retiree', payment: ON_DELIVERY, deliveryMethod: 'retrait-boutique' })).toBe('Retirée et payée');
    expect(statusLabel({ status: 'livree', payment: CARD, deliveryMethod: 'point-relais' })).toBe('Livrée');
    expect(statusLabel({ status: 'retiree', payment: CARD, deliveryMethod: 'retrait-boutique' })).toBe('Retirée');
    expect(statusLabel({ status: 'expediee', payment: ON_DELIVERY, deliveryMethod: 'domicile' })).toBe('Expédiée');
    expect(quotedStatus({ status: 'livree', payment: ON_DELIVERY, deliveryMethod: 'point-relais' })).toBe('«\u202flivrée et payée\u202f»');
  });

  it('a withdrawal’s status starts a cell the same way', () => {
    expect(capitalized(WITHDRAWAL_STATUS_LABELS.retournee)).toBe('Articles retournés');
    expect(capitalized(WITHDRAWAL_STATUS_LABELS.recue)).toBe('Rétractation reçue');
  });
});
