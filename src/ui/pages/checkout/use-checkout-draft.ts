import { useRef, useState } from 'react';
import { readCheckoutDraft, type CheckoutDraft } from '@/domain/order/checkout-draft';
import type { KeyValueStore } from '@/ports/key-value-store';
import { STORAGE_KEYS } from '@/domain/storage-keys';
import { LOGGER } from '@/ports/logger';
import { useService } from '../../di/container-context';

/**
 * The checkout's entries: the draft (form and payment method) read from the device, and written
 * back at every change under 'checkout_draft'. `saved` is false when the device refused the
 * draft (full storage, private mode): the entries stay for this visit. No card is ever typed
 * here: the payment provider's page takes it.
 */
export function useCheckoutDraft(store: KeyValueStore) {
  const logger = useService(LOGGER);
  const [draft, setDraftState] = useState<CheckoutDraft>(() => readCheckoutDraft(store.get(STORAGE_KEYS.checkoutDraft), logger));
  const [saved, setSaved] = useState(true);
  const latest = useRef(draft);

  /** Called from event handlers only: the change shows at once and is written at once. */
  function setDraft(change: (current: CheckoutDraft) => CheckoutDraft) {
    const next = change(latest.current);
    latest.current = next;
    setDraftState(next);
    setSaved(store.set(STORAGE_KEYS.checkoutDraft, JSON.stringify(next)).ok);
  }

  /** After an order is placed: nothing of it stays on the device. */
  function forget() {
    store.remove(STORAGE_KEYS.checkoutDraft);
  }

  return { draft, setDraft, saved, forget };
}
