import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderShop } from './render-shop';

const MESSAGE = 'Vous êtes hors ligne\u00a0: le panier et les favoris restent disponibles.';

function setOnline(online: boolean) {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(online);
}

function goes(online: boolean) {
  setOnline(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

const indicator = () => screen.getByTestId('offline-indicator');

describe('offline indicator', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('says nothing while online: its live area is there, empty', () => {
    setOnline(true);
    renderShop('/');
    expect(indicator().getAttribute('aria-live')).toBe('polite');
    expect(indicator().textContent).toBe('');
    expect(screen.queryByText(MESSAGE, { normalizer: (text) => text })).toBeNull();
  });

  it('tells the shopper the cart and favorites still work when the network goes, and hides when it is back', () => {
    setOnline(true);
    renderShop('/panier');
    goes(false);
    expect(indicator().textContent).toBe(MESSAGE);
    expect(within(indicator()).getByRole('status').textContent).toBe(MESSAGE);
    goes(true);
    expect(indicator().textContent).toBe('');
  });

  it('shows at once when the shop opens with no network', () => {
    setOnline(false);
    renderShop('/boutique');
    expect(indicator().textContent).toBe(MESSAGE);
  });
});
