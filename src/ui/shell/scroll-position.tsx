import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

// Where the shopper was on each history entry, by the entry's key.
const positions = new Map<string, number>();
let currentKey = '';

if (typeof window !== 'undefined') {
  // The browser would put its own idea of the position back on Back, before the old page is
  // rendered again; a reload or a page left for another site keeps the browser's own way.
  window.history.scrollRestoration = 'manual';
  window.addEventListener('scroll', () => positions.set(currentKey, window.scrollY), { passive: true });
  window.addEventListener('pagehide', () => (window.history.scrollRestoration = 'auto'));
  window.addEventListener('pageshow', () => (window.history.scrollRestoration = 'manual'));
}

/**
 * A new page (a link: PUSH) opens at its top; Back and Forward (POP) return where the shopper
 * was on that entry; a change of the address in place (REPLACE: the shop's filters) leaves the
 * page where it is. Navigations are transitions, so this runs once the new page, lazy or not,
 * is rendered.
 */
export function ScrollPosition() {
  const { key } = useLocation();
  const action = useNavigationType();
  useLayoutEffect(() => {
    const first = currentKey === '';
    currentKey = key;
    // The first page may have been scrolled before this code ran (a page written ahead of time is
    // shown, and read, at once): where it stands now is where the shopper is on it.
    if (first) positions.set(key, window.scrollY);
    if (action === 'PUSH') window.scrollTo(0, 0);
    else if (action === 'POP' && positions.has(key)) window.scrollTo(0, positions.get(key)!);
  }, [key, action]);
  return null;
}
