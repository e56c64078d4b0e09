import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { orderLinesFromCart } from '@/domain/order/checkout-draft';
import { readCheckoutForm, type CheckoutFormInput } from '@/domain/order/checkout-form';
import { placeOrder } from '@/domain/order/place-order';
import type { Failure } from '@/domain/result';
import { computeTotals, toCents } from '@/domain/order/order-totals';
import { STANDARD_VAT_RATE } from '@/domain/vat-rate';
import { exceedsUnitsPerOrder, TOO_MANY_UNITS } from '@/domain/order/order-constants';
import type { PaymentMethod } from '@/domain/order/payment';
import type { OrderRelayPoint } from '@/domain/order/relay-point';
import { KEY_VALUE_STORE } from '@/ports/key-value-store';
import { ORDER_REPOSITORY } from '@/ports/order-repository';
import { PAYMENT_GATEWAY } from '@/ports/payment-gateway';
import { useService } from '../../di/container-context';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useNoIndex } from '../../hooks/use-no-index';
import { useCartReview } from '../../hooks/use-cart-review';
import { useNotify } from '../../toast/toast-context';
import { catalogueKeys, orderKeys } from '../../query/query-keys';
import { CheckoutReview, type PlaceRefusal } from './checkout-review';
import { AddressStep, ContactStep, DeliveryStep, PaymentStep } from './checkout-step-forms';
import { CheckoutStepper } from './checkout-stepper';
import {
  ADDRESS_STEP,
  CHECKOUT_STEPS,
  checkoutErrors,
  DELIVERY_STEP,
  errorsOfStep,
  fieldId,
  firstInvalidStep,
  neighbourStep,
  PAYMENT_STEP,
  REVIEW_STEP,
  stepApplies,
  stepIndexOf,
  stepPath,
  type CheckoutFieldKey,
} from './checkout-steps';
import { useCheckoutDraft } from './use-checkout-draft';
import { goToPaymentPage, type ConfirmationState } from '../orders/order-payment';
import './checkout.css';
import { paths } from '@/domain/site-paths';

const FIELD_LABELS: Readonly<Record<CheckoutFieldKey, string>> = {
  email: 'Adresse email',
  phone: 'Téléphone',
  name: 'Nom et prénom',
  street: 'Adresse',
  postalCode: 'Code postal',
  city: 'Ville',
  country: 'Pays',
  deliveryMethod: 'Mode de livraison',
  relayPoint: 'Point relais',
  paymentMethod: 'Mode de paiement',
};

export const OFFLINE_REFUSAL = {
  message: 'Vous êtes hors ligne, ou le serveur de la boutique ne répond pas\u00a0: votre commande n’a pas été passée.',
  detail: 'Tout ce que vous avez saisi est conservé, votre panier aussi. Réessayez dès que la connexion est revenue.',
} as const;

/** `/commande` and `/commande/:etape`: the checkout, one step at a time. */
export default function CheckoutPage() {
  useDocumentTitle('Commande');
  useNoIndex();
  const { etape } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { cart, items: stored, review } = useCartReview();
  // What can be ordered: the catalogue's answer, at every step (a product sold out or deleted
  // meanwhile is left out, a changed price shows), not only at « Commander ».
  const ordered = review.lines.filter((line) => line.state === 'buyable' || line.state === 'unchecked');
  const items = ordered.map((line) => line.item);
  const excluded = review.lines.filter((line) => line.state === 'sold-out' || line.state === 'gone');
  const store = useService(KEY_VALUE_STORE);
  const payments = useService(PAYMENT_GATEWAY);
  const orders = useService(ORDER_REPOSITORY);
  const { draft, setDraft, saved, forget } = useCheckoutDraft(store);
  // The fields whose messages show: those of a step the shopper tried to leave (they then follow the typing).
  const [attempted, setAttempted] = useState<ReadonlySet<CheckoutFieldKey>>(new Set());
  const [focusRequest, setFocusRequest] = useState(0);
  const [placing, setPlacing] = useState(false);
  // Why « Commander » failed, shown on the history entry where it was pressed (not after the shopper went to fix it).
  const [refusal, setRefusal] = useState<(PlaceRefusal & { entry: string }) | null>(null);
  const shownRefusal = refusal?.entry === location.key ? refusal : null;
  const [placed, setPlaced] = useState(false);
  // The history entry where the shopper changed something: « Complétez d'abord… » has then been read.
  const [editedOn, setEditedOn] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const index = stepIndexOf(etape);
  const previousIndex = useRef(index);

  const errors = checkoutErrors(draft);
  const stepErrors = errorsOfStep(errors, index);
  const shown = Object.fromEntries(Object.entries(stepErrors).filter(([field]) => attempted.has(field as CheckoutFieldKey)));
  const listed = (CHECKOUT_STEPS[index]?.fields ?? []).filter((field) => shown[field]);

  // A new step: its title takes the focus, so a screen reader says where the shopper is.
  useEffect(() => {
    if (previousIndex.current === index) return;
    previousIndex.current = index;
    headingRef.current?.focus();
  }, [index]);

  // After a refused « Continuer », once the messages are on screen: the first field to fix.
  useEffect(() => {
    if (focusRequest === 0) return;
    const first = listed[0];
    if (first) document.getElementById(fieldId(first))?.focus();
    // Only a new attempt moves the focus, not every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  useEffect(() => {
    if (refusal) document.getElementById('commande-refus')?.focus();
  }, [refusal]);

  if (placed) return null;
  if (index === -1) return <Navigate to={stepPath(0)} replace />;

  const title = CHECKOUT_STEPS[index]!.title;
  // The order is being placed and the cart already emptied: the confirmation comes next.
  if (items.length === 0 && placing)
    return (
      <p className="loading" role="status">
        Commande en cours…
      </p>
    );
  if (items.length === 0 && stored.length > 0) {
    return (
      <section aria-labelledby="titre-commande" className="checkout">
        <h1 id="titre-commande">Commande</h1>
        <div className="empty-state">
          <p>Les articles de votre panier ne sont plus disponibles&nbsp;: il n’y a rien à commander pour le moment.</p>
          <Link to={paths.cart} className="button-link">
            Voir le panier
          </Link>
        </div>
      </section>
    );
  }
  if (items.length === 0) {
    return (
      <section aria-labelledby="titre-commande" className="checkout">
        <h1 id="titre-commande">Commande</h1>
        <div className="empty-state">
          <p>Votre panier est vide&nbsp;: ajoutez des articles avant de passer commande.</p>
          <Link to={paths.shop} className="button-link">
            Découvrir la boutique
          </Link>
        </div>
      </section>
    );
  }

  if (exceedsUnitsPerOrder(items)) {
    return (
      <section aria-labelledby="titre-commande" className="checkout">
        <h1 id="titre-commande">Commande</h1>
        <div className="empty-state">
          <p className="warning" data-testid="checkout-too-many-units">
            {TOO_MANY_UNITS}
          </p>
          <Link to={paths.cart} className="button-link">
            Modifier le panier
          </Link>
        </div>
      </section>
    );
  }

  // A step is entered only once every step before it is right: otherwise, the first that is not.
  const firstInvalid = firstInvalidStep(errors);
  if (index > firstInvalid) return <Navigate to={stepPath(firstInvalid)} replace state={{ sentBack: true }} />;
  // A pickup at the shop has no address to ask: its step leads on to the payment.
  if (!stepApplies(index, draft)) return <Navigate to={stepPath(neighbourStep(index, draft, 1))} replace />;
  const sentBack = (location.state as { sentBack?: boolean } | null)?.sentBack === true && editedOn !== location.key;

  // Each line at its product's VAT rate, which only the catalogue knows (a cart line does not keep it).
  const subtotalLines = ordered.map(({ item, product }) => ({
    unitPriceCents: toCents(item.price),
    quantity: item.quantity,
    vatRate: product?.vatRate ?? STANDARD_VAT_RATE,
  }));
  const vatPending = ordered.some((line) => line.product === null);
  const set = (field: keyof CheckoutFormInput, value: string) => {
    setEditedOn(location.key);
    setDraft((d) => ({ ...d, form: { ...d.form, [field]: value } }));
  };
  const setRelayPoint = (relayPoint: OrderRelayPoint | null) => {
    setEditedOn(location.key);
    setDraft((d) => ({ ...d, form: { ...d.form, relayPoint } }));
  };
  const setMethod = (paymentMethod: PaymentMethod) => {
    setEditedOn(location.key);
    setDraft((d) => ({ ...d, paymentMethod }));
  };

  function next(event: FormEvent) {
    event.preventDefault();
    const fields = CHECKOUT_STEPS[index]!.fields;
    if (fields.some((field) => stepErrors[field])) {
      setAttempted((current) => new Set([...current, ...fields]));
      setFocusRequest((n) => n + 1);
      return;
    }
    navigate(stepPath(neighbourStep(index, draft, 1)));
  }

  function focusField(event: MouseEvent, field: CheckoutFieldKey) {
    event.preventDefault();
    document.getElementById(fieldId(field))?.focus();
  }

  async function place() {
    const read = readCheckoutForm(draft.form);
    if (!read.ok || draft.paymentMethod === '' || placing) return;
    const totals = computeTotals(subtotalLines, read.value.deliveryMethod);
    setPlacing(true);
    setRefusal(null);
    const submission = { details: read.value, lines: orderLinesFromCart(items), paymentMethod: draft.paymentMethod, amountCents: totals.totalCents };
    const result = await placeOrder({ payments, orders, cart }, submission);
    setPlacing(false);
    if (!result.ok) {
      // A price changed since the review was shown: the catalogue is read again, and the review shows the new total.
      if (result.error.code === 'price-changed') void queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
      return setRefusal({ ...refusalOf(result), entry: location.key });
    }
    setPlaced(true);
    forget();
    const { order, payment } = result.value;
    // The confirmation page shows the order as placed at once; every list of orders (this
    // device's, the back office's and its figures) is read again.
    queryClient.setQueryData(orderKeys.detail(order.number), order);
    void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
    if (result.message) notify({ title: result.message, variant: 'destructive' });
    // A card: on to the provider's page. Where it could not start, the order's page says why and offers to start again.
    if (payment?.ok) return goToPaymentPage(payment.value.url, navigate);
    const state: ConfirmationState = { placed: true, ...(payment && { paymentFailure: payment.error.message }) };
    navigate(paths.orderConfirmation(order.number), { state });
  }

  const read = readCheckoutForm(draft.form);
  return (
    <section aria-labelledby="titre-commande" className="checkout">
      <h1 id="titre-commande">Commande</h1>
      <CheckoutStepper current={index} reachable={firstInvalid} applies={(i) => stepApplies(i, draft)} />
      <h2 id="titre-etape" ref={headingRef} tabIndex={-1}>
        <span className="visually-hidden">
          Étape {index + 1} sur {CHECKOUT_STEPS.length}&nbsp;:
        </span>{' '}
        {title}
      </h2>
      {excluded.length > 0 && (
        <p className="warning" data-testid="checkout-excluded">
          {excluded.map((line) => `«\u202f${line.item.name}\u202f» ${line.state === 'gone' ? 'n’est plus en vente' : 'est épuisé'}`).join(', ')}
          &nbsp;: {excluded.length > 1 ? 'ils ne sont pas compris' : 'il n’est pas compris'} dans votre commande. <Link to={paths.cart}>Voir le panier</Link>
        </p>
      )}
      {sentBack && <p className="warning checkout-sent-back">Complétez d’abord cette étape pour continuer votre commande.</p>}
      {!saved && <p className="hint">Vos saisies ne peuvent pas être gardées sur cet appareil&nbsp;: elles restent le temps de cette visite.</p>}
      {listed.length > 0 && (
        <div className="error-summary" role="group" aria-labelledby="titre-resume-erreurs">
          <h2 id="titre-resume-erreurs">Corrigez {listed.length > 1 ? 'ces champs' : 'ce champ'} pour continuer&nbsp;:</h2>
          <ul>
            {listed.map((field) => (
              <li key={field}>
                <a href={`#${fieldId(field)}`} onClick={(event) => focusField(event, field)}>
                  {FIELD_LABELS[field]}&nbsp;: {shown[field]}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {index === REVIEW_STEP && read.ok && draft.paymentMethod !== '' ? (
        <CheckoutReview
          items={items}
          details={read.value}
          paymentMethod={draft.paymentMethod}
          totals={computeTotals(subtotalLines, read.value.deliveryMethod)}
          vatPending={vatPending}
          placing={placing}
          refusal={shownRefusal}
          onPlace={() => void place()}
        />
      ) : (
        <form noValidate onSubmit={next} className="stack checkout-form" aria-labelledby="titre-etape">
          {index === 0 && <ContactStep form={draft.form} errors={shown} set={set} />}
          {index === DELIVERY_STEP && (
            <DeliveryStep
              form={draft.form}
              errors={shown}
              set={set}
              setRelayPoint={setRelayPoint}
              subtotalCents={subtotalLines.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0)}
            />
          )}
          {index === ADDRESS_STEP && <AddressStep form={draft.form} errors={shown} set={set} />}
          {index === PAYMENT_STEP && (
            <PaymentStep method={draft.paymentMethod} deliveryMethod={draft.form.deliveryMethod} errors={shown} setMethod={setMethod} />
          )}
          <div className="checkout-nav">
            <button type="submit">Continuer</button>
            {index === 0 ? (
              <Link to={paths.cart}>Retour au panier</Link>
            ) : (
              <Link to={stepPath(neighbourStep(index, draft, -1))}>Retour à l’étape précédente</Link>
            )}
          </div>
        </form>
      )}
    </section>
  );

  function refusalOf({ error: { code, message } }: Failure): PlaceRefusal {
    if (code === 'network') return { message: OFFLINE_REFUSAL.message, detail: OFFLINE_REFUSAL.detail };
    if (code === 'out-of-stock' || code === 'product-unavailable' || code === 'empty-cart' || code === 'order-too-large')
      return { message, fix: { to: paths.cart, label: 'Modifier le panier' } };
    return { message };
  }
}
