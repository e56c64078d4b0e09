import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ContainerProvider, useService } from '@/ui/di/container-context';
import { addToCart } from '@/domain/cart/add-to-cart';
import type { CartService } from '@/domain/cart/cart-service';
import { CART_SERVICE } from '@/domain/service-tokens';
import { renderShop } from './render-shop';

function CartCount() {
  return <p>{useService(CART_SERVICE).count()}</p>;
}

describe('application shell', () => {
  it('an unknown address shows the French 404 page', async () => {
    renderShop('/introuvable');
    expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' }).getAttribute('href')).toBe('/');
  });

  it('useService reads the service registered in the container of the context', async () => {
    const { container } = renderShop('/boutique');
    void addToCart({ cart: container.resolve<CartService>(CART_SERVICE) }, { id: 'p', name: 'Produit', price: 3, category: 'Test' });
    const own = render(
      <ContainerProvider container={container}>
        <CartCount />
      </ContainerProvider>,
    );
    expect(within(own.container).getByText('1')).toBeTruthy();
  });

  it('useService outside the provider fails loudly', () => {
    expect(() => render(<CartCount />)).toThrow(/ContainerProvider/);
  });
});
