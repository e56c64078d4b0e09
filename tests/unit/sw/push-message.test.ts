import { describe, expect, it } from 'vitest';
import { notificationAsked, notificationToShow, pageToOpen, ToldOnce } from '@/sw/push-message';

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

describe('what the service worker shows for a page of this device (the local backend)', () => {
  const notification = {
    title: 'Commande expédiée',
    body: 'Votre commande CMD-2026-000123 a été expédiée.',
    url: `${ORIGIN}/commande/confirmation/CMD-2026-000123`,
    tag: 'commande-CMD-2026-000123',
  };

  it('shows the notification a page asks for, as a push would show it, with the change it tells', () => {
    expect(notificationAsked({ type: 'SHOW_NOTIFICATION', once: 'suivi-1:expediee', notification }, ORIGIN)).toEqual({
      once: 'suivi-1:expediee',
      ...notificationToShow(data(notification), ORIGIN),
    });
  });

  it('shows nothing for another message, or one without the change it tells', () => {
    expect(notificationAsked({ type: 'SKIP_WAITING' }, ORIGIN)).toBeNull();
    expect(notificationAsked({ type: 'SHOW_NOTIFICATION', notification }, ORIGIN)).toBeNull();
    expect(notificationAsked({ type: 'SHOW_NOTIFICATION', once: '', notification }, ORIGIN)).toBeNull();
    expect(notificationAsked({ type: 'SHOW_NOTIFICATION', once: 'suivi-1:expediee', notification: { body: 'sans titre' } }, ORIGIN)).toBeNull();
    expect(notificationAsked(null, ORIGIN)).toBeNull();
  });

  it('one change heard by two pages is shown once; another change of the same order is shown', () => {
    const told = new ToldOnce();
    expect([told.first('suivi-1:expediee'), told.first('suivi-1:expediee'), told.first('suivi-1:livree')]).toEqual([true, false, true]);
  });

  it('keeps the latest changes told, up to its bound', () => {
    const told = new ToldOnce(2);
    told.first('a');
    told.first('b');
    told.first('c');
    expect([told.first('b'), told.first('c'), told.first('a')]).toEqual([false, false, true]);
  });
});
