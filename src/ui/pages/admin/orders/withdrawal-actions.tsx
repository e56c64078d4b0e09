import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Order } from '@/domain/order/order';
import { recordWithdrawalRefund } from '@/domain/order/record-withdrawal-refund';
import { recordWithdrawalReturn } from '@/domain/order/record-withdrawal-return';
import { WITHDRAWAL_STATUS_LABELS, withdrawnLinesOf } from '@/domain/order/withdrawal';
import { ORDER_REPOSITORY } from '@/ports/order-repository';
import { useService } from '../../../di/container-context';
import { orderKeys } from '../../../query/query-keys';
import { useNotify } from '../../../toast/toast-context';
import { shopDayAndTime } from '@/domain/shop-time';
import { capitalized } from '../../../format/status-label';

/**
 * The buyer's withdrawal, as the owner handles it: the lines withdrawn and when (Paris), then
 * « Articles retournés » once the goods are back, then « Remboursement effectué »; each button
 * only when WITHDRAWAL_TRANSITIONS allows it (the database refuses the others on Supabase).
 */
export function WithdrawalActions({ order }: { order: Order }) {
  const orders = useService(ORDER_REPOSITORY);
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const withdrawal = order.withdrawal;
  if (!withdrawal) return null;

  async function record(step: typeof recordWithdrawalReturn) {
    setBusy(true);
    setRefusal(null);
    const result = await step({ orders }, order.number);
    setBusy(false);
    if (result.ok) {
      queryClient.setQueryData(orderKeys.detail(order.number), result.value);
      notify({
        title: 'Rétractation mise à jour',
        description: `Commande ${order.number}\u00a0: ${WITHDRAWAL_STATUS_LABELS[result.value.withdrawal!.status]}.`,
      });
    } else {
      setRefusal(result.error.message);
    }
    await queryClient.invalidateQueries({ queryKey: orderKeys.all });
  }

  return (
    <section aria-labelledby="titre-retractation" className="admin-order-withdrawal">
      <h2 id="titre-retractation">Rétractation</h2>
      <p>
        Reçue le {shopDayAndTime(withdrawal.receivedAt)}. Statut&nbsp;:{' '}
        <strong data-testid="withdrawal-status">{capitalized(WITHDRAWAL_STATUS_LABELS[withdrawal.status])}</strong>
      </p>
      <ul aria-label="Articles dont le client se rétracte" data-testid="withdrawal-lines">
        {withdrawnLinesOf(order).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {withdrawal.returnedAt && <p>Articles retournés le {shopDayAndTime(withdrawal.returnedAt)}.</p>}
      {withdrawal.refundedAt && <p>Remboursée le {shopDayAndTime(withdrawal.refundedAt)}.</p>}
      {refusal && (
        <p role="alert" className="admin-order-refusal">
          {refusal} La commande a été rechargée.
        </p>
      )}
      <div className="admin-order-actions">
        {withdrawal.status === 'recue' && (
          <button type="button" disabled={busy} onClick={() => void record(recordWithdrawalReturn)}>
            Enregistrer le retour des articles
          </button>
        )}
        {withdrawal.status === 'retournee' && (
          <button type="button" disabled={busy} onClick={() => void record(recordWithdrawalRefund)}>
            Enregistrer le remboursement
          </button>
        )}
      </div>
    </section>
  );
}
