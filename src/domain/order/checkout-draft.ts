import * as v from 'valibot';
import type { Logger } from '@/ports/logger';
import type { CartItem } from '../cart/cart';
import { SHIPPING_COUNTRY, type CheckoutFormInput } from './checkout-form';
import type { OrderRequestLine } from './order';
import { PAYMENT_METHODS, type PaymentMethod } from './payment';

/**
 * What the checkout's steps keep on the device so a reload loses nothing typed: the form's
 * fields and the payment method chosen. Never the card's number, expiry or code.
 */
export interface CheckoutDraft {
  form: CheckoutFormInput;
  paymentMethod: PaymentMethod | '';
}

export const EMPTY_CHECKOUT_DRAFT: CheckoutDraft = {
  form: { email: '', phone: '', name: '', street: '', postalCode: '', city: '', country: SHIPPING_COUNTRY, deliveryMethod: '', relayPoint: null },
  paymentMethod: '',
};

const text = v.fallback(v.string(), '');
const draftSchema = v.object({
  form: v.fallback(
    v.object({
      email: text,
      phone: text,
      name: text,
      street: text,
      postalCode: text,
      city: text,
      country: v.fallback(v.string(), SHIPPING_COUNTRY),
      deliveryMethod: text,
      // The point as the list showed it (its hours dropped: the order keeps who and where).
      relayPoint: v.fallback(v.nullable(v.object({ id: v.string(), name: v.string(), street: v.string(), postalCode: v.string(), city: v.string() })), null),
    }),
    EMPTY_CHECKOUT_DRAFT.form,
  ),
  paymentMethod: v.fallback(v.picklist(['', ...PAYMENT_METHODS]), ''),
});

/** A draft exactly as the shop writes it (unknown fields aside): anything else is logged when read. */
const writtenDraftSchema = v.object({
  form: v.object({
    email: v.string(),
    phone: v.string(),
    name: v.string(),
    street: v.string(),
    postalCode: v.string(),
    city: v.string(),
    country: v.string(),
    deliveryMethod: v.string(),
    relayPoint: v.nullable(v.object({ id: v.string(), name: v.string(), street: v.string(), postalCode: v.string(), city: v.string() })),
  }),
  paymentMethod: v.picklist(['', ...PAYMENT_METHODS]),
});

/**
 * A stored draft read back: each field that is not text comes back empty (the others kept),
 * unknown fields (a card number saved by mistake, say) are dropped; anything unreadable is the
 * empty draft. What had to be emptied or ignored is logged.
 */
export function readCheckoutDraft(stored: string | null, logger: Logger): CheckoutDraft {
  if (stored === null) return EMPTY_CHECKOUT_DRAFT;
  let data: unknown;
  try {
    data = JSON.parse(stored);
  } catch (error) {
    logger.warn('Ignoring stored "checkout_draft": not JSON', error);
    return EMPTY_CHECKOUT_DRAFT;
  }
  const written = v.safeParse(writtenDraftSchema, data);
  if (!written.success) logger.warn('Stored "checkout_draft" partly unreadable: those fields start empty', v.summarize(written.issues));
  const parsed = v.safeParse(draftSchema, data);
  return parsed.success ? parsed.output : EMPTY_CHECKOUT_DRAFT;
}

/** The cart's lines as an order request's: product ids, quantities and the names seen; no price. */
export function orderLinesFromCart(items: readonly Pick<CartItem, 'id' | 'name' | 'quantity'>[]): readonly OrderRequestLine[] {
  return items.map((item) => ({ productId: item.id, quantity: item.quantity, name: item.name }));
}
