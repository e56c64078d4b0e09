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

/** The element's own value setter, which React's tracking does not see. */
function setNativeValue(element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string) {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')?.set?.call(element, value);
}

/**
 * Stops holding, and does again what was held, in order: the same clicks, the same forms sent,
 * and each field's value told to React as if typed now (React took over with the value the page
 * was written with, while the field shows what was typed).
 */
export function replayEarlyInteractions(): void {
  const holder = window as unknown as Record<string, (Held[] & { stop?: () => void }) | undefined>;
  const held = holder[HELD];
  if (!held) return;
  held.stop?.();
  // Once: a second start (React's strict mode in development) has nothing left to do.
  delete holder[HELD];
  const values = new Set<Element>();
  for (const [kind, element] of held) {
    if (!element.isConnected) continue;
    if (kind === 'click' && element instanceof HTMLElement) element.click();
    else if (kind === 'submit' && element instanceof HTMLFormElement) element.requestSubmit();
    else if (kind === 'value') values.add(element);
  }
  for (const element of values) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement)) continue;
    if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) continue;
    const typed = element.value;
    // React's tracked setter first (it then knows '' as the value), the element's own after.
    element.value = '';
    setNativeValue(element, typed);
    element.dispatchEvent(new Event('input', { bubbles: true }));
    element.dispatchEvent(new Event('change', { bubbles: true }));
  }
}
