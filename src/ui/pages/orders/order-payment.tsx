import { useState } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router-dom';
import { PAYMENT_GATEWAY } from '@/ports/payment-gateway';
import { useService } from '../../di/container-context';

/** What the checkout tells the order's page it goes to: the order just placed, and why its card payment could not start. */
export interface ConfirmationState {
  placed?: boolean;
  paymentFailure?: string;
}

/** Every few seconds, while a card order waits for the provider's word (the backend learns it, the page reads the order again). */
export const PAYMENT_WAIT_REFETCH_MS = 3000;

/** The provider's page: another site (a full page load), or the shop's own « Paiement de test » page. */
export function goToPaymentPage(url: string, navigate: NavigateFunction): void {
  if (url.startsWith('/')) navigate(url);
  else window.location.assign(url);
}

/**
 * « Payer ma commande » (« Réessayer le paiement » after a failure) on the page of a card order
 * that waits for its payment: starts the payment again on the provider's page. A failure is said
 * beside the button, which keeps the focus.
 */
export function PayOrderButton({ number, failure }: { number: string; failure?: string }) {
  const payments = useService(PAYMENT_GATEWAY);
  const navigate = useNavigate();
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | undefined>(failure);

  async function start() {
    setStarting(true);
    const page = await payments.startPayment({ number });
    setStarting(false);
    if (page.ok) return goToPaymentPage(page.value.url, navigate);
    setError(page.error.message);
  }

  return (
    <div className="order-payment">
      {error && (
        <p role="alert" className="warning" id="commande-paiement-erreur">
          {error} Votre commande et ses articles vous restent réservés.
        </p>
      )}
      <button type="button" onClick={() => void start()} disabled={starting} aria-describedby={error ? 'commande-paiement-erreur' : undefined}>
        {starting ? 'Ouverture du paiement…' : error ? 'Réessayer le paiement' : 'Payer ma commande'}
      </button>
    </div>
  );
}
