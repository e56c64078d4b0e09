import 'reflect-metadata';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor wait up to 3 s (default 1 s): the UI files run in parallel jsdom workers
// on a 2-core machine, where a render that takes 50 ms alone can take over a second under load
// (seen once: the add-to-cart toast of tests/ui/shop.test.tsx, with every assertion before it
// already true). A test still fails when the text never comes. Mutation testing runs the same
// tests over instrumented code, slower still: vitest.stryker.config.ts sets UI_WAIT_MS.
configure({ asyncUtilTimeout: Number(process.env.UI_WAIT_MS ?? 3000) });

// jsdom has no pointer capture; Radix's swipe handling calls it on every pointer event.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.setPointerCapture ??= () => undefined;
Element.prototype.releasePointerCapture ??= () => undefined;

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
