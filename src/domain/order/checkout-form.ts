import { isValidEmail, normalizeEmail } from '../newsletter/subscriber';
import { MESSAGES } from '../messages';
import { isDeliveryMethod, type DeliveryMethod } from './order-constants';
import { DELIVERY_AREA, NOT_DELIVERED_REASON, isDeliveredPostalCode, isOverseasPostalCode, MONACO, normalizePostalCode, zoneOf } from './postal-code';
import { isValidOrderRelayPoint, RELAY_POINT_MESSAGES, toOrderRelayPoint, type OrderRelayPoint } from './relay-point';

export { isDeliveredPostalCode, normalizePostalCode } from './postal-code';

/** Who the order is for, and how to reach them about it. */
export interface OrderContact {
  /** Who receives the parcel, or collects the order at the shop. */
  name: string;
  /** Lower case. */
  email: string;
  /** +33 then 9 digits (E.164), or null when none was given. */
  phone: string | null;
}

/** Where a parcel goes (home delivery), or the shopper's own address (relay point). */
interface DeliveryAddress {
  street: string;
  /** 5 digits. */
  postalCode: string;
  city: string;
  country: ShippingCountry;
}

/** The checkout's details once every field is valid. */
export interface CheckoutDetails {
  contact: OrderContact;
  /** Null for « Retrait en boutique »: nothing is sent, no address is asked nor kept. */
  address: DeliveryAddress | null;
  deliveryMethod: DeliveryMethod;
  /** The point chosen, for « Point relais » only; null for the other methods. */
  relayPoint: OrderRelayPoint | null;
}

/** The checkout form's fields as typed. */
export interface CheckoutFormInput {
  email: string;
  phone: string;
  name: string;
  street: string;
  postalCode: string;
  city: string;
  /** Pre-filled with « France »; blank means France too. */
  country: string;
  /** A DeliveryMethod, or '' when none is chosen yet. */
  deliveryMethod: string;
  /** The relay point chosen in the list (« Point relais »), or null. */
  relayPoint: OrderRelayPoint | null;
}

export type CheckoutField = keyof CheckoutFormInput;
type CheckoutFieldErrors = Partial<Record<CheckoutField, string>>;

/**
 * The countries delivered: France (metropolitan France and Corsica, not overseas: postal-code.ts
 * says why) and Monaco, every address with a 5-digit postal code. Another country is refused,
 * whatever its spelling. The first is the form's default.
 */
export const SHIPPING_COUNTRIES = ['France', 'Monaco'] as const;
export type ShippingCountry = (typeof SHIPPING_COUNTRIES)[number];
export const SHIPPING_COUNTRY: ShippingCountry = SHIPPING_COUNTRIES[0];

const CHECKOUT_LIMITS = { email: 254, name: 100, street: 200, city: 100 } as const;

export const CHECKOUT_MESSAGES = {
  emailRequired: MESSAGES.emailRequired,
  /** The newsletter's rule and message (spec §5): one way to spell « looks like an email ». */
  emailInvalid: MESSAGES.invalidEmail,
  emailTooLong: `L’adresse email ne peut pas dépasser ${CHECKOUT_LIMITS.email} caractères.`,
  phoneInvalid: 'Le numéro de téléphone doit être un numéro français, par exemple 06 12 34 56 78 ou +33 6 12 34 56 78.',
  nameRequired: 'Le nom est obligatoire.',
  nameTooLong: `Le nom ne peut pas dépasser ${CHECKOUT_LIMITS.name} caractères.`,
  streetRequired: 'L’adresse est obligatoire.',
  streetTooLong: `L’adresse ne peut pas dépasser ${CHECKOUT_LIMITS.street} caractères.`,
  postalCodeRequired: 'Le code postal est obligatoire.',
  postalCodeInvalid: 'Le code postal doit comporter 5 chiffres, par exemple 75011.',
  postalCodeUnknown: 'Ce code postal n’existe pas en France. Vérifiez-le, par exemple 75011.',
  /** Issue 42, item 5: an overseas code exists; the message says why it is not delivered, and what is left. */
  postalCodeNotDelivered: `Nous livrons ${DELIVERY_AREA}, mais pas l’outre-mer\u00a0: ${NOT_DELIVERED_REASON}. Le retrait en boutique reste possible.`,
  postalCodeNotMonaco: 'Un code postal de Monaco commence par 980, par exemple 98000.',
  cityRequired: 'La ville est obligatoire.',
  cityTooLong: `La ville ne peut pas dépasser ${CHECKOUT_LIMITS.city} caractères.`,
  countryUnsupported: `Nous livrons uniquement ${DELIVERY_AREA}.`,
  deliveryMethodRequired: 'Choisissez un mode de livraison.',
  relayPointRequired: RELAY_POINT_MESSAGES.required,
  relayPointInvalid: RELAY_POINT_MESSAGES.invalid,
} as const;

const SEPARATORS = /[\s.\u00a0\u202f]/g;
const NATIONAL_PHONE = /^0([1-9]\d{8})$/;
const INTERNATIONAL_PHONE = /^\+33([1-9]\d{8})$/;

/**
 * A French phone number as typed (0X XX XX XX XX or +33 X XX XX XX XX, spaces and dots allowed
 * anywhere) in E.164 (+33612345678); null when it is not one.
 */
export function normalizeFrenchPhone(text: string): string | null {
  const compact = text.replace(SEPARATORS, '');
  const digits = NATIONAL_PHONE.exec(compact)?.[1] ?? INTERNATIONAL_PHONE.exec(compact)?.[1];
  return digits === undefined ? null : `+33${digits}`;
}

/** The country as typed, whatever its case and accents; blank is France; null for a country not delivered. */
function countryOf(text: string): ShippingCountry | null {
  const folded = text.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();
  if (folded === '') return SHIPPING_COUNTRY;
  return SHIPPING_COUNTRIES.find((country) => country.toLowerCase() === folded) ?? null;
}

/** Why a 5-digit code is not delivered (to this country), as its French message; undefined when it is. */
export function postalCodeRefusal(code: string, country: ShippingCountry | null = SHIPPING_COUNTRY): string | undefined {
  if (!isDeliveredPostalCode(code)) return isOverseasPostalCode(code) ? CHECKOUT_MESSAGES.postalCodeNotDelivered : CHECKOUT_MESSAGES.postalCodeUnknown;
  return country === 'Monaco' && zoneOf(code) !== MONACO ? CHECKOUT_MESSAGES.postalCodeNotMonaco : undefined;
}

function required(text: string, limit: number, messages: { required: string; tooLong: string }): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return messages.required;
  return trimmed.length > limit ? messages.tooLong : undefined;
}

export type CheckoutReading = { ok: true; value: CheckoutDetails } | { ok: false; errors: CheckoutFieldErrors };

/** The form's text as checkout details, or the French message of every field that is wrong. */
export function readCheckoutForm(input: CheckoutFormInput): CheckoutReading {
  const errors: CheckoutFieldErrors = {};
  const email = normalizeEmail(input.email);
  if (email === '') errors.email = CHECKOUT_MESSAGES.emailRequired;
  else if (!isValidEmail(email)) errors.email = CHECKOUT_MESSAGES.emailInvalid;
  else if (email.length > CHECKOUT_LIMITS.email) errors.email = CHECKOUT_MESSAGES.emailTooLong;

  // Optional: blank is no phone; anything else must be a French number.
  const phone = normalizeFrenchPhone(input.phone);
  if (phone === null && input.phone.trim() !== '') errors.phone = CHECKOUT_MESSAGES.phoneInvalid;

  const name = required(input.name, CHECKOUT_LIMITS.name, { required: CHECKOUT_MESSAGES.nameRequired, tooLong: CHECKOUT_MESSAGES.nameTooLong });
  if (name) errors.name = name;

  const method = input.deliveryMethod;
  if (!isDeliveryMethod(method)) errors.deliveryMethod = CHECKOUT_MESSAGES.deliveryMethodRequired;
  // A pickup at the shop needs no address: whatever the fields hold is neither checked nor kept.
  const address = method === 'retrait-boutique' ? null : readAddress(input, errors);
  let relayPoint: OrderRelayPoint | null = null;
  if (method === 'point-relais') {
    if (input.relayPoint === null || input.relayPoint === undefined) errors.relayPoint = CHECKOUT_MESSAGES.relayPointRequired;
    else if (!isValidOrderRelayPoint(input.relayPoint)) errors.relayPoint = CHECKOUT_MESSAGES.relayPointInvalid;
    else relayPoint = toOrderRelayPoint(input.relayPoint);
  }

  if (Object.keys(errors).length > 0 || !isDeliveryMethod(method) || address === undefined || name !== undefined) return { ok: false, errors };
  return {
    ok: true,
    value: { contact: { name: input.name.trim(), email, phone }, address, deliveryMethod: method, relayPoint },
  };
}

/** The address's fields, or undefined (and their messages in `errors`) when one is wrong. */
function readAddress(input: CheckoutFormInput, errors: CheckoutFieldErrors): DeliveryAddress | undefined {
  const street = required(input.street, CHECKOUT_LIMITS.street, { required: CHECKOUT_MESSAGES.streetRequired, tooLong: CHECKOUT_MESSAGES.streetTooLong });
  if (street) errors.street = street;
  const postalCode = normalizePostalCode(input.postalCode);
  const country = countryOf(input.country);
  const postalCodeError =
    input.postalCode.trim() === ''
      ? CHECKOUT_MESSAGES.postalCodeRequired
      : postalCode === null
        ? CHECKOUT_MESSAGES.postalCodeInvalid
        : postalCodeRefusal(postalCode, country);
  if (postalCodeError) errors.postalCode = postalCodeError;
  const city = required(input.city, CHECKOUT_LIMITS.city, { required: CHECKOUT_MESSAGES.cityRequired, tooLong: CHECKOUT_MESSAGES.cityTooLong });
  if (city) errors.city = city;
  if (country === null) errors.country = CHECKOUT_MESSAGES.countryUnsupported;
  if (street || city || postalCode === null || postalCodeError || country === null) return undefined;
  return { street: input.street.trim(), postalCode, city: input.city.trim(), country };
}

/** Details back as form text (to fill the form again, or to check a request's details). */
export function toCheckoutFormInput(details: CheckoutDetails): CheckoutFormInput {
  return {
    email: details.contact.email,
    phone: details.contact.phone ?? '',
    name: details.contact.name,
    street: details.address?.street ?? '',
    postalCode: details.address?.postalCode ?? '',
    city: details.address?.city ?? '',
    country: details.address?.country ?? SHIPPING_COUNTRY,
    deliveryMethod: details.deliveryMethod,
    relayPoint: details.relayPoint,
  };
}
