import { describe, expect, it } from 'vitest';
import { notificationToShow, pageToOpen } from '@/sw/push-message';

const ORIGIN = 'https://boutique.example';
const data = (value: unknown) => ({ json: () => value });

describe('what the service worker shows for a push', () => {
  it('shows send-push’s title and text, with its tag, and keeps the page a click opens', () => {
    const payload = {
      title: 'Commande expédiée',
      body: 'Votre commande CMD-2026-000123 a été expédiée.',
      url: `${ORIGIN}/commande/confirmation/CMD-2026-000123`,
      tag: 'commande-CMD-2026-000123',
    };
    expect(notificationToShow(data(payload), ORIGIN)).toEqual({
      title: 'Commande expédiée',
      options: {
        body: 'Votre commande CMD-2026-000123 a été expédiée.',
        icon: '/icons/icon-192.png',
        tag: 'commande-CMD-2026-000123',
        data: { url: `${ORIGIN}/commande/confirmation/CMD-2026-000123` },
      },
    });
  });

  it('shows nothing for a push without a title and a text, or that is not JSON', () => {
    expect(notificationToShow(null, ORIGIN)).toBeNull();
    expect(notificationToShow(data({ body: 'sans titre' }), ORIGIN)).toBeNull();
    expect(
      notificationToShow(
        {
          json: () => {
            throw new SyntaxError('not JSON');
          },
        },
        ORIGIN,
      ),
    ).toBeNull();
  });

  it('a click opens the shop’s own page only: another site’s address opens the home page', () => {
    expect(pageToOpen({ url: `${ORIGIN}/produit/bol-en-gres-bleu-nuit` }, ORIGIN)).toBe(`${ORIGIN}/produit/bol-en-gres-bleu-nuit`);
    expect(pageToOpen({ url: '/produit/bol-en-gres-bleu-nuit' }, ORIGIN)).toBe(`${ORIGIN}/produit/bol-en-gres-bleu-nuit`);
    expect(pageToOpen({ url: 'https://ailleurs.example/piege' }, ORIGIN)).toBe(`${ORIGIN}/`);
    expect(pageToOpen(null, ORIGIN)).toBe(`${ORIGIN}/`);
  });
});
