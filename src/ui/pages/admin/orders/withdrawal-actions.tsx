import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { Order } from '@/domain/order/order';
import { recordWithdrawalRefund } from '@/domain/order/record-withdrawal-refund';
import { recordWithdrawalReturn } from '@/domain/order/record-withdrawal-return';
import { WITHDRAWAL_STATUS_LABELS, withdrawnLinesOf, type Withdrawal } from '@/domain/order/withdrawal';
import { withdrawalAmountCents } from '@/domain/order/withdrawn-order';
import { formatCents } from '@/domain/price-format';
import { ORDER_REPOSITORY } from '@/ports/order-repository';
import { useService } from '../../../di/container-context';
import { useFocusAfter } from '../../../hooks/use-focus-after';
import { orderKeys } from '../../../query/query-keys';
import { useNotify } from '../../../toast/toast-context';
import { shopDayAndTime } from '@/domain/shop-time';
import { capitalized } from '../../../format/status-label';

/** The buyer's withdrawals, oldest first, each handled on its own (WithdrawalItem). */
export function WithdrawalActions({ order }: { order: Order }) {
  if (order.withdrawals.length === 0) return null;
  const several = order.withdrawals.length > 1;
  return (
    <section aria-labelledby="titre-retractation" className="admin-order-withdrawal">
      <h2 id="titre-retractation">{several ? 'Rétractations' : 'Rétractation'}</h2>
      {order.withdrawals.map((withdrawal) => (
        <WithdrawalItem key={withdrawal.number} order={order} withdrawal={withdrawal} several={several} />
      ))}
    </section>
  );
}

/**
 * One withdrawal, as the owner handles it: the lines withdrawn and when (Paris). Goods that had
 * left the shop: « Enregistrer le retour des articles » once they are back, then the refund.
 * Withdrawn before shipping: nothing comes back; the refund of what was paid, or nothing at all.
 * Each button only when WITHDRAWAL_TRANSITIONS allows it (the database refuses the others on Supabase).
 */
function WithdrawalItem({ order, withdrawal, several }: { order: Order; withdrawal: Withdrawal; several: boolean }) {
  const orders = useService(ORDER_REPOSITORY);
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The button pressed is replaced by the next one, or by nothing: the focus goes to this withdrawal's status, or to why it was refused.
  const focusAfter = useFocusAfter();
  const status = useRef<HTMLParagraphElement>(null);
  const refused = useRef<HTMLParagraphElement>(null);
  const titleId = `titre-retractation-${withdrawal.number}`;

  async function record(step: typeof recordWithdrawalReturn) {
    setBusy(true);
    setRefusal(null);
    const result = await step({ orders }, order.number, withdrawal.number);
    setBusy(false);
    if (result.ok) {
      queryClient.setQueryData(orderKeys.detail(order.number), result.value);
      const now = result.value.withdrawals.find((w) => w.number === withdrawal.number);
      notify({
        title: 'Rétractation mise à jour',
        description: `Commande ${order.number}\u00a0: ${now ? WITHDRAWAL_STATUS_LABELS[now.status] : ''}.`,
      });
    } else {
      setRefusal(result.error.message);
    }
    focusAfter(
      () => refused.current,
      () => status.current,
    );
    await queryClient.invalidateQueries({ queryKey: orderKeys.all });
  }

  const amount = formatCents(withdrawalAmountCents(order, withdrawal));
  return (
    <article aria-labelledby={several ? titleId : undefined} data-testid="admin-withdrawal">
      {several && <h3 id={titleId}>Rétractation n°&nbsp;{withdrawal.number}</h3>}
      <p ref={status} tabIndex={-1}>
        Reçue le {shopDayAndTime(withdrawal.receivedAt)}
        {withdrawal.beforeShipping ? ', avant l’envoi' : ''}. Statut&nbsp;:{' '}
        <strong data-testid="withdrawal-status">{capitalized(WITHDRAWAL_STATUS_LABELS[withdrawal.status])}</strong>
      </p>
      <ul aria-label="Articles dont le client se rétracte" data-testid="withdrawal-lines">
        {withdrawnLinesOf(order, withdrawal).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {withdrawal.beforeShipping && (
        <p data-testid="withdrawal-before-shipping">
          {withdrawal.status === 'close'
            ? 'Articles retirés de la commande et remis en stock\u00a0: rien à renvoyer, rien à rembourser (commande non payée).'
            : `Articles retirés de la commande et remis en stock\u00a0: rien à renvoyer. À rembourser\u00a0: ${amount}.`}
        </p>
      )}
      {!withdrawal.beforeShipping && withdrawal.status !== 'remboursee' && <p>À rembourser au retour des articles&nbsp;: {amount}.</p>}
      {withdrawal.returnedAt && <p>Articles retournés le {shopDayAndTime(withdrawal.returnedAt)}.</p>}
      {withdrawal.refundedAt && (
        <p>
          Remboursée le {shopDayAndTime(withdrawal.refundedAt)} ({amount}).
        </p>
      )}
      {refusal && (
        <p role="alert" className="admin-order-refusal" ref={refused} tabIndex={-1}>
          {refusal} La commande a été rechargée.
        </p>
      )}
      <div className="admin-order-actions">
        {withdrawal.status === 'recue' && (
          <button type="button" disabled={busy} onClick={() => void record(recordWithdrawalReturn)}>
            Enregistrer le retour des articles
          </button>
        )}
        {(withdrawal.status === 'retournee' || withdrawal.status === 'a-rembourser') && (
          <button type="button" disabled={busy} onClick={() => void record(recordWithdrawalRefund)}>
            Enregistrer le remboursement
          </button>
        )}
      </div>
    </article>
  );
}
