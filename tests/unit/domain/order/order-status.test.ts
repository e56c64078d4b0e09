import { describe, expect, it } from 'vitest';
import {
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  canChangeStatus,
  checkStatusChange,
  givesStockBack,
  isOrderStatus,
  nextStatuses,
  type OrderStatus,
} from '@/domain/order/order-status';

describe('order statuses', () => {
  it('five statuses, with their French labels', () => {
    expect(ORDER_STATUSES).toEqual(['en-attente', 'payee', 'expediee', 'livree', 'annulee']);
    expect(ORDER_STATUS_LABELS).toEqual({
      'en-attente': 'en attente',
      payee: 'payée',
      expediee: 'expédiée',
      livree: 'livrée',
      annulee: 'annulée',
    });
  });

  it('recognises a stored status and nothing else', () => {
    expect(isOrderStatus('payee')).toBe(true);
    expect(isOrderStatus('payée')).toBe(false);
    expect(isOrderStatus('')).toBe(false);
    expect(isOrderStatus(undefined)).toBe(false);
  });
});

describe('allowed transitions', () => {
  it('the table: waiting → paid | cancelled; paid → shipped | cancelled; shipped → delivered; delivered and cancelled final', () => {
    expect(ORDER_TRANSITIONS).toEqual({
      'en-attente': ['payee', 'annulee'],
      payee: ['expediee', 'annulee'],
      expediee: ['livree'],
      livree: [],
      annulee: [],
    });
    expect(nextStatuses('payee')).toEqual(['expediee', 'annulee']);
  });

  const allowed: [OrderStatus, OrderStatus][] = [
    ['en-attente', 'payee'],
    ['en-attente', 'annulee'],
    ['payee', 'expediee'],
    ['payee', 'annulee'],
    ['expediee', 'livree'],
  ];

  it.each(allowed)('%s → %s is allowed', (from, to) => {
    expect(canChangeStatus(from, to)).toBe(true);
    expect(checkStatusChange(from, to)).toEqual({ ok: true, value: to });
  });

  const refused = ORDER_STATUSES.flatMap((from) =>
    ORDER_STATUSES.filter((to) => !allowed.some(([a, b]) => a === from && b === to)).map((to): [OrderStatus, OrderStatus] => [from, to]),
  );

  it('every other pair of statuses is refused (20 of the 25)', () => {
    expect(refused).toHaveLength(20);
    for (const [from, to] of refused) {
      expect(canChangeStatus(from, to)).toBe(false);
      expect(checkStatusChange(from, to)).toMatchObject({ ok: false, error: { code: 'invalid-status-change' } });
    }
  });

  it('a skipped step is refused with a French message naming both statuses', () => {
    expect(checkStatusChange('en-attente', 'expediee')).toEqual({
      ok: false,
      error: { code: 'invalid-status-change', message: 'Une commande «\u202fen attente\u202f» ne peut pas passer à «\u202fexpédiée\u202f».' },
    });
    expect(checkStatusChange('en-attente', 'livree')).toMatchObject({
      error: { message: 'Une commande «\u202fen attente\u202f» ne peut pas passer à «\u202flivrée\u202f».' },
    });
    expect(checkStatusChange('payee', 'livree')).toMatchObject({
      error: { message: 'Une commande «\u202fpayée\u202f» ne peut pas passer à «\u202flivrée\u202f».' },
    });
  });

  it('going back is refused', () => {
    expect(checkStatusChange('payee', 'en-attente')).toMatchObject({
      error: { message: 'Une commande «\u202fpayée\u202f» ne peut pas passer à «\u202fen attente\u202f».' },
    });
    expect(checkStatusChange('expediee', 'payee')).toMatchObject({
      error: { message: 'Une commande «\u202fexpédiée\u202f» ne peut pas passer à «\u202fpayée\u202f».' },
    });
  });

  it('a shipped order can no longer be cancelled', () => {
    expect(checkStatusChange('expediee', 'annulee')).toMatchObject({
      error: { message: 'Une commande «\u202fexpédiée\u202f» ne peut pas passer à «\u202fannulée\u202f».' },
    });
  });

  it('delivered and cancelled are final', () => {
    expect(checkStatusChange('livree', 'annulee')).toMatchObject({
      error: { message: 'Une commande «\u202flivrée\u202f» ne change plus de statut.' },
    });
    expect(checkStatusChange('annulee', 'payee')).toMatchObject({
      error: { message: 'Une commande «\u202fannulée\u202f» ne change plus de statut.' },
    });
  });

  it('the same status again is refused: the order already is', () => {
    expect(checkStatusChange('payee', 'payee')).toMatchObject({ error: { message: 'La commande est déjà «\u202fpayée\u202f».' } });
    expect(checkStatusChange('livree', 'livree')).toMatchObject({ error: { message: 'La commande est déjà «\u202flivrée\u202f».' } });
  });
});

describe('cancelling gives the stock back', () => {
  it('an order becoming « annulée » gives its units back; no other status does', () => {
    expect(ORDER_STATUSES.filter(givesStockBack)).toEqual(['annulee']);
  });
});
