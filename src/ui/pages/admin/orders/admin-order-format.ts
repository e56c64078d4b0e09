import { isOrderStatus, type OrderStatus } from '@/domain/order/order-status';

/** The orders list's filter, in the address: `?statut=payee` (the stored name of the status). */
export const STATUS_PARAM = 'statut';

/** The status the address asks for; none (every order) for a missing or unknown one. */
export function statusFilterOf(params: URLSearchParams): OrderStatus | undefined {
  const raw = params.get(STATUS_PARAM);
  return isOrderStatus(raw) ? raw : undefined;
}

/** The list of the orders withdrawn from: `?retractation=1`. */
export const WITHDRAWAL_PARAM = 'retractation';

export const withdrawnFilterOf = (params: URLSearchParams): boolean => params.get(WITHDRAWAL_PARAM) === '1';

/** '+33612345678' (as an order keeps it) -> « 06 12 34 56 78 », as French numbers are written. */
export function formatPhone(phone: string): string {
  const national = phone.startsWith('+33') ? `0${phone.slice(3)}` : phone;
  return /^\d{10}$/.test(national) ? national.replace(/(\d{2})(?=\d)/g, '$1\u00a0') : phone;
}
