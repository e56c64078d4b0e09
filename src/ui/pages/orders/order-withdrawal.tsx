import { Link } from 'react-router-dom';
import type { Order } from '@/domain/order/order';
import {
  WITHDRAWAL_LABELS,
  WITHDRAWAL_PERIOD_DAYS,
  WITHDRAWAL_STATUS_LABELS,
  withdrawalWindow,
  withdrawnLinesOf,
  type Withdrawal,
} from '@/domain/order/withdrawal';
import { shopCalendarDay, shopWeekdayAndTime } from '@/domain/shop-time';
import { CLOCK } from '@/ports/clock';
import { useService } from '../../di/container-context';
import { paths } from '@/domain/site-paths';

/** What one withdrawal took, and when (Paris); its follow-up once the owner moved it. */
function WithdrawalItem({ order, withdrawal }: { order: Order; withdrawal: Withdrawal }) {
  return (
    <>
      <p>
        Rétractation reçue le <strong>{shopWeekdayAndTime(withdrawal.receivedAt)}</strong> (heure de Paris), pour&nbsp;:
      </p>
      <ul>
        {withdrawnLinesOf(order, withdrawal).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {/* Closed before shipping says nothing more than the acknowledgement did. */}
      {withdrawal.status !== 'recue' && withdrawal.status !== 'close' && <p>Suivi&nbsp;: {WITHDRAWAL_STATUS_LABELS[withdrawal.status]}.</p>}
    </>
  );
}

/** The withdrawals received, oldest first (the order's page and the withdrawal page both show them); `only`: that one alone. */
export function WithdrawalsReceived({ order, only }: { order: Order; only?: Withdrawal }) {
  const shown = only ? [only] : order.withdrawals;
  if (shown.length === 0) return null;
  return (
    <div data-testid="withdrawal-received">
      {shown.length === 1 ? (
        <WithdrawalItem order={order} withdrawal={shown[0]!} />
      ) : (
        <ol className="withdrawal-list">
          {shown.map((withdrawal) => (
            <li key={withdrawal.number}>
              <WithdrawalItem order={order} withdrawal={withdrawal} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/**
 * An order's « Rétractation » section (the confirmation page, « Mes commandes » → the order): the
 * withdrawals received; then, within the period (withdrawalWindow, by the clock) and while some
 * lines remain, the control of D. 221-5, « Renoncer au contrat ici »; else why it is gone.
 */
export function OrderWithdrawal({ order }: { order: Order }) {
  const clock = useService(CLOCK);
  const period = withdrawalWindow(order, clock.now());
  const rest = order.withdrawals.length > 0 ? 'au reste de cette commande' : 'à tout ou partie de cette commande';
  return (
    <section aria-labelledby="commande-retractation" className="order-withdrawal">
      <h2 id="commande-retractation">Rétractation</h2>
      <WithdrawalsReceived order={order} />
      {period.open ? (
        <>
          <p>
            {period.deadline
              ? `Vous pouvez renoncer ${rest} jusqu’au ${shopCalendarDay(period.deadline.lastDay)} inclus, sans avoir à vous justifier.`
              : `Vous pouvez renoncer ${rest} dès maintenant, et jusqu’à ${WITHDRAWAL_PERIOD_DAYS}\u00a0jours après sa livraison, sans avoir à vous justifier.`}
          </p>
          <p>
            <Link to={paths.withdrawal(order.number)} className="button-link">
              {WITHDRAWAL_LABELS.open}
            </Link>
          </p>
        </>
      ) : (
        (order.withdrawals.length === 0 || period.reason === 'expired') && <p data-testid="withdrawal-closed">{period.message}</p>
      )}
    </section>
  );
}
