// A tap or a form sent on a prerendered page before the shop's code has taken it over (« Ajouter
// au panier », a favorite, the newsletter's form) is kept, not lost: a few lines inline in the
// page hold it (EARLY_INTERACTIONS_SCRIPT), and the app does it again once it has taken over
// (replayEarlyInteractions, from src/app/main.tsx). Until then React never sees those events
// (they stop at the document), even while it is hydrating: each is done exactly once, by the
// replay. Links are left alone: a link followed simply opens its page. Text typed meanwhile
// stays in its field (React takes the field over as it is); the shop acts on it at the next
// keystroke.

/** Where the inline script keeps what it held, on window. */
const HELD = '__boutiqueAvantReprise';

/** What was done, and to what. */
type Held = ['click' | 'submit', Element];

/** Plain ES5, run before anything else of the page; the Content-Security-Policy allows it by its hash (scripts/vite/security-headers.ts). */
export const EARLY_INTERACTIONS_SCRIPT = `(function(){var h=window.${HELD}=[],d=document;
function k(e){var t=e.target;if(!t||!t.closest)return;
if(e.type==='click'){var b=t.closest('button,input[type=checkbox],input[type=radio],input[type=submit]');if(!b)return;e.preventDefault();h.push(['click',b])}
else{e.preventDefault();h.push(['submit',t])}e.stopImmediatePropagation()}
['click','submit'].forEach(function(n){d.addEventListener(n,k,true)});
h.stop=function(){['click','submit'].forEach(function(n){d.removeEventListener(n,k,true)})}})();`;

/**
 * Once the app has taken over, in a task of its own (an event dispatched from inside React's
 * effects is not acted on): has React hydrate the parts of the page that were acted on, then, in
 * the next task, stops holding and does again what was held, in order. Until then, what the
 * shopper does is still held, so nothing is done out of order: the same clicks, the same forms
 * sent.
 */
export function replayEarlyInteractions(): void {
  const run = () => {
    const holder = window as unknown as Record<string, (Held[] & { stop?: () => void }) | undefined>;
    const held = holder[HELD];
    // Once: a second start (React's strict mode in development) finds nothing left to do.
    if (!held) return;
    delete holder[HELD];
    // The page's content is hydrated apart from the shell (a Suspense boundary), possibly only
    // now. The actions wait one more task, in which React commits what hydrating it asked for:
    // what only the browser knows drawn anew, such as a phone's width (the filters' dialog
    // exists only then). A click done at once found no dialog to open.
    for (const [, element] of held) if (element.isConnected) hydrateAround(element);
    window.setTimeout(() => {
      held.stop?.();
      replay(held);
    }, 0);
  };
  window.setTimeout(run, 0);
}

/**
 * Has React hydrate the part of the page `element` is in, if it has not yet, before the action
 * is done again there: an event React listens for reaches it (a non-bubbling `input`, so only the
 * capture phase runs, where no handler of the shop listens). A checkbox is thus tracked with the
 * state the page was written with: hydrated by the click itself, it would be tracked already
 * ticked, and its change never told.
 */
function hydrateAround(element: Element) {
  element.dispatchEvent(new Event('input'));
}

function replay(held: readonly Held[]): void {
  for (const [kind, element] of held) {
    if (!element.isConnected) continue;
    hydrateAround(element);
    if (kind === 'click' && element instanceof HTMLElement) element.click();
    else if (kind === 'submit' && element instanceof HTMLFormElement) element.requestSubmit();
  }
}
