import 'reflect-metadata';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

// findBy… and waitFor wait up to 10 s (default 1 s): the UI files run in parallel jsdom workers
// on a 2-core machine, where a render that takes 50 ms alone can take seconds under load. Seen:
// the add-to-cart toast of tests/ui/shop.test.tsx past 1 s (a build loop beside the run), and the
// first link of tests/ui/cart-page.test.tsx past 3 s (a build loop, a many-tabs e2e repeat and a
// clean-clone npm test beside it: the UI suite took 146 s instead of 31 s). A wait only ends
// sooner when its text comes: a test still fails when the text never comes. Mutation testing runs
// the same tests over instrumented code, slower still: vitest.stryker.config.ts sets UI_WAIT_MS.
configure({ asyncUtilTimeout: Number(process.env.UI_WAIT_MS ?? 10_000) });

// The shop loads its pages and its toasts on demand (React.lazy). Imported for the first time
// inside a test, they were transformed and evaluated within that test's 5 s: with the machine
// fully loaded, the first test of tests/ui/toasts.test.tsx took 5.3 s, its assertions all true.
// They are imported here, before the file's tests, on the hook's own time, one after the other:
// imported all at once (Promise.all), one page's `import 'react-router'` (ESM) and another's
// react-router-dom (CommonJS, which require()s that same ESM file) loaded it concurrently, and
// Node 20's ESM loader read a module it had not linked yet, failing the whole file with
// « Cannot read properties of undefined (reading 'getStatus') » (measured on a loaded machine: 4 runs of 6
// of three UI files failed so, 0 of 11 one after the other: the race Node's own loader marks
// with TODO(node:55782) in internal/modules/esm/loader).
beforeAll(async () => {
  const pages = [
    () => import('@/ui/pages/shop/shop-page'),
    () => import('@/ui/pages/product/product-page'),
    () => import('@/ui/pages/cart/cart-page'),
    () => import('@/ui/pages/favorites/favorites-page'),
    () => import('@/ui/pages/checkout/checkout-page'),
    () => import('@/ui/pages/orders/order-confirmation-page'),
    () => import('@/ui/pages/orders/my-orders-page'),
    () => import('@/ui/pages/admin/admin-layout'),
    () => import('@/ui/pages/admin/admin-guard'),
    () => import('@/ui/pages/admin/admin-sign-in-page'),
    () => import('@/ui/pages/admin/admin-dashboard-page'),
    () => import('@/ui/pages/admin/products/admin-products-page'),
    () => import('@/ui/pages/admin/products/admin-product-page'),
    () => import('@/ui/pages/admin/newsletter/admin-newsletter-page'),
    () => import('@/ui/pages/admin/orders/admin-orders-page'),
    () => import('@/ui/pages/admin/orders/admin-order-page'),
    () => import('@/ui/pages/unsubscribe-page'),
    () => import('@/ui/pages/not-found-page'),
    () => import('@/ui/toast/toaster'),
    () => import('@/ui/pwa/pwa-banners'),
  ];
  for (const load of pages) await load();
}, 120_000);

// jsdom has no pointer capture; Radix's swipe handling calls it on every pointer event.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.setPointerCapture ??= () => undefined;
Element.prototype.releasePointerCapture ??= () => undefined;

// jsdom has no CSS.escape, which user-event uses to find a radio group's other buttons.
globalThis.CSS ??= {} as typeof CSS;
CSS.escape ??= (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`);

// jsdom has no modal dialogs (showModal, close): the back office's confirmation uses the
// browser's <dialog>, whose focus trap and Escape are checked in Chromium (tests/e2e/admin*.spec.ts).
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// jsdom lays nothing out and cannot scroll: the shell's scroll position (src/ui/shell/
// scroll-position.tsx) is checked in Chromium (tests/e2e/scroll-position.spec.ts).
window.scrollTo = () => undefined;
