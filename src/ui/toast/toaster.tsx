import * as RadixToast from '@radix-ui/react-toast';
import { useState, useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS, TOAST_MAX_WIDTH_PX, TOAST_SWIPE_THRESHOLD } from '@/domain/constants';
import { useToasts, useToastStore } from './toast-context';

/**
 * The toasts themselves. Radix gives focus handling, the F8 hotkey, swipe and pause on hover.
 * Loaded with the first toast (see toast-area.tsx).
 */
/**
 * What the shopper is acting on is low on the screen: a field being typed in (a phone's footer
 * form), or the button just pressed (« Ajouter au panier » under a phone's product page). The
 * toasts then go to the top, where they cover neither it nor what is beside it (issue 24).
 */
function actingLow(): boolean {
  const focused = document.activeElement;
  // A toast's own button never moves the toasts: they would leave the pointer between its press and its release.
  if (!(focused instanceof HTMLElement) || focused === document.body || focused.closest('.toast-viewport')) return false;
  return focused.getBoundingClientRect().bottom > window.innerHeight / 2;
}

/** Where the page's header ends (it stays on the screen): toasts at the top go below it, never over its links. */
function belowHeader(): number {
  const header = document.querySelector('header');
  return header ? Math.max(0, Math.round(header.getBoundingClientRect().bottom)) : 0;
}

/** Focus coming to an element: the toasts may have to go up. Going down waits for the toasts to
 * close (see Toaster), and the store's change at that moment renders the toaster, which reads the
 * focus again: leaving a field needs no listener of its own. */
function onFocusIn(change: () => void) {
  document.addEventListener('focusin', change);
  return () => document.removeEventListener('focusin', change);
}

export default function Toaster() {
  const store = useToastStore();
  const toasts = useToasts();
  const low = useSyncExternalStore(onFocusIn, actingLow, () => false);
  const open = toasts.some((toast) => toast.open);
  // Up as soon as the focus is low on the screen; down again only once no toast is open.
  // Pressing the form's button under the field takes the focus from the field: a toast coming down
  // then would land under the finger before it lifts, and take the tap.
  const [top, setTop] = useState(low);
  if (low ? !top : top && !open) setTop(low);
  return (
    <RadixToast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD} label="Notification">
      {toasts.map((toast) => (
        <RadixToast.Root
          key={toast.id}
          open={toast.open}
          onOpenChange={(open) => {
            if (!open) store.dismiss(toast.id);
          }}
          type={toast.variant === 'destructive' ? 'foreground' : 'background'}
          className={`toast toast--${toast.variant}`}
          data-testid="toast"
        >
          <RadixToast.Title className="toast__title">{toast.title}</RadixToast.Title>
          {toast.description && <RadixToast.Description className="toast__description">{toast.description}</RadixToast.Description>}
          {toast.action && (
            <RadixToast.Action className="toast__action" altText={toast.action.altText} onClick={toast.action.onClick}>
              {toast.action.label}
            </RadixToast.Action>
          )}
          <RadixToast.Close className="toast__close" aria-label="Fermer la notification">
            <span aria-hidden="true">×</span>
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      {/* Radix's default name is English; {hotkey} becomes « F8 ». The width comes from the spec's
          constant, not from the stylesheet, so there is one place that says 420 px. */}
      <RadixToast.Viewport
        className={top ? 'toast-viewport toast-viewport--top' : 'toast-viewport'}
        label="Notifications de la boutique ({hotkey})"
        style={top ? { maxWidth: TOAST_MAX_WIDTH_PX, top: belowHeader() } : { maxWidth: TOAST_MAX_WIDTH_PX }}
      />
    </RadixToast.Provider>
  );
}
