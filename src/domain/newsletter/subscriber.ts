import * as v from 'valibot';

/** A newsletter subscriber, as stored under `newsletter_subscribers` (spec §3). */
export interface Subscriber {
  id: string;
  /** Always lower case: the same address typed in another case is the same subscriber. */
  email: string;
  /** ISO date of the (latest) subscription. */
  subscribedAt: string;
  isActive: boolean;
  confirmationSent: boolean;
  unsubscribeToken: string;
}

export const subscriberSchema: v.GenericSchema<unknown, Subscriber> = v.object({
  id: v.string(),
  email: v.string(),
  subscribedAt: v.string(),
  isActive: v.boolean(),
  confirmationSent: v.boolean(),
  unsubscribeToken: v.string(),
});

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

// « Looks like an email » (spec §5), deliberately loose: one @, something before it, a dot
// somewhere after it with text on both sides, no whitespace. The mail itself is the real test.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_SHAPE.test(email.trim());
}
