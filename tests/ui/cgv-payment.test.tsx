import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import ConditionsGeneralesPage from '@/ui/pages/legal/conditions-generales-page';

// Issue 42, point 1: the CGV say how and when each way is paid — not « Le paiement est dû à la
// commande » beside a payment on delivery.

const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('the CGV’s « Commande et paiement »', () => {
  it('says how and when each way is paid: by card at the order through the provider, to the carrier on delivery, at the shop on collection', () => {
    render(
      <MemoryRouter>
        <ConditionsGeneralesPage />
      </MemoryRouter>,
    );
    const ways = [...screen.getByTestId('cgv-payment').querySelectorAll('li')].map((li) => plain(li.textContent));
    expect(ways).toHaveLength(3);
    expect(ways[0]).toMatch(/^Carte bancaire : le paiement est dû à la commande\. Il est fait sur la page sécurisée de notre prestataire de paiement/);
    expect(ways[1]).toMatch(/^Paiement à la livraison : rien n’est payé à la commande\. Vous payez le transporteur quand il vous remet le colis/);
    expect(ways[2]).toMatch(/^Paiement au retrait : pour un retrait en boutique, rien n’est payé à la commande\. Vous payez à la boutique quand vous retirez/);
    // The rule no longer stands alone beside a payment on delivery.
    expect(plain(document.body.textContent)).not.toContain('Un email de confirmation récapitule votre commande. Le paiement est dû à la commande.');
  });
});
