/**
 * Runs `run` `delayMs` after the page's load event (counted from now when the event has passed):
 * what the first paint does not need waits till the page has loaded, and the delay lets it settle
 * first. The one "after the page has loaded" of the shop.
 */
export function afterPageLoad(run: () => void, delayMs = 0): void {
  const later = () => (delayMs > 0 ? void window.setTimeout(run, delayMs) : run());
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
