import { Link } from 'react-router-dom';
import type { Order } from '@/domain/order/order';
import { WITHDRAWAL_LABELS, WITHDRAWAL_PERIOD_DAYS, WITHDRAWAL_STATUS_LABELS, withdrawalWindow, withdrawnLinesOf } from '@/domain/order/withdrawal';
import { shopCalendarDay, shopWeekdayAndTime } from '@/domain/shop-time';
import { CLOCK } from '@/ports/clock';
import { useService } from '../../di/container-context';
import { paths } from '@/domain/site-paths';

/** What was withdrawn, and when (Paris): the order's page and the acknowledgement step both show it. */
export function WithdrawalReceived({ order }: { order: Order }) {
  const withdrawal = order.withdrawal;
  if (!withdrawal) return null;
  return (
    <div data-testid="withdrawal-received">
      <p>
        Rétractation reçue le <strong>{shopWeekdayAndTime(withdrawal.receivedAt)}</strong> (heure de Paris), pour&nbsp;:
      </p>
      <ul>
        {withdrawnLinesOf(order).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {withdrawal.status !== 'recue' && <p>Suivi&nbsp;: {WITHDRAWAL_STATUS_LABELS[withdrawal.status]}.</p>}
    </div>
  );
}

/**
 * An order's « Rétractation » section (the confirmation page, « Mes commandes » → the order): the
 * withdrawal received; else, within the period (withdrawalWindow, by the clock), the control of
 * D. 221-5, « Renoncer au contrat ici »; else why it is gone.
 */
export function OrderWithdrawal({ order }: { order: Order }) {
  const clock = useService(CLOCK);
  const period = withdrawalWindow(order, clock.now());
  return (
    <section aria-labelledby="commande-retractation" className="order-withdrawal">
      <h2 id="commande-retractation">Rétractation</h2>
      {order.withdrawal ? (
        <WithdrawalReceived order={order} />
      ) : period.open ? (
        <>
          <p>
            {period.deadline
              ? `Vous pouvez renoncer à tout ou partie de cette commande jusqu’au ${shopCalendarDay(period.deadline.lastDay)} inclus, sans avoir à vous justifier.`
              : `Vous pouvez renoncer à tout ou partie de cette commande dès maintenant, et jusqu’à ${WITHDRAWAL_PERIOD_DAYS}\u00a0jours après sa livraison, sans avoir à vous justifier.`}
          </p>
          <p>
            <Link to={paths.withdrawal(order.number)} className="button-link">
              {WITHDRAWAL_LABELS.open}
            </Link>
          </p>
        </>
      ) : (
        <p data-testid="withdrawal-closed">{period.message}</p>
      )}
    </section>
  );
}
