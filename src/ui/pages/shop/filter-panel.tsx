import { useId, useRef, useSyncExternalStore, type ReactNode } from 'react';

// Below this width the filters would fill a phone's first screen: they fold into a panel.
const NARROW = '(max-width: 40rem)';

// Without matchMedia (a test's DOM), the screen counts as wide.
const hasMediaQueries = () => typeof window.matchMedia === 'function';

function subscribe(onChange: () => void) {
  if (!hasMediaQueries()) return () => undefined;
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => hasMediaQueries() && window.matchMedia(NARROW).matches,
    () => false,
  );
}

/**
 * On a phone, 'Filtrer et trier': the filters in a modal dialog, opened by a button. The browser's
 * <dialog> keeps focus inside while it is open, closes on Escape, and the focus goes back to
 * the button; the number of results shows inside, since the grid is hidden behind it.
 */
export function FilterPanel({ results, wide, children }: { results: string; wide: boolean; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const close = () => dialog.current?.close();
  // Both are in the page as first written, before the screen's width is known (a prerendered
  // page): the style shows the button on a phone and the filters elsewhere, so nothing moves
  // when the phone's panel takes the filters' place.
  return (
    <>
      <button ref={opener} type="button" className="secondary filter-toggle" aria-haspopup="dialog" onClick={() => dialog.current?.showModal()}>
        Filtrer et trier
      </button>
      {wide ? (
        <div className="filters-wide">{children}</div>
      ) : (
        <dialog ref={dialog} className="filter-panel" aria-labelledby={titleId} onClose={() => opener.current?.focus()}>
          <div className="filter-panel__head">
            <h2 id={titleId}>Filtrer et trier</h2>
            <button type="button" className="secondary" onClick={close}>
              Fermer
            </button>
          </div>
          {children}
          <div className="filter-panel__foot">
            <p role="status">{results}</p>
            <button type="button" onClick={close}>
              Voir les résultats
            </button>
          </div>
        </dialog>
      )}
    </>
  );
}
