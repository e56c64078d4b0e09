import { WITHDRAWAL_PERIOD_DAYS } from '../company';
import { fail, ok, type Result } from '../result';
import type { Order } from './order';
import { parisDay } from './paris-calendar';
import { shopCalendarDay } from '../shop-time';

// The right of withdrawal of a distance sale (Code de la consommation, L. 221-18 and L. 221-21 as
// amended by ordonnance n° 2026-2 of 5 January 2026; D. 221-5 as amended by décret n° 2026-3 of
// 5 January 2026, transposing article 11 bis of directive 2011/83/UE added by directive (UE)
// 2023/2673): 14 days from the delivery of the goods, and an online function to withdraw for the
// whole period, labelled « renoncer au contrat ici », then confirmed by a distinct control labelled
// « confirmer la rétractation »; the seller acknowledges it on a durable medium, with its content
// and the date and time it was sent.

export { WITHDRAWAL_PERIOD_DAYS };

/** The words of D. 221-5 (décret n° 2026-3) for the two controls. */
export const WITHDRAWAL_LABELS = {
  open: 'Renoncer au contrat ici',
  confirm: 'Confirmer la rétractation',
} as const;

/**
 * A withdrawal's life in the back office. Goods that had left the shop: received, then the goods
 * come back, then the refund. Before they left, the lines withdrawn are simply cancelled: nothing
 * comes back, so a paid order's withdrawal is « à rembourser » at once, an unpaid one's closed.
 */
export const WITHDRAWAL_STATUSES = ['recue', 'retournee', 'a-rembourser', 'remboursee', 'close'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

export const WITHDRAWAL_STATUS_LABELS: Readonly<Record<WithdrawalStatus, string>> = {
  recue: 'rétractation reçue',
  retournee: 'articles retournés',
  'a-rembourser': 'à rembourser',
  remboursee: 'remboursée',
  close: 'close, rien à rembourser',
};

/** Received → goods returned → refunded; to refund → refunded; refunded and closed are final. The database holds the same table. */
export const WITHDRAWAL_TRANSITIONS: Readonly<Record<WithdrawalStatus, readonly WithdrawalStatus[]>> = {
  recue: ['retournee'],
  retournee: ['remboursee'],
  'a-rembourser': ['remboursee'],
  remboursee: [],
  close: [],
};

/** One line withdrawn: the order line's position (0 for the first) and how many of its units. */
export interface WithdrawnLine {
  line: number;
  quantity: number;
}

export interface Withdrawal {
  /** Its rank among the order's withdrawals: 1 for the first. */
  number: number;
  /** ISO date and time the buyer confirmed it. */
  receivedAt: string;
  lines: readonly WithdrawnLine[];
  /** Received before the goods left the shop: its lines are cancelled, nothing is sent back. */
  beforeShipping: boolean;
  status: WithdrawalStatus;
  returnedAt: string | null;
  refundedAt: string | null;
}

export const isWithdrawalStatus = (value: unknown): value is WithdrawalStatus =>
  typeof value === 'string' && (WITHDRAWAL_STATUSES as readonly string[]).includes(value);

const DAY_MS = 86_400_000;

/** The first instant (ms) of the Paris day `day` (YYYY-MM-DD): midnight there is 23:00 or 22:00 UTC the day before. */
function startOfParisDay(day: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(year, month - 1, date);
  for (const hours of [1, 2]) {
    const at = utcMidnight - hours * 3_600_000;
    if (parisDay(at) === day && parisDay(at - 1) !== day) return at;
  }
  return utcMidnight;
}

/** The Paris day `days` after `day` (YYYY-MM-DD). */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export interface WithdrawalDeadline {
  /** The last day of the period, in Paris (YYYY-MM-DD): the 14th day after the day of delivery. */
  lastDay: string;
  /** The first instant after it (ms): the next day's midnight in Paris. */
  endsAt: number;
}

/**
 * The period ends at the end of the 14th day after the day of delivery, in Paris (the day of
 * delivery does not count). Before delivery there is no deadline yet: the buyer may withdraw.
 */
export function withdrawalDeadline(deliveredAt: string | null): WithdrawalDeadline | null {
  if (deliveredAt === null) return null;
  const lastDay = addDays(parisDay(Date.parse(deliveredAt)), WITHDRAWAL_PERIOD_DAYS);
  return { lastDay, endsAt: startOfParisDay(addDays(lastDay, 1)) };
}

export const WITHDRAWAL_MESSAGES = {
  expired: (lastDay: string) => `Le délai de rétractation de ${WITHDRAWAL_PERIOD_DAYS} jours a expiré le ${shopCalendarDay(lastDay)}.`,
  cancelled: 'Cette commande est annulée\u00a0: il n’y a rien à rétracter.',
  already: 'Votre rétractation de tous les articles de cette commande a déjà été reçue.',
  noLine: 'Choisissez au moins un article dont vous vous rétractez.',
  badLine: 'Un article choisi ne fait pas partie de cette commande, ou sa quantité dépasse celle dont vous pouvez encore vous rétracter.',
  transition: (from: WithdrawalStatus, to: WithdrawalStatus) =>
    `Une rétractation au statut «\u202f${WITHDRAWAL_STATUS_LABELS[from]}\u202f» ne peut pas passer à «\u202f${WITHDRAWAL_STATUS_LABELS[to]}\u202f».`,
  none: 'Cette commande n’a pas de rétractation.',
} as const;

/**
 * How many units of each line the buyer may still withdraw from: ordered, less every withdrawal's.
 * The order's lines stay as placed (the snapshot is the contract); withdrawals are added beside them.
 */
export function remainingQuantities(order: Pick<Order, 'lines' | 'withdrawals'>): number[] {
  const left = order.lines.map((line) => line.quantity);
  for (const withdrawal of order.withdrawals) for (const { line, quantity } of withdrawal.lines) if (left[line] !== undefined) left[line] -= quantity;
  return left;
}

/** What an order's page shows about withdrawing: the control (with its deadline, if delivered), or why not. */
export type WithdrawalWindow =
  { open: true; deadline: WithdrawalDeadline | null } | { open: false; reason: 'expired' | 'cancelled' | 'already'; message: string };

/**
 * Whether the buyer may still withdraw from `order` at `now` (ms): one rule, for the page, the use
 * case and the local adapter. A withdrawal of some lines leaves the others withdrawable until the
 * period ends; only an order with nothing left to withdraw is closed by its withdrawals.
 */
export function withdrawalWindow(order: Pick<Order, 'status' | 'deliveredAt' | 'lines' | 'withdrawals'>, now: number): WithdrawalWindow {
  if (order.status === 'annulee') return { open: false, reason: 'cancelled', message: WITHDRAWAL_MESSAGES.cancelled };
  if (remainingQuantities(order).every((left) => left <= 0)) return { open: false, reason: 'already', message: WITHDRAWAL_MESSAGES.already };
  const deadline = withdrawalDeadline(order.deliveredAt);
  if (deadline && now >= deadline.endsAt) return { open: false, reason: 'expired', message: WITHDRAWAL_MESSAGES.expired(deadline.lastDay) };
  return { open: true, deadline };
}

/** The lines chosen, checked against the order: each an existing line once, 1 to what remains of it; at least one. */
export function checkWithdrawnLines(order: Pick<Order, 'lines' | 'withdrawals'>, lines: readonly WithdrawnLine[]): Result<readonly WithdrawnLine[]> {
  const chosen = lines.filter((line) => line.quantity !== 0);
  if (chosen.length === 0) return fail('invalid-withdrawal', WITHDRAWAL_MESSAGES.noLine);
  const left = remainingQuantities(order);
  const seen = new Set<number>();
  for (const { line, quantity } of chosen) {
    const remaining = Number.isInteger(line) ? left[line] : undefined;
    if (remaining === undefined || seen.has(line) || !Number.isInteger(quantity) || quantity < 1 || quantity > remaining) {
      return fail('invalid-withdrawal', WITHDRAWAL_MESSAGES.badLine);
    }
    seen.add(line);
  }
  return ok([...chosen].sort((a, b) => a.line - b.line));
}

/** `to` when the order's withdrawal `number` may move there from where it is; otherwise the French reason. */
export function checkWithdrawalChange(withdrawals: readonly Withdrawal[], number: number, to: WithdrawalStatus): Result<WithdrawalStatus> {
  const withdrawal = withdrawals.find((w) => w.number === number);
  if (!withdrawal) return fail('invalid-status-change', WITHDRAWAL_MESSAGES.none);
  if (WITHDRAWAL_TRANSITIONS[withdrawal.status].includes(to)) return ok(to);
  return fail('invalid-status-change', WITHDRAWAL_MESSAGES.transition(withdrawal.status, to));
}

/** The withdrawals after the back office records `to` for withdrawal `number` at `now`. */
export function advanceWithdrawal(withdrawals: readonly Withdrawal[], number: number, to: WithdrawalStatus, now: string): Withdrawal[] {
  return withdrawals.map((w) => (w.number !== number ? w : { ...w, status: to, ...(to === 'retournee' ? { returnedAt: now } : { refundedAt: now }) }));
}

/** « 1 × Bol en grès », one per line of `withdrawal`, in the order's order. */
export function withdrawnLinesOf(order: Pick<Order, 'lines'>, withdrawal: Pick<Withdrawal, 'lines'>): string[] {
  return withdrawal.lines.flatMap(({ line, quantity }) => {
    const ordered = order.lines[line];
    return ordered ? [`${quantity} × ${ordered.name}`] : [];
  });
}

/** Still to handle by the owner: received, returned or to refund; not refunded nor closed. */
export const withdrawalToHandle = (withdrawal: Pick<Withdrawal, 'status'>): boolean => WITHDRAWAL_TRANSITIONS[withdrawal.status].length > 0;
