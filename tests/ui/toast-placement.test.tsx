import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderToaster } from './render-toaster';

// Issue 10, item 6: a toast never covers the field the shopper is typing in. While a field in the
// lower half of the screen (the footer's newsletter form, on a phone most fields) has the focus,
// the notification area sits at the top of the screen; otherwise at the bottom. jsdom lays
// nothing out: each test says how tall the window is and where the field's bottom edge is, and
// the shop's stylesheet is loaded so that the area's position is the one the browser computes
// from it (jsdom applies the stylesheet's rules, in order). Chromium checks the real layout
// (tests/e2e/phone-layout.spec.ts).

const stylesheet = readFileSync(resolve(import.meta.dirname, '../../src/ui/styles/app.css'), 'utf8');
const PHONE_HEIGHT = 667;
const DESKTOP_HEIGHT = 800;
let style: HTMLStyleElement;
const windowHeight = window.innerHeight;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  style = document.createElement('style');
  style.textContent = stylesheet;
  document.head.append(style);
});
afterEach(() => {
  vi.useRealTimers();
  style.remove();
  window.innerHeight = windowHeight;
});

/** Where the notification area is on the screen: pinned to its top edge, to its bottom edge, or else what it is. */
function areaPlacement() {
  const area = screen.getByRole('region', { name: 'Notifications de la boutique (F8)' });
  const { position, top, bottom } = getComputedStyle(area.querySelector('ol') ?? area);
  if (position === 'fixed' && top === '0px' && bottom === 'auto') return 'top';
  if (position === 'fixed' && top === '' && bottom === '0px') return 'bottom';
  return `position: ${position}, top: ${top}, bottom: ${bottom}`;
}

/** A window `height` px tall, with `element`'s bottom edge `bottom` px from its top. */
function layOut(element: HTMLElement, bottom: number, height: number) {
  window.innerHeight = height;
  const top = bottom - 44;
  element.getBoundingClientRect = () => ({ x: 16, y: top, width: 300, height: 44, top, bottom, left: 16, right: 316, toJSON: () => ({}) });
}

/** A form like the footer's newsletter form, with a text area and a list beside the email. */
function Form() {
  return (
    <form>
      <label>
        Adresse email <input type="email" />
      </label>
      <label>
        Un mot pour l’atelier <textarea />
      </label>
      <label>
        Taille{' '}
        <select>
          <option>M</option>
        </select>
      </label>
      <button type="button">S’inscrire</button>
    </form>
  );
}

const email = () => screen.getByRole('textbox', { name: 'Adresse email' });
const close = () => fireEvent.click(screen.getByRole('button', { name: 'Fermer la notification' }));

describe('the notification area moves out of the way of the field being typed in', () => {
  it('with no field being typed in, toasts show at the bottom of the screen', async () => {
    const { show } = await renderToaster(<Form />);
    layOut(email(), 600, PHONE_HEIGHT);
    await show('« Bol en grès bleu » ajouté au panier');
    expect(areaPlacement()).toBe('bottom');
  });

  it('a toast that comes while the shopper types in a field low on a phone’s screen shows at the top', async () => {
    const { show } = await renderToaster(<Form />);
    layOut(email(), 600, PHONE_HEIGHT);
    act(() => email().focus());
    await show('Inscription réussie');
    expect(areaPlacement()).toBe('top');
  });

  it('a toast on screen moves to the top when the shopper starts typing low, and stays there until it closes; the next one, with the field left, shows at the bottom', async () => {
    const { show } = await renderToaster(<Form />);
    await show('« Bol en grès bleu » ajouté au panier');
    layOut(email(), 600, PHONE_HEIGHT);
    act(() => email().focus());
    expect(areaPlacement()).toBe('top');
    act(() => email().blur());
    expect(areaPlacement()).toBe('top');
    act(() => vi.advanceTimersByTime(5000));
    await show('« Carnet en lin » ajouté au panier');
    expect(areaPlacement()).toBe('bottom');
  });

  it('pressing the form’s button under the field leaves the toast at the top, not under the finger; once it is closed, the next toast shows at the bottom', async () => {
    const { show } = await renderToaster(<Form />);
    const button = screen.getByRole('button', { name: 'S’inscrire' });
    layOut(email(), 600, PHONE_HEIGHT);
    layOut(button, 650, PHONE_HEIGHT);
    act(() => email().focus());
    await show('Inscription réussie');
    act(() => button.focus());
    expect(areaPlacement()).toBe('top');
    // The shopper moves on (the focus leaves the form), and the toast closes.
    act(() => button.blur());
    close();
    await show('Inscription réussie');
    expect(areaPlacement()).toBe('bottom');
  });

  /** Where a toast shows while `element`, laid out low on a phone's screen, has the focus; then closes it and leaves the element. */
  async function placementWhileFocused(element: HTMLElement, show: (title: string) => Promise<void>) {
    layOut(element, 600, PHONE_HEIGHT);
    act(() => element.focus());
    await show('Inscription réussie');
    const placement = areaPlacement();
    close();
    act(() => element.blur());
    return placement;
  }

  it('a toast’s own button low on the screen, pressed, leaves the toasts where they are: they would leave the pointer between its press and its release', async () => {
    const { showToast } = await renderToaster(<Form />);
    await showToast({ title: 'Panier vidé', action: { label: 'Annuler', altText: 'Annuler', onClick: () => {} } });
    expect(areaPlacement()).toBe('bottom');
    const undo = screen.getByRole('button', { name: 'Annuler' });
    layOut(undo, 780, PHONE_HEIGHT + 150);
    act(() => undo.focus());
    expect(areaPlacement()).toBe('bottom');
  });

  it('a text area, a list and a button low on the screen each send the toasts to the top: what the shopper acts on is never covered (issue 24)', async () => {
    const { show } = await renderToaster(<Form />);
    const placements = [];
    for (const [what, element] of [
      ['text area', screen.getByRole('textbox', { name: 'Un mot pour l’atelier' })],
      ['list', screen.getByRole('combobox', { name: 'Taille' })],
      ['button', screen.getByRole('button', { name: 'S’inscrire' })],
    ] as const) {
      placements.push([what, await placementWhileFocused(element, show)]);
    }
    expect(placements).toEqual([
      ['text area', 'top'],
      ['list', 'top'],
      ['button', 'top'],
    ]);
  });

  it('on a desktop screen 800 px tall, a field whose bottom edge is at 400 px or above leaves the toasts at the bottom; at 401 px it sends them to the top', async () => {
    const { show } = await renderToaster(<Form />);
    const placements = [];
    for (const bottom of [120, 400, 401, 780]) {
      layOut(email(), bottom, DESKTOP_HEIGHT);
      act(() => email().focus());
      await show('Inscription réussie');
      placements.push([bottom, areaPlacement()]);
      close();
      act(() => email().blur());
    }
    expect(placements).toEqual([
      [120, 'bottom'],
      [400, 'bottom'],
      [401, 'top'],
      [780, 'top'],
    ]);
  });
});
