import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderToaster, toastsOnScreen } from './render-toaster';

// Radix runs the auto-dismiss timer on window.setTimeout, so these tests fake the browser's
// clock (vi.useFakeTimers); the removal delay runs on the shop's Clock port (FakeClock).

/** A mouse drag on the toast, `distance` px to the right, in steps as a hand would make it. */
function swipeRight(toast: HTMLElement, distance: number) {
  const start = { clientX: 100, clientY: 20, pointerId: 1, button: 0 };
  fireEvent.pointerDown(toast, start);
  fireEvent.pointerMove(toast, { ...start, clientX: start.clientX + 5 });
  fireEvent.pointerMove(toast, { ...start, clientX: start.clientX + distance });
  fireEvent.pointerUp(toast, { ...start, clientX: start.clientX + distance });
}

describe('toast timings and sizes (spec §9)', () => {
  // The toast area imports the toaster with the first toast; tests/ui/setup.ts has loaded it
  // before the file's tests, so that import answers within the act() of the first toast.
  beforeEach(() => {
    // Only what Radix's timer reads: React's own scheduling stays real, so the lazy toaster arrives.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a toast closes by itself after 5000 ms: still there at 4999 ms, gone at 5000 ms', async () => {
    const { show } = await renderToaster();
    await show('« Bol en grès bleu » ajouté au panier');
    act(() => vi.advanceTimersByTime(4999));
    expect(toastsOnScreen()).toEqual(['« Bol en grès bleu » ajouté au panier×']);
    act(() => vi.advanceTimersByTime(1));
    expect(toastsOnScreen()).toEqual([]);
  });

  it('a swipe to the right closes the toast past 50 px: 50 px is not enough, 51 px is', async () => {
    const { show } = await renderToaster();
    await show('Inscription réussie');
    act(() => swipeRight(screen.getByTestId('toast'), 50));
    expect(toastsOnScreen()).toEqual(['Inscription réussie×']);
    act(() => swipeRight(screen.getByTestId('toast'), 51));
    expect(toastsOnScreen()).toEqual([]);
  });

  it('a closed toast keeps its place in the notification area until the 1 000 000 ms removal delay has passed', async () => {
    const { show, clock } = await renderToaster();
    await show('Inscription réussie');
    fireEvent.click(screen.getByRole('button', { name: 'Fermer la notification' }));
    expect(toastsOnScreen()).toEqual([]);
    act(() => clock.advance(999_999));
    expect(screen.queryByRole('region', { name: 'Notifications de la boutique (F8)' })).not.toBeNull();
    act(() => clock.advance(1));
    expect(screen.queryByRole('region', { name: 'Notifications de la boutique (F8)' })).toBeNull();
  });

  it('the notification area is named in French and is at most 420 px wide', async () => {
    const { show } = await renderToaster();
    await show('Inscription réussie');
    const area = screen.getByRole('region', { name: 'Notifications de la boutique (F8)' });
    const list = area.querySelector('ol') ?? area;
    expect(getComputedStyle(list).maxWidth).toBe('420px');
  });
});

describe('what a toast shows and how it is announced', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The live region Radix fills for screen readers, and how urgently it is read. */
  const announcement = () => screen.getByRole('status');

  it('before the first toast there is nothing: no toast, not even the notification area', async () => {
    await renderToaster();
    // Long enough for the toaster to arrive, were there anything to show (see renderToaster).
    await act(async () => {});
    expect(toastsOnScreen()).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Notifications de la boutique (F8)' })).toBeNull();
  });

  it('a toast with an action shows its button, and the button does what it says', async () => {
    const { showToast, show } = await renderToaster();
    await showToast({
      title: '« Bol en grès bleu » retiré du panier',
      action: { label: 'Annuler', altText: 'Remettre le bol dans le panier', onClick: () => void show('« Bol en grès bleu » remis dans le panier') },
    });
    expect(toastsOnScreen()).toEqual(['« Bol en grès bleu » retiré du panierAnnuler×']);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Annuler' })));
    expect(toastsOnScreen()).toEqual(['« Bol en grès bleu » remis dans le panier×']);
  });

  it('an error is announced at once (assertive), as a toast of its own look', async () => {
    const { notifyResult } = await renderToaster();
    await notifyResult({ ok: false, error: { code: 'storage-write-failed', message: 'Stockage plein' } });
    expect(toastsOnScreen()).toEqual(['Stockage plein×']);
    expect(screen.getByTestId('toast').className).toContain('toast--destructive');
    expect(announcement().getAttribute('aria-live')).toBe('assertive');
  });

  it('any other toast is announced politely, after what the screen reader is saying', async () => {
    const { show } = await renderToaster();
    await show('« Carnet en lin » ajouté aux favoris');
    expect(screen.getByTestId('toast').className).not.toContain('toast--destructive');
    expect(announcement().getAttribute('aria-live')).toBe('polite');
  });

  it('a success that says nothing shows no toast (not an empty one); one with its own message shows it', async () => {
    const { notifyResult } = await renderToaster();
    await notifyResult({ ok: true, value: undefined });
    expect(toastsOnScreen()).toEqual([]);
    await notifyResult({ ok: true, value: undefined, message: 'Vous êtes de nouveau abonné(e).' });
    expect(toastsOnScreen()).toEqual(['Vous êtes de nouveau abonné(e).×']);
  });

  it('a success given its own toast shows that toast, whatever the result says', async () => {
    const { notifyResult } = await renderToaster();
    await notifyResult(Promise.resolve({ ok: true, value: undefined, message: 'Enregistré' }), { title: 'Panier vidé' });
    expect(toastsOnScreen()).toEqual(['Panier vidé×']);
  });
});
