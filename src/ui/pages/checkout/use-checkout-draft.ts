import { useRef, useState } from 'react';
import { readCheckoutDraft, type CheckoutDraft } from '@/domain/order/checkout-draft';
import type { CardDetails } from '@/domain/order/payment';
import type { KeyValueStore } from '@/ports/key-value-store';
import { STORAGE_KEYS } from '@/domain/storage-keys';
import { LOGGER } from '@/ports/logger';
import { useService } from '../../di/container-context';

const NO_CARD: CardDetails = { number: '', expiry: '', code: '' };

// The card typed in the payment step lives in this page's memory only, never in storage: a
// reload forgets it, going to the cart and back does not. Kept per store (one per container), so
// each test's shop starts with none.
const cards = new WeakMap<KeyValueStore, CardDetails>();

/**
 * The checkout's entries: the draft (form and payment method) read from the device, and written
 * back at every change under 'checkout_draft'; the card in memory. `saved` is false when the
 * device refused the draft (full storage, private mode): the entries stay for this visit.
 */
export function useCheckoutDraft(store: KeyValueStore) {
  const logger = useService(LOGGER);
  const [draft, setDraftState] = useState<CheckoutDraft>(() => readCheckoutDraft(store.get(STORAGE_KEYS.checkoutDraft), logger));
  const [card, setCardState] = useState<CardDetails>(() => cards.get(store) ?? NO_CARD);
  const [saved, setSaved] = useState(true);
  const latest = useRef(draft);

  /** Called from event handlers only: the change shows at once and is written at once. */
  function setDraft(change: (current: CheckoutDraft) => CheckoutDraft) {
    const next = change(latest.current);
    latest.current = next;
    setDraftState(next);
    setSaved(store.set(STORAGE_KEYS.checkoutDraft, JSON.stringify(next)).ok);
  }

  function setCard(next: CardDetails) {
    cards.set(store, next);
    setCardState(next);
  }

  /** After an order is placed: nothing of it stays on the device, the card included. */
  function forget() {
    cards.delete(store);
    store.remove(STORAGE_KEYS.checkoutDraft);
  }

  return { draft, setDraft, card, setCard, saved, forget };
}
