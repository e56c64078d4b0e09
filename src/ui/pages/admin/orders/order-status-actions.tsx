import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { changeOrderStatus } from '@/domain/order/change-order-status';
import type { Order } from '@/domain/order/order';
import { nextSteps, ORDER_STATUS_LABELS, type OrderStatus } from '@/domain/order/order-status';
import { ORDER_REPOSITORY } from '@/ports/order-repository';
import { useService } from '../../../di/container-context';
import { useFocusAfter } from '../../../hooks/use-focus-after';
import { useNotify } from '../../../toast/toast-context';
import { REFUND_PERIOD_DAYS } from '@/domain/company';
import { formatCents } from '@/domain/price-format';
import { orderKeys } from '../../../query/query-keys';
import { dueTotals } from '@/domain/order/withdrawn-order';

const quoted = (status: OrderStatus) => `«\u202f${ORDER_STATUS_LABELS[status]}\u202f»`;

const ACTION_LABELS: Readonly<Record<Exclude<OrderStatus, 'en-attente' | 'en-attente-paiement' | 'annulee'>, string>> = {
  payee: 'Marquer comme payée',
  prete: 'Marquer comme prête à retirer',
  expediee: 'Marquer comme expédiée',
  livree: 'Marquer comme livrée',
  retiree: 'Marquer comme retirée',
};

/**
 * The statuses the owner may move the order to along its path (ORDER_STEPS), each a button;
 * cancelling asks first. A change refused (another tab or device moved the order meanwhile) is
 * said in French, and the page fetches the order again.
 */
export function OrderStatusActions({ order }: { order: Order }) {
  const orders = useService(ORDER_REPOSITORY);
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const next = nextSteps(order);
  // The button pressed is disabled while it works, then replaced by the next status's buttons: the
  // focus goes to the section's title (the toast says the new status), or to why it was refused.
  const focusAfter = useFocusAfter();
  const heading = useRef<HTMLHeadingElement>(null);
  const refused = useRef<HTMLParagraphElement>(null);

  async function change(to: OrderStatus): Promise<void> {
    setBusy(true);
    setRefusal(null);
    const result = await changeOrderStatus({ orders }, { number: order.number, to });
    setBusy(false);
    if (result.ok) {
      queryClient.setQueryData(orderKeys.detail(order.number), result.value);
      notify({ title: 'Statut mis à jour', description: `La commande ${order.number} est maintenant ${quoted(result.value.status)}.` });
    } else {
      setRefusal(result.error.message);
    }
    focusAfter(
      () => refused.current,
      () => heading.current,
    );
    await queryClient.invalidateQueries({ queryKey: orderKeys.all });
  }

  return (
    <section aria-labelledby="titre-statut">
      <h2 id="titre-statut" ref={heading} tabIndex={-1}>
        Changer le statut
      </h2>
      {refusal && (
        <p role="alert" className="admin-order-refusal" ref={refused} tabIndex={-1}>
          {refusal} La commande a été rechargée&nbsp;: voici son statut actuel.
        </p>
      )}
      {next.length === 0 ? (
        <p>Une commande {quoted(order.status)} ne change plus de statut.</p>
      ) : (
        <div className="admin-order-actions">
          {next.map((to) =>
            to === 'annulee' ? (
              <CancelOrderDialog key={to} order={order} busy={busy} onConfirm={() => change(to)} />
            ) : (
              <button key={to} type="button" disabled={busy} onClick={() => void change(to)}>
                {ACTION_LABELS[to as keyof typeof ACTION_LABELS]}
              </button>
            ),
          )}
        </div>
      )}
    </section>
  );
}

/** « Annuler la commande » and its confirmation, in the browser's modal <dialog> (as the product delete). */
function CancelOrderDialog({ order, busy, onConfirm }: { order: Order; busy: boolean; onConfirm: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (open && !dialog.current?.open) dialog.current?.showModal();
  }, [open]);

  async function confirm() {
    await onConfirm();
    dialog.current?.close();
  }

  return (
    <>
      <button ref={opener} type="button" className="secondary" aria-haspopup="dialog" disabled={busy} onClick={() => setOpen(true)}>
        Annuler la commande
      </button>
      {open && (
        <dialog
          ref={dialog}
          className="admin-dialog"
          aria-labelledby="titre-annulation"
          aria-describedby="texte-annulation"
          onClose={() => {
            setOpen(false);
            opener.current?.focus();
          }}
        >
          <h2 id="titre-annulation">Annuler cette commande&nbsp;?</h2>
          <p id="texte-annulation">
            La commande {order.number} passera à {quoted('annulee')}. Ce statut est définitif.
          </p>
          <p>{refundToMake(order)}</p>
          <div className="actions">
            {/* The safe choice first, and focused: Enter alone never cancels. */}
            {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
            <button type="button" className="secondary" autoFocus onClick={() => dialog.current?.close()}>
              Garder la commande
            </button>
            <button type="button" className="danger" onClick={() => void confirm()} disabled={busy}>
              {busy ? 'Annulation…' : 'Annuler la commande'}
            </button>
          </div>
        </dialog>
      )}
    </>
  );
}

/**
 * What the owner owes the shopper once the order is cancelled: the shop's payment provider does not
 * refund by itself. Lines withdrawn before shipping are refunded with their withdrawal, not here.
 */
function refundToMake(order: Order): string {
  const total = formatCents(dueTotals(order).totalCents);
  return order.payment.method === 'carte'
    ? `Le client a payé ${total} par carte${order.payment.last4 ? ` (se terminant par ${order.payment.last4})` : ''}\u00a0: remboursez-le depuis votre espace de paiement, sous ${REFUND_PERIOD_DAYS}\u00a0jours au plus. Le client en est informé sur la page de sa commande.`
    : `Paiement à la livraison\u00a0: si le client a déjà réglé ${total}, remboursez-le sous ${REFUND_PERIOD_DAYS}\u00a0jours au plus.`;
}
