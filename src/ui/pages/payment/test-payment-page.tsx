import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { groupCardNumber } from '@/domain/order/payment-card';
import { PAYMENT_MESSAGES, type CardDetails } from '@/domain/order/payment';
import { TEST_CARDS, TEST_PAYMENT_MESSAGES } from '@/domain/order/test-cards';
import { formatCents } from '@/domain/price-format';
import { shopDayAndTime } from '@/domain/shop-time';
import { paths } from '@/domain/site-paths';
import { TEST_PAYMENT_DESK } from '@/ports/test-payment-desk';
import { useService } from '../../di/container-context';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useNoIndex } from '../../hooks/use-no-index';
import { orderKeys, testPaymentKeys } from '../../query/query-keys';
import { failureMessage, valueOf } from '../../query/result-query';
import '../checkout/checkout.css';
import type { ConfirmationState } from '../orders/order-payment';
import './test-payment.css';

const NO_CARD: CardDetails = { number: '', expiry: '', code: '' };

const ANSWERS: Readonly<Record<string, string>> = {
  accepted: 'paiement accepté',
  declined: 'paiement refusé par la banque',
  'insufficient-funds': 'provision insuffisante',
};

/**
 * `/paiement-test/:session`: the local backend's stand-in for a payment provider's hosted page.
 * Plainly a test page: nothing is charged, only the test cards are taken. « Payer » with an
 * accepted card records the payment as the provider would, then goes back to the order's page.
 */
export default function TestPaymentPage() {
  useDocumentTitle('Paiement de test');
  useNoIndex();
  const id = useParams().session ?? '';
  const desk = useService(TEST_PAYMENT_DESK);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: testPaymentKeys.session(id), queryFn: async () => valueOf(await desk.session(id)), retry: false });
  const [card, setCard] = useState<CardDetails>(NO_CARD);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  // The session ran out as « Payer » was pressed: the order is cancelled by then, and the page says why.
  const [expired, setExpired] = useState(false);
  const numberField = useRef<HTMLInputElement>(null);
  const session = query.data;
  const state = expired ? 'expired' : session?.state;

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (paying || !session) return;
    setPaying(true);
    const paid = await desk.pay(id, card);
    setPaying(false);
    void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    // Back to the shop, as the provider sends the shopper back: the order's page, thanking for it.
    const back: ConfirmationState = { placed: true };
    if (paid.ok) return navigate(paths.orderConfirmation(paid.value.number), { replace: true, state: back });
    if (paid.error.code === 'payment-expired') setExpired(true);
    if (paid.error.code === 'payment-expired' || paid.error.code === 'not-payable') return void query.refetch();
    // A card refused: the shopper reads why and tries another, starting from the number.
    setRefusal(paid.error.message);
    numberField.current?.focus();
  }

  return (
    <section aria-labelledby="titre-paiement-test" className="test-payment">
      <p className="test-payment__banner" role="note">
        <strong>Page de test&nbsp;: aucun paiement réel n’est effectué.</strong> Elle tient la place de la page sécurisée d’un prestataire de paiement (Stripe
        par exemple), qui seule voit la carte. Seules les cartes de test ci-dessous sont acceptées.
      </p>
      <h1 id="titre-paiement-test">Paiement de test</h1>
      {query.isPending ? (
        <p className="loading" role="status">
          Chargement du paiement…
        </p>
      ) : query.isError || !session ? (
        <>
          <p role="alert">{failureMessage(query.error, TEST_PAYMENT_MESSAGES.unknownSession)}</p>
          <p>
            <Link to={paths.myOrders}>Mes commandes</Link> · <Link to={paths.shop}>Retour à la boutique</Link>
          </p>
        </>
      ) : (
        <>
          <dl className="test-payment__order">
            <dt>Commande</dt>
            <dd className="order-number">{session.number}</dd>
            <dt>Montant</dt>
            <dd data-testid="test-payment-amount">{formatCents(session.totalCents)}</dd>
          </dl>
          {state === 'expired' && (
            <>
              <p role="alert">{TEST_PAYMENT_MESSAGES.expired}</p>
              <p>
                <Link to={paths.orderConfirmation(session.number)}>Voir ma commande</Link>
              </p>
            </>
          )}
          {state === 'done' && (
            <>
              <p role="status">{PAYMENT_MESSAGES.notPayable}</p>
              <p>
                <Link to={paths.orderConfirmation(session.number)}>Voir ma commande</Link>
              </p>
            </>
          )}
          {state === 'open' && (
            <>
              <p className="hint">Cette page de paiement reste ouverte jusqu’au {shopDayAndTime(session.expiresAt)}.</p>
              <form noValidate onSubmit={(event) => void pay(event)} className="stack test-payment__form" aria-labelledby="titre-carte">
                <h2 id="titre-carte">Votre carte</h2>
                {refusal && (
                  <p role="alert" className="field-error" id="paiement-test-refus">
                    {refusal}
                  </p>
                )}
                <div className="checkout-field">
                  <label htmlFor="paiement-test-numero">Numéro de carte</label>
                  <input
                    ref={numberField}
                    id="paiement-test-numero"
                    inputMode="numeric"
                    autoComplete="off"
                    value={card.number}
                    onChange={(event) => setCard({ ...card, number: groupCardNumber(event.target.value) })}
                    aria-describedby={refusal ? 'paiement-test-refus' : undefined}
                  />
                </div>
                <div className="checkout-field">
                  <label htmlFor="paiement-test-expiration">Date d’expiration (MM/AA)</label>
                  <input
                    id="paiement-test-expiration"
                    inputMode="numeric"
                    autoComplete="off"
                    placeholder="MM/AA"
                    value={card.expiry}
                    onChange={(event) => setCard({ ...card, expiry: event.target.value })}
                  />
                </div>
                <div className="checkout-field">
                  <label htmlFor="paiement-test-code">Code de sécurité</label>
                  <input
                    id="paiement-test-code"
                    inputMode="numeric"
                    autoComplete="off"
                    value={card.code}
                    onChange={(event) => setCard({ ...card, code: event.target.value })}
                  />
                </div>
                <div className="checkout-nav">
                  <button type="submit" disabled={paying}>
                    {paying ? 'Paiement en cours…' : 'Payer'}
                  </button>
                  <Link to={paths.orderPaymentCancelled(session.number)}>Annuler et revenir à la boutique</Link>
                </div>
              </form>
              <TestCards />
            </>
          )}
        </>
      )}
    </section>
  );
}

/** The test cards the simulated bank knows, and what it answers for each. */
function TestCards() {
  return (
    <section className="test-payment__cards" aria-labelledby="titre-cartes-test">
      <h2 id="titre-cartes-test">Cartes de test</h2>
      <p>Avec une date d’expiration à venir et un code de 3&nbsp;chiffres&nbsp;:</p>
      <ul>
        {Object.entries(TEST_CARDS).map(([digits, answer]) => (
          <li key={digits}>
            <code>{groupCardNumber(digits)}</code>&nbsp;: {ANSWERS[answer]}
          </li>
        ))}
      </ul>
    </section>
  );
}
