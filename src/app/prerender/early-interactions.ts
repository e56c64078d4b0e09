// What a shopper does on a prerendered page before the shop's code has taken it over (a tap on
// « Ajouter au panier », a search typed, the newsletter's form sent) is kept, not lost: a few
// lines inline in the page hold it (EARLY_INTERACTIONS_SCRIPT), and the app does it again once
// it has taken over (replayEarlyInteractions, from src/app/main.tsx). Links are left alone: a
// link followed then simply opens its page.

/** Where the inline script keeps what it held, on window. */
const HELD = '__boutiqueAvantReprise';

type Held = ['click' | 'submit' | 'value', Element];

/** Plain ES5, run before anything else of the page. */
export const EARLY_INTERACTIONS_SCRIPT = `(function(){var h=window.${HELD}=[],d=document;
function k(e){var t=e.target;if(!t||!t.closest)return;
if(e.type==='click'){var b=t.closest('button,input[type=checkbox],input[type=radio],input[type=submit]');if(b){e.preventDefault();h.push(['click',b])}}
else if(e.type==='submit'){e.preventDefault();h.push(['submit',t])}
else h.push(['value',t])}
['click','submit','input','change'].forEach(function(n){d.addEventListener(n,k,true)});
h.stop=function(){['click','submit','input','change'].forEach(function(n){d.removeEventListener(n,k,true)})}})();`;

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** A field whose value a shopper types or chooses (a checkbox or a radio button is clicked: its click is held). */
function isField(element: Element): element is Field {
  if (element instanceof HTMLInputElement) return element.type !== 'checkbox' && element.type !== 'radio';
  return element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;
}

/** The element's own value setter, which React's tracking does not see. */
function setNativeValue(element: Field, value: string) {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')?.set?.call(element, value);
}

/**
 * Stops holding, and does again what was held, in order: the same clicks, the same forms sent,
 * and each field's value told to React as if typed then (React took over with the value the
 * page was written with, while the field shows what was typed).
 *
 * Called from an effect once React has committed the page's frame; done in a task of its own.
 * React hydrates the page inside a Suspense boundary (the route's) in a later pass, and an event
 * reaching a part not yet hydrated is hydrated first, synchronously, then handled: but not from
 * inside an effect, where React cannot render and drops the event (a tap held on « Ajouter au
 * panier » was lost so). Until then the inline script goes on holding.
 */
export function replayEarlyInteractions(): void {
  const holder = window as unknown as Record<string, (Held[] & { stop?: () => void }) | undefined>;
  const held = holder[HELD];
  if (!held) return;
  // Once: a second start (React's strict mode in development) has nothing left to do.
  delete holder[HELD];
  window.setTimeout(() => {
    held.stop?.();
    replay(held);
  }, 0);
}

/**
 * Has React hydrate the part of the page `element` is in, if it has not yet, before anything is
 * done again there: an event React listens for reaches it (a non-bubbling `input`, so only the
 * capture phase runs, where no handler of the shop listens). A field or a checkbox thus gets
 * React's tracking of its value while it still has the one the page was written with (hydrated
 * by the click itself, a checkbox would be tracked already ticked, and its change never told),
 * a form its handlers before it is sent.
 */
function hydrateAround(element: Element) {
  element.dispatchEvent(new Event('input'));
}

/** Tells React that `field` now holds `typed`, as if typed. */
function tellTyped(field: Field, typed: string) {
  // React's tracked setter first, with another value (React then knows that one), the element's own after.
  field.value = typed === '' ? ' ' : '';
  setNativeValue(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

function replay(held: readonly Held[]) {
  // What each field shows, read before anything is done again: a click done again may render
  // the page anew, and a controlled field with it, with the value React knows.
  const typed = new Map<Field, { value: string; last: number }>();
  held.forEach(([kind, element], index) => {
    if (kind === 'value' && isField(element)) typed.set(element, { value: element.value, last: index });
  });
  held.forEach(([kind, element], index) => {
    if (!element.isConnected) return;
    if (kind === 'value') {
      // Told once, where it was last typed: after the clicks before it, before those after it.
      const field = isField(element) ? typed.get(element) : undefined;
      if (field?.last !== index) return;
      hydrateAround(element);
      tellTyped(element as Field, field.value);
      return;
    }
    hydrateAround(element);
    if (kind === 'click' && element instanceof HTMLElement) element.click();
    else if (kind === 'submit' && element instanceof HTMLFormElement) element.requestSubmit();
  });
}
