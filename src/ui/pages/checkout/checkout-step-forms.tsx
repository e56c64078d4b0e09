import type { CheckoutFormInput } from '@/domain/order/checkout-form';
import { COMPANY } from '@/domain/company';
import { DELIVERY_METHOD_LABELS, DELIVERY_METHODS, FREE_DELIVERY_THRESHOLD_CENTS, isDeliveryMethod, type DeliveryMethod } from '@/domain/order/order-constants';
import type { OrderRelayPoint } from '@/domain/order/relay-point';
import { DELIVERY_AREA_SENTENCE } from '@/domain/order/postal-code';
import { deliveryFeeCents } from '@/domain/order/order-totals';
import { formatCents } from '@/domain/price-format';
import { paymentMethodLabel, PAYMENT_METHODS, type PaymentMethod } from '@/domain/order/payment';
import { FieldError, invalidProps, TextField } from './checkout-field';
import { RelayPointChooser } from './checkout-relay-points';
import { fieldId, type CheckoutErrors } from './checkout-steps';

interface FormStepProps {
  form: CheckoutFormInput;
  errors: CheckoutErrors;
  set: (field: keyof CheckoutFormInput, value: string) => void;
}

export function ContactStep({ form, errors, set }: FormStepProps) {
  return (
    <>
      <TextField
        field="name"
        label="Nom et prénom"
        autoComplete="name"
        value={form.name}
        error={errors.name}
        onChange={(v) => set('name', v)}
        hint="Le destinataire du colis, ou la personne qui retire la commande."
      />
      <TextField
        field="email"
        label="Adresse email"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={form.email}
        error={errors.email}
        onChange={(v) => set('email', v)}
        hint="Pour vous tenir au courant de votre commande."
      />
      <TextField
        field="phone"
        label="Téléphone (facultatif)"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        value={form.phone}
        error={errors.phone}
        onChange={(v) => set('phone', v)}
        hint="Un numéro français, par exemple 06 12 34 56 78."
      />
    </>
  );
}

export function AddressStep({ form, errors, set }: FormStepProps) {
  return (
    <>
      {/* Said before anything is typed (issue 42, item 5), not only once a code is refused. */}
      <p className="hint" data-testid="delivery-area">
        {DELIVERY_AREA_SENTENCE}
      </p>
      {form.deliveryMethod === 'point-relais' && (
        <p className="hint">Votre propre adresse, que le transporteur peut demander. Le colis, lui, part au point relais choisi.</p>
      )}
      <TextField
        field="street"
        label="Adresse"
        autoComplete="address-line1"
        value={form.street}
        error={errors.street}
        onChange={(v) => set('street', v)}
        hint="Numéro, rue, et si besoin bâtiment ou étage."
      />
      <TextField
        field="postalCode"
        label="Code postal"
        autoComplete="postal-code"
        inputMode="numeric"
        value={form.postalCode}
        error={errors.postalCode}
        onChange={(v) => set('postalCode', v)}
        hint="5 chiffres, par exemple 75011."
        className="checkout-short"
      />
      <TextField field="city" label="Ville" autoComplete="address-level2" value={form.city} error={errors.city} onChange={(v) => set('city', v)} />
      {/* The country's name as text (autocomplete « country-name »: « country » would fill a code such as FR). */}
      <TextField
        field="country"
        label="Pays"
        autoComplete="country-name"
        value={form.country}
        error={errors.country}
        onChange={(v) => set('country', v)}
        hint="France ou Monaco."
      />
    </>
  );
}

const DELIVERY_DETAILS: Readonly<Record<DeliveryMethod, string>> = {
  domicile: `${COMPANY.shipping.carrier}, livrée chez vous en ${COMPANY.shipping.deliveryWorkingDays}\u00a0jours ouvrés après l’expédition.`,
  'point-relais': 'Livrée dans le point relais de votre choix, à chercher par code postal.',
  'retrait-boutique': `À retirer à la boutique, ${COMPANY.address}. Aucune adresse à saisir.`,
};

/** « plus que X € » below the threshold; once there, whether the cart reaches it or goes past it. */
function FreeDeliveryHint({ subtotalCents }: { subtotalCents: number }) {
  const missing = FREE_DELIVERY_THRESHOLD_CENTS - subtotalCents;
  const threshold = formatCents(FREE_DELIVERY_THRESHOLD_CENTS);
  return (
    <p className="hint" id="commande-livraison-offerte">
      {missing > 0
        ? `Plus que ${formatCents(missing)} d’achats pour la livraison offerte à domicile ou en point relais (dès ${threshold}).`
        : `Votre panier ${missing === 0 ? 'atteint' : 'dépasse'} ${threshold}\u00a0: livraison offerte à domicile et en point relais.`}
    </p>
  );
}

interface DeliveryStepProps extends FormStepProps {
  subtotalCents: number;
  setRelayPoint: (point: OrderRelayPoint | null) => void;
}

export function DeliveryStep({ form, errors, set, subtotalCents, setRelayPoint }: DeliveryStepProps) {
  return (
    <>
      <DeliveryMethods form={form} errors={errors} set={set} subtotalCents={subtotalCents} />
      {form.deliveryMethod === 'point-relais' && <RelayPointChooser chosen={form.relayPoint} error={errors.relayPoint} choose={setRelayPoint} />}
    </>
  );
}

function DeliveryMethods({ form, errors, set, subtotalCents }: FormStepProps & { subtotalCents: number }) {
  const error = errors.deliveryMethod;
  return (
    <fieldset className="checkout-choices" {...invalidProps('deliveryMethod', error, 'commande-livraison-offerte')}>
      {/* The step's title says it already; the legend names the group for screen readers. */}
      <legend className="visually-hidden">Mode de livraison</legend>
      <FreeDeliveryHint subtotalCents={subtotalCents} />
      {DELIVERY_METHODS.map((method, i) => {
        const fee = deliveryFeeCents(method, subtotalCents);
        return (
          <label key={method} className="checkout-choice">
            <input
              type="radio"
              name="deliveryMethod"
              value={method}
              id={i === 0 ? fieldId('deliveryMethod') : undefined}
              checked={form.deliveryMethod === method}
              onChange={() => set('deliveryMethod', method)}
            />
            <span>
              <span className="checkout-choice__name">{DELIVERY_METHOD_LABELS[method]}</span> — {fee === 0 ? 'offerte' : formatCents(fee)}
              <span className="hint checkout-choice__detail">{DELIVERY_DETAILS[method]}</span>
            </span>
          </label>
        );
      })}
      <FieldError field="deliveryMethod" error={error} />
    </fieldset>
  );
}

interface PaymentStepProps {
  method: PaymentMethod | '';
  deliveryMethod: string;
  errors: CheckoutErrors;
  setMethod: (method: PaymentMethod) => void;
}

function paymentDetail(method: PaymentMethod, delivery: DeliveryMethod | ''): string {
  if (method === 'carte')
    return 'Visa ou Mastercard, sur la page sécurisée de notre prestataire de paiement, juste après la commande. Nous ne voyons jamais le numéro de votre carte.';
  return delivery === 'retrait-boutique' ? 'Vous réglez en boutique, quand vous retirez votre commande.' : 'Vous réglez à la réception du colis.';
}

export function PaymentStep({ method, deliveryMethod, errors, setMethod }: PaymentStepProps) {
  const error = errors.paymentMethod;
  const delivery = isDeliveryMethod(deliveryMethod) ? deliveryMethod : '';
  return (
    <fieldset className="checkout-choices" {...invalidProps('paymentMethod', error)}>
      <legend>Mode de paiement</legend>
      {PAYMENT_METHODS.map((m, i) => (
        <label key={m} className="checkout-choice">
          <input
            type="radio"
            name="paymentMethod"
            value={m}
            id={i === 0 ? fieldId('paymentMethod') : undefined}
            checked={method === m}
            onChange={() => setMethod(m)}
          />
          <span className="checkout-choice__name">
            {paymentMethodLabel(m, delivery)}
            <span className="hint checkout-choice__detail">{paymentDetail(m, delivery)}</span>
          </span>
        </label>
      ))}
      <FieldError field="paymentMethod" error={error} />
    </fieldset>
  );
}
