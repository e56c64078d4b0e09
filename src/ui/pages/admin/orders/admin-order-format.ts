import { isOrderStatus, ORDER_STATUS_LABELS, type OrderStatus } from '@/domain/order/order-status';
import { formatPrice } from '../../../format/price';

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

/** « Payée », as a cell or an option shows it. */
export function statusLabel(status: OrderStatus): string {
  return capitalized(ORDER_STATUS_LABELS[status]);
}

/** « Articles retournés »: a label starting a cell. */
export const capitalized = (label: string): string => label.charAt(0).toUpperCase() + label.slice(1);

/** 4960 -> « 49,60 € ». */
export function formatCents(cents: number): string {
  return formatPrice(cents / 100);
}

// The shop is in Paris: an order's date is Paris's, whatever the owner's device says.
const DATE_TIME = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' });

/** '2026-11-23T14:05:00Z' -> « 23 novembre 2026 à 15:05 ». */
export function formatOrderDate(placedAt: string): string {
  return DATE_TIME.format(new Date(placedAt));
}

/** '+33612345678' (as an order keeps it) -> « 06 12 34 56 78 », as French numbers are written. */
export function formatPhone(phone: string): string {
  const national = phone.startsWith('+33') ? `0${phone.slice(3)}` : phone;
  return /^\d{10}$/.test(national) ? national.replace(/(\d{2})(?=\d)/g, '$1\u00a0') : phone;
}
