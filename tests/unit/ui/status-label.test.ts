import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@/domain/order/order-status';
import { WITHDRAWAL_STATUS_LABELS } from '@/domain/order/withdrawal';
import { capitalized, statusLabel } from '@/ui/format/status-label';

describe('an order’s status as a cell, an option or the order’s page shows it', () => {
  it('is the domain’s label with a capital', () => {
    expect(ORDER_STATUSES.map(statusLabel)).toEqual(['En attente', 'Payée', 'Expédiée', 'Livrée', 'Annulée']);
  });

  it('a withdrawal’s status starts a cell the same way', () => {
    expect(capitalized(WITHDRAWAL_STATUS_LABELS.retournee)).toBe('Articles retournés');
    expect(capitalized(WITHDRAWAL_STATUS_LABELS.recue)).toBe('Rétractation reçue');
  });
});
