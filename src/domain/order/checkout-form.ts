import { isValidEmail, normalizeEmail } from '../newsletter/subscriber';
import { MESSAGES } from '../messages';
import { isDeliveryMethod, type DeliveryMethod } from './order-constants';

/** How to reach the shopper about the order. */
export interface OrderContact {
  /** Lower case. */
  email: string;
  /** +33 then 9 digits (E.164), or null when none was given. */
  phone: string | null;
}

export interface DeliveryAddress {
  name: string;
  street: string;
  /** 5 digits. */
  postalCode: string;
  city: string;
  country: typeof SHIPPING_COUNTRY;
}

/** The checkout's details once every field is valid. */
export interface CheckoutDetails {
  contact: OrderContact;
  address: DeliveryAddress;
  deliveryMethod: DeliveryMethod;
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
}

export type CheckoutField = keyof CheckoutFormInput;
type CheckoutFieldErrors = Partial<Record<CheckoutField, string>>;

/**
 * The one country delivered: metropolitan France, Corsica and the overseas departments, every
 * address with a 5-digit postal code. Another country is refused, whatever its spelling.
 */
export const SHIPPING_COUNTRY = 'France';

const CHECKOUT_LIMITS = { email: 254, name: 100, street: 200, city: 100 } as const;

export const CHECKOUT_MESSAGES = {
  emailRequired: 'L’adresse email est obligatoire.',
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
  cityRequired: 'La ville est obligatoire.',
  cityTooLong: `La ville ne peut pas dépasser ${CHECKOUT_LIMITS.city} caractères.`,
  countryUnsupported: 'Nous livrons uniquement en France (métropole, Corse et outre-mer).',
  deliveryMethodRequired: 'Choisissez un mode de livraison.',
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

/** A postal code as typed (« 75011 », « 75 011 ») as its 5 digits; null when it is not 5 digits. */
export function normalizePostalCode(text: string): string | null {
  const compact = text.replace(/\s/g, '');
  return /^\d{5}$/.test(compact) ? compact : null;
}

/**
 * Whether a 5-digit code can be the postal code of an address delivered: its first two digits
 * are a department of metropolitan France (01 to 95, 20 for Corsica), or its first three an
 * overseas department or collectivity (971 to 978: Guadeloupe, Martinique, Guyane, La Réunion,
 * Saint-Pierre-et-Miquelon, Mayotte, Saint-Barthélemy, Saint-Martin). La Poste's full list is not
 * shipped: this catches 00000, 99999 and every mistyped department.
 */
export function isFrenchPostalCode(code: string): boolean {
  if (!/^\d{5}$/.test(code)) return false;
  const department = Number(code.slice(0, 2));
  if (department >= 1 && department <= 95) return true;
  const overseas = Number(code.slice(0, 3));
  return overseas >= 971 && overseas <= 978;
}

function isFrance(text: string): boolean {
  const folded = text.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();
  return folded === '' || folded === 'france';
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
  const street = required(input.street, CHECKOUT_LIMITS.street, { required: CHECKOUT_MESSAGES.streetRequired, tooLong: CHECKOUT_MESSAGES.streetTooLong });
  if (street) errors.street = street;

  const postalCode = normalizePostalCode(input.postalCode);
  if (input.postalCode.trim() === '') errors.postalCode = CHECKOUT_MESSAGES.postalCodeRequired;
  else if (postalCode === null) errors.postalCode = CHECKOUT_MESSAGES.postalCodeInvalid;
  else if (!isFrenchPostalCode(postalCode)) errors.postalCode = CHECKOUT_MESSAGES.postalCodeUnknown;

  const city = required(input.city, CHECKOUT_LIMITS.city, { required: CHECKOUT_MESSAGES.cityRequired, tooLong: CHECKOUT_MESSAGES.cityTooLong });
  if (city) errors.city = city;
  if (!isFrance(input.country)) errors.country = CHECKOUT_MESSAGES.countryUnsupported;
  const method = input.deliveryMethod;
  if (!isDeliveryMethod(method)) errors.deliveryMethod = CHECKOUT_MESSAGES.deliveryMethodRequired;

  if (Object.keys(errors).length > 0 || postalCode === null || !isDeliveryMethod(method)) return { ok: false, errors };
  return {
    ok: true,
    value: {
      contact: { email, phone },
      address: { name: input.name.trim(), street: input.street.trim(), postalCode, city: input.city.trim(), country: SHIPPING_COUNTRY },
      deliveryMethod: method,
    },
  };
}

/** Details back as form text (to fill the form again, or to check a request's details). */
export function toCheckoutFormInput(details: CheckoutDetails): CheckoutFormInput {
  return {
    email: details.contact.email,
    phone: details.contact.phone ?? '',
    ...details.address,
    deliveryMethod: details.deliveryMethod,
  };
}
