import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { changeOrderStatus } from '@/domain/order/change-order-status';
import type { Order } from '@/domain/order/order';
import { isPaid, nextSteps, ORDER_STATUS_LABELS, statusLabelOf, type OrderStatus } from '@/domain/order/order-status';
import { ORDER_REPOSITORY } from '@/ports/order-repository';
import { useService } from '../../../di/container-context';
import { useFocusAfter } from '../../../hooks/use-focus-after';
import { useNotify } from '../../../toast/toast-context';
import { REFUND_PERIOD_DAYS } from '@/domain/company';
import { formatCents } from '@/domain/price-format';
import { orderKeys } from '../../../query/query-keys';
import { dueTotals } from '@/domain/order/withdrawn-order';
import { quotedStatus } from '../../../format/status-label';

/**
 * A step's button, named as the order's path names the status it leads to: « Marquer comme
 * expédiée », « Marquer comme livrée et payée » (paid on delivery), « Marquer comme prête à
 * retirer », « Marquer comme retirée et payée » (paid at the shop). Never « payée »: the payment
 * provider alone confirms a card payment.
 */
export function actionLabel(order: Order, to: OrderStatus): string {
  return `Marquer comme ${statusLabelOf({ ...order, status: to })}`;
}

/**
 * The statuses the owner may move the order to along its path (ORDER_STEPS), each a button;
 * cancelling asks first. A change refused (another tab or device moved the order meanwhile) is
 * said in French, and the page fetches the order again. A card order waiting for its payment has
 * none: the provider confirms or gives it up.
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
      notify({ title: 'Statut mis à jour', description: `La commande ${order.number} est maintenant ${quotedStatus(result.value)}.` });
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
      {order.status === 'en-attente-paiement' ? (
        <p>
          Le prestataire de paiement confirmera le paiement par carte, ou l’abandonnera si le client ne paie pas&nbsp;: la commande changera alors de statut
          d’elle-même.
        </p>
      ) : next.length === 0 ? (
        <p>Une commande {quotedStatus(order)} ne change plus de statut.</p>
      ) : (
        <div className="admin-order-actions">
          {next.map((to) =>
            to === 'annulee' ? (
              <CancelOrderDialog key={to} order={order} busy={busy} onConfirm={() => change(to)} />
            ) : (
              <button key={to} type="button" disabled={busy} onClick={() => void change(to)}>
                {actionLabel(order, to)}
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
            La commande {order.number} passera à «&#8239;{ORDER_STATUS_LABELS.annulee}&#8239;». Ce statut est définitif.
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
 * What the owner owes the shopper once the order is cancelled: the shop's payment provider does
 * not refund by itself. An order paid on delivery or at the shop that can still be cancelled has
 * not been paid (it is paid when handed over): nothing to refund. Lines withdrawn before shipping
 * are refunded with their withdrawal, not here.
 */
function refundToMake(order: Order): string {
  const total = formatCents(dueTotals(order).totalCents);
  if (!isPaid(order)) return `Rien n’a encore été payé pour cette commande (${total} à régler à la remise des articles)\u00a0: il n’y a rien à rembourser.`;
  return order.payment.method === 'carte'
    ? `Le client a payé ${total} par carte${order.payment.last4 ? ` (se terminant par ${order.payment.last4})` : ''}\u00a0: remboursez-le depuis votre espace de paiement, sous ${REFUND_PERIOD_DAYS}\u00a0jours au plus. Le client en est informé sur la page de sa commande.`
    : `Le client a réglé ${total}\u00a0: remboursez-le sous ${REFUND_PERIOD_DAYS}\u00a0jours au plus.`;
}
