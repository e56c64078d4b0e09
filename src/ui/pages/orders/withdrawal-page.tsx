import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { Order } from '@/domain/order/order';
import { isOrderNumber } from '@/domain/order/order-number';
import { withdrawFromOrder } from '@/domain/order/withdraw-from-order';
import { remainingQuantities, WITHDRAWAL_LABELS, withdrawalWindow } from '@/domain/order/withdrawal';
import { withdrawalReturnInstructions } from '@/domain/order/withdrawal-acknowledgement';
import { formatCents } from '@/domain/price-format';
import { CLOCK } from '@/ports/clock';
import { ORDER_REPOSITORY } from '@/ports/order-repository';
import { useService } from '../../di/container-context';
import { ErrorSummary } from '../../components/error-summary';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useFocusAfter } from '../../hooks/use-focus-after';
import { useNoIndex } from '../../hooks/use-no-index';
import { orderQuery } from '../../query/order-query';
import { orderKeys } from '../../query/query-keys';
import { failureMessage, isFailure } from '../../query/result-query';
import { WithdrawalsReceived } from './order-withdrawal';
import './orders.css';
import { paths } from '@/domain/site-paths';

/**
 * `/commande/retractation/:numero`: the step after « Renoncer au contrat ici » (D. 221-5): the
 * withdrawals already received, then what remains of the order's lines to choose from, all or
 * some, then « Confirmer la rétractation »; then the acknowledgement of this one, with the date
 * and time in Paris, also sent by mail.
 */
export default function WithdrawalPage() {
  useNoIndex();
  const number = useParams().numero ?? '';
  const orders = useService(ORDER_REPOSITORY);
  const valid = isOrderNumber(number);
  const query = useQuery({ ...orderQuery(orders, number), enabled: valid, retry: false });
  const [done, setDone] = useState<{ order: Order; notice?: string } | null>(null);
  const missing = !valid || isFailure(query.error, 'not-found');
  useDocumentTitle(done ? 'Rétractation enregistrée' : `Rétractation${missing ? '' : ` · commande ${number}`}`);

  if (done) return <Acknowledged order={done.order} notice={done.notice} />;
  if (missing) {
    return (
      <section aria-labelledby="titre-retractation" className="checkout">
        <h1 id="titre-retractation">Commande introuvable</h1>
        <p>Nous ne trouvons pas de commande «&#x202f;{number}&#x202f;» passée depuis cet appareil.</p>
        <p>
          <Link to={paths.myOrders}>Mes commandes</Link>
        </p>
      </section>
    );
  }
  if (query.isError) {
    return (
      <section aria-labelledby="titre-retractation" className="checkout">
        <h1 id="titre-retractation">Rétractation</h1>
        <p role="alert">{failureMessage(query.error, 'La commande n’a pas pu être affichée.')}</p>
        <button type="button" onClick={() => void query.refetch()}>
          Réessayer
        </button>
      </section>
    );
  }
  if (!query.data)
    return (
      <p className="loading" role="status">
        Chargement de la commande…
      </p>
    );
  return <WithdrawalForm order={query.data} onDone={setDone} />;
}

function WithdrawalForm({ order, onDone }: { order: Order; onDone: (done: { order: Order; notice?: string }) => void }) {
  const orders = useService(ORDER_REPOSITORY);
  const clock = useService(CLOCK);
  const queryClient = useQueryClient();
  // How many of each line are withdrawn: 0 when not chosen.
  const [chosen, setChosen] = useState<number[]>(() => order.lines.map(() => 0));
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Refused (nothing ticked, the period over): the button was disabled while it asked; the focus
  // goes to why, framed as the checkout's refusals.
  const focusAfter = useFocusAfter();
  const summary = useRef<HTMLDivElement>(null);
  const period = withdrawalWindow(order, clock.now());
  // What remains of each line after the withdrawals already received: only that is offered.
  const left = remainingQuantities(order);

  async function confirm(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setRefusal(null);
    const lines = chosen.map((quantity, line) => ({ line, quantity })).filter((line) => line.quantity > 0);
    const result = await withdrawFromOrder({ orders, clock }, { number: order.number, lines });
    setBusy(false);
    if (!result.ok) {
      setRefusal(result.error.message);
      focusAfter(() => summary.current);
      return;
    }
    queryClient.setQueryData(orderKeys.detail(order.number), result.value);
    void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
    onDone({ order: result.value, notice: result.message });
  }

  const set = (index: number, quantity: number) => setChosen((current) => current.map((q, i) => (i === index ? quantity : q)));
  return (
    <section aria-labelledby="titre-retractation" className="checkout withdrawal">
      <h1 id="titre-retractation">
        Rétractation · commande <span className="order-number">{order.number}</span>
      </h1>
      {order.withdrawals.length > 0 && (
        <>
          <h2>{order.withdrawals.length === 1 ? 'Rétractation déjà reçue' : 'Rétractations déjà reçues'}</h2>
          <WithdrawalsReceived order={order} />
        </>
      )}
      {!period.open ? (
        <>
          <p data-testid="withdrawal-closed">{period.message}</p>
          <p>
            <Link to={paths.orderConfirmation(order.number)}>Retour à la commande</Link>
          </p>
        </>
      ) : (
        <form onSubmit={(event) => void confirm(event)} noValidate>
          <fieldset>
            <legend>Cochez les articles dont vous vous rétractez</legend>
            <ul className="withdrawal-lines">
              {order.lines.map((line, index) =>
                left[index]! <= 0 ? null : (
                  <li key={index}>
                    <label>
                      <input type="checkbox" checked={chosen[index]! > 0} onChange={(e) => set(index, e.target.checked ? left[index]! : 0)} />
                      {line.name} × {left[index]} ({formatCents(line.unitPriceCents * left[index]!)})
                    </label>
                    {left[index]! > 1 && chosen[index]! > 0 && (
                      <label className="withdrawal-quantity">
                        Quantité dont vous vous rétractez
                        <select value={chosen[index]} onChange={(e) => set(index, Number(e.target.value))}>
                          {Array.from({ length: left[index]! }, (_, i) => i + 1).map((n) => (
                            <option key={n} value={n}>
                              {n}
                            </option>
                          ))}
                        </select>
                      </label>
                    )}
                  </li>
                ),
              )}
            </ul>
          </fieldset>
          <p className="hint">
            Vous n’avez pas à justifier votre décision. Un accusé de réception vous sera envoyé à {order.contact.email}, avec la date et l’heure de votre
            rétractation.
          </p>
          {refusal && <ErrorSummary id="retractation-refus" title={refusal} ref={summary} />}
          <button type="submit" disabled={busy} aria-describedby={refusal ? 'retractation-refus' : undefined}>
            {busy ? 'Envoi…' : WITHDRAWAL_LABELS.confirm}
          </button>
          <p>
            <Link to={paths.orderConfirmation(order.number)}>Retour à la commande</Link>
          </p>
        </form>
      )}
    </section>
  );
}

/** The acknowledgement on the page: what was withdrawn, when, and where the mail went. */
function Acknowledged({ order, notice }: { order: Order; notice?: string }) {
  // The one just confirmed: the newest.
  const withdrawal = order.withdrawals.at(-1);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="titre-retractation" className="checkout withdrawal">
      <h1 id="titre-retractation" ref={heading} tabIndex={-1}>
        Votre rétractation est enregistrée
      </h1>
      <p>
        Commande <span className="order-number">{order.number}</span>
      </p>
      <WithdrawalsReceived order={order} only={withdrawal} />
      <p className="notice" data-testid="withdrawal-acknowledgement">
        {notice ?? `Un accusé de réception vous a été envoyé à ${order.contact.email}.`}
      </p>
      {withdrawal && <p data-testid="withdrawal-return">{withdrawalReturnInstructions(withdrawal)}</p>}
      <p>
        <Link to={paths.orderConfirmation(order.number)}>Retour à la commande</Link> · <Link to={paths.myOrders}>Mes commandes</Link>
      </p>
    </section>
  );
}
