import { describe, expect, it } from 'vitest';
import {
  ORDER_STATUS_LABELS,
  ORDER_STATUS_MESSAGES,
  ORDER_STATUSES,
  ORDER_STEPS,
  checkStatusChange,
  givesStockBack,
  hasLeftTheShop,
  initialStatusOf,
  isHandedOver,
  isOrderStatus,
  isPaid,
  nextSteps,
  orderPath,
  statusLabelOf,
  type OrderStatus,
  type PathOf,
} from '@/domain/order/order-status';

const CARD_HOME: PathOf = { payment: { method: 'carte' }, deliveryMethod: 'domicile' };
const CARD_RELAY: PathOf = { payment: { method: 'carte' }, deliveryMethod: 'point-relais' };
const CARD_PICKUP: PathOf = { payment: { method: 'carte' }, deliveryMethod: 'retrait-boutique' };
const COD_HOME: PathOf = { payment: { method: 'a-la-livraison' }, deliveryMethod: 'domicile' };
const PAY_AT_PICKUP: PathOf = { payment: { method: 'a-la-livraison' }, deliveryMethod: 'retrait-boutique' };

const at = (path: PathOf, status: OrderStatus) => ({ ...path, status });

describe('order statuses', () => {
  it('eight statuses, with their French labels', () => {
    expect(ORDER_STATUSES).toEqual(['en-attente-paiement', 'en-attente', 'payee', 'prete', 'expediee', 'livree', 'retiree', 'annulee']);
    expect(ORDER_STATUS_LABELS).toEqual({
      'en-attente-paiement': 'en attente de paiement',
      'en-attente': 'en attente',
      payee: 'payée',
      prete: 'prête à retirer',
      expediee: 'expédiée',
      livree: 'livrée',
      retiree: 'retirée',
      annulee: 'annulée',
    });
  });

  it('recognises a stored status and nothing else', () => {
    expect(isOrderStatus('payee')).toBe(true);
    expect(isOrderStatus('prete')).toBe(true);
    expect(isOrderStatus('payée')).toBe(false);
    expect(isOrderStatus('')).toBe(false);
    expect(isOrderStatus(undefined)).toBe(false);
  });
});

describe('each way to pay and to deliver has its own path', () => {
  it('the path follows the payment and the delivery', () => {
    expect(orderPath(CARD_HOME)).toBe('carte-envoi');
    expect(orderPath(CARD_RELAY)).toBe('carte-envoi');
    expect(orderPath(CARD_PICKUP)).toBe('carte-retrait');
    expect(orderPath(COD_HOME)).toBe('livraison');
    expect(orderPath({ payment: { method: 'a-la-livraison' }, deliveryMethod: 'point-relais' })).toBe('livraison');
    expect(orderPath(PAY_AT_PICKUP)).toBe('retrait');
  });

  it('a card order starts waiting for its payment; any other waits for the owner', () => {
    expect(initialStatusOf('carte')).toBe('en-attente-paiement');
    expect(initialStatusOf('a-la-livraison')).toBe('en-attente');
  });

  it('card, shipped: only the provider confirms or gives up the payment; the owner ships, delivers or cancels before shipping', () => {
    expect(nextSteps(at(CARD_HOME, 'en-attente-paiement'))).toEqual([]);
    expect(nextSteps(at(CARD_HOME, 'en-attente-paiement'), 'provider')).toEqual(['payee', 'annulee']);
    expect(nextSteps(at(CARD_HOME, 'payee'))).toEqual(['expediee', 'annulee']);
    expect(nextSteps(at(CARD_HOME, 'expediee'))).toEqual(['livree']);
    expect(nextSteps(at(CARD_HOME, 'livree'))).toEqual([]);
  });

  it('card, collected: paid → ready → collected, cancellable until collected', () => {
    expect(nextSteps(at(CARD_PICKUP, 'en-attente-paiement'), 'provider')).toEqual(['payee', 'annulee']);
    expect(nextSteps(at(CARD_PICKUP, 'payee'))).toEqual(['prete', 'annulee']);
    expect(nextSteps(at(CARD_PICKUP, 'prete'))).toEqual(['retiree', 'annulee']);
    expect(nextSteps(at(CARD_PICKUP, 'retiree'))).toEqual([]);
  });

  it('cash on delivery: shipped unpaid, then delivered and paid; never « payée » before', () => {
    expect(nextSteps(at(COD_HOME, 'en-attente'))).toEqual(['expediee', 'annulee']);
    expect(nextSteps(at(COD_HOME, 'expediee'))).toEqual(['livree']);
    expect(checkStatusChange(at(COD_HOME, 'en-attente'), 'payee')).toEqual({
      ok: false,
      error: { code: 'invalid-status-change', message: 'Une commande «\u202fen attente\u202f» ne peut pas passer à «\u202fpayée\u202f».' },
    });
  });

  it('paid at pickup: ready, then collected and paid; never shipped', () => {
    expect(nextSteps(at(PAY_AT_PICKUP, 'en-attente'))).toEqual(['prete', 'annulee']);
    expect(nextSteps(at(PAY_AT_PICKUP, 'prete'))).toEqual(['retiree', 'annulee']);
    expect(checkStatusChange(at(PAY_AT_PICKUP, 'en-attente'), 'expediee')).toMatchObject({
      error: { message: 'Une commande «\u202fen attente\u202f» ne peut pas passer à «\u202fexpédiée\u202f».' },
    });
  });

  it('every step of every path is allowed to its actor and refused to the other', () => {
    const paths = [CARD_HOME, CARD_PICKUP, COD_HOME, PAY_AT_PICKUP];
    for (const path of paths) {
      for (const { from, to, by } of ORDER_STEPS[orderPath(path)]) {
        expect(checkStatusChange(at(path, from), to, by)).toEqual({ ok: true, value: to });
        const other = by === 'owner' ? 'provider' : 'owner';
        expect(checkStatusChange(at(path, from), to, other)).toEqual({
          ok: false,
          error: { code: 'invalid-status-change', message: ORDER_STATUS_MESSAGES.provider },
        });
      }
    }
  });

  it('the owner cannot mark a card order paid: the provider does', () => {
    expect(checkStatusChange(at(CARD_HOME, 'en-attente-paiement'), 'payee')).toEqual({
      ok: false,
      error: { code: 'invalid-status-change', message: 'Seul le prestataire de paiement confirme ou abandonne le paiement d’une commande par carte.' },
    });
  });

  it('every pair outside the path is refused with a French reason', () => {
    for (const path of [CARD_HOME, CARD_PICKUP, COD_HOME, PAY_AT_PICKUP]) {
      const steps = ORDER_STEPS[orderPath(path)];
      for (const from of ORDER_STATUSES) {
        for (const to of ORDER_STATUSES.filter((to) => !steps.some((s) => s.from === from && s.to === to))) {
          for (const by of ['owner', 'provider'] as const) {
            expect(checkStatusChange(at(path, from), to, by)).toMatchObject({ ok: false, error: { code: 'invalid-status-change' } });
          }
        }
      }
    }
  });

  it('a final status says so; the same status again says the order already is', () => {
    expect(checkStatusChange(at(COD_HOME, 'livree'), 'annulee')).toMatchObject({
      error: { message: 'Une commande «\u202flivrée\u202f» ne change plus de statut.' },
    });
    expect(checkStatusChange(at(PAY_AT_PICKUP, 'annulee'), 'prete')).toMatchObject({
      error: { message: 'Une commande «\u202fannulée\u202f» ne change plus de statut.' },
    });
    expect(checkStatusChange(at(CARD_HOME, 'payee'), 'payee')).toMatchObject({ error: { message: 'La commande est déjà «\u202fpayée\u202f».' } });
  });
});

describe('what counts as paid', () => {
  it('a card order from the provider’s confirmation; cash on delivery once delivered; at the shop once collected', () => {
    const paid = (path: PathOf) => ORDER_STATUSES.filter((status) => isPaid(at(path, status)));
    expect(paid(CARD_HOME)).toEqual(['payee', 'prete', 'expediee', 'livree', 'retiree']);
    expect(paid(COD_HOME)).toEqual(['livree']);
    expect(paid(PAY_AT_PICKUP)).toEqual(['retiree']);
  });

  it('delivered or collected is named « et payée » on the paths paid then', () => {
    expect(statusLabelOf(at(COD_HOME, 'livree'))).toBe('livrée et payée');
    expect(statusLabelOf(at(PAY_AT_PICKUP, 'retiree'))).toBe('retirée et payée');
    expect(statusLabelOf(at(CARD_HOME, 'livree'))).toBe('livrée');
    expect(statusLabelOf(at(CARD_PICKUP, 'retiree'))).toBe('retirée');
    expect(statusLabelOf(at(COD_HOME, 'expediee'))).toBe('expédiée');
  });
});

describe('the goods’ whereabouts', () => {
  it('handed over when delivered or collected; out of the shop from shipping on', () => {
    expect(ORDER_STATUSES.filter(isHandedOver)).toEqual(['livree', 'retiree']);
    expect(ORDER_STATUSES.filter(hasLeftTheShop)).toEqual(['expediee', 'livree', 'retiree']);
  });
});

describe('cancelling gives the stock back', () => {
  it('an order becoming « annulée » gives its units back; no other status does', () => {
    expect(ORDER_STATUSES.filter(givesStockBack)).toEqual(['annulee']);
  });
});
