import { readCheckoutForm, type CheckoutField } from '@/domain/order/checkout-form';
import type { CheckoutDraft } from '@/domain/order/checkout-draft';
import { paths } from '@/domain/site-paths';

/** Every field of the checkout, in the order the steps show them. */
export type CheckoutFieldKey = CheckoutField | 'paymentMethod';
export type CheckoutErrors = Partial<Record<CheckoutFieldKey, string>>;

const PAYMENT_METHOD_REQUIRED = 'Choisissez un mode de paiement.';

export interface CheckoutStep {
  /** The step's address: /commande/<slug> (the first is /commande itself). */
  slug: string;
  title: string;
  fields: readonly CheckoutFieldKey[];
}

// The delivery method comes before the address: a pickup at the shop asks none.
export const CHECKOUT_STEPS: readonly CheckoutStep[] = [
  { slug: 'contact', title: 'Contact', fields: ['name', 'email', 'phone'] },
  { slug: 'livraison', title: 'Mode de livraison', fields: ['deliveryMethod', 'relayPoint'] },
  { slug: 'adresse', title: 'Adresse de livraison', fields: ['street', 'postalCode', 'city', 'country'] },
  { slug: 'paiement', title: 'Paiement', fields: ['paymentMethod'] },
  { slug: 'recapitulatif', title: 'Récapitulatif', fields: [] },
];

export const REVIEW_STEP = CHECKOUT_STEPS.length - 1;
export const ADDRESS_STEP = CHECKOUT_STEPS.findIndex((step) => step.slug === 'adresse');
export const DELIVERY_STEP = CHECKOUT_STEPS.findIndex((step) => step.slug === 'livraison');
export const PAYMENT_STEP = CHECKOUT_STEPS.findIndex((step) => step.slug === 'paiement');

/** Whether a step asks anything of this draft: the address step asks nothing of a pickup at the shop. */
export function stepApplies(index: number, draft: Pick<CheckoutDraft, 'form'>): boolean {
  return !(index === ADDRESS_STEP && draft.form.deliveryMethod === 'retrait-boutique');
}

/** The step after `index` (before it, with `direction` -1) that asks something of this draft. */
export function neighbourStep(index: number, draft: Pick<CheckoutDraft, 'form'>, direction: 1 | -1): number {
  let next = index + direction;
  while (next > 0 && next < REVIEW_STEP && !stepApplies(next, draft)) next += direction;
  return next;
}

export function stepPath(index: number): string {
  return paths.checkout(index === 0 ? undefined : CHECKOUT_STEPS[index]!.slug);
}

/** The index of the step at `/commande/<slug>`; -1 for an address that is no step. */
export function stepIndexOf(slug: string | undefined): number {
  if (slug === undefined) return 0;
  return CHECKOUT_STEPS.findIndex((step) => step.slug === slug);
}

/** Every wrong field of the whole checkout with its French message. No card is asked: the provider's page takes it. */
export function checkoutErrors(draft: CheckoutDraft): CheckoutErrors {
  const form = readCheckoutForm(draft.form);
  const errors: CheckoutErrors = form.ok ? {} : { ...form.errors };
  if (draft.paymentMethod === '') errors.paymentMethod = PAYMENT_METHOD_REQUIRED;
  return errors;
}

/** The errors of one step only. */
export function errorsOfStep(errors: CheckoutErrors, index: number): CheckoutErrors {
  const fields = CHECKOUT_STEPS[index]?.fields ?? [];
  return Object.fromEntries(fields.filter((field) => errors[field]).map((field) => [field, errors[field]]));
}

/** The first step with a wrong field: where a shopper entering a later step is sent. The review when none. */
export function firstInvalidStep(errors: CheckoutErrors): number {
  const index = CHECKOUT_STEPS.findIndex((step) => step.fields.some((field) => errors[field]));
  return index === -1 ? REVIEW_STEP : index;
}

/** The field ids of the page: a label's `for`, the error summary's links, the focus. */
export const fieldId = (field: CheckoutFieldKey) => `commande-${field}`;
export const errorId = (field: CheckoutFieldKey) => `commande-${field}-erreur`;
