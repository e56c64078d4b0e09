import { describe, expect, it } from 'vitest';
import { withShellHeader } from '@/app/prerender/shell-header';

// The shell's header is written by the build into index.html's slot (its rendering is compared
// with a prerendered page's in prerender-shop.test.ts); a shell the build cannot write it into
// stops the build rather than ship a page without a header, or with two.
const HEADER = '<header class="site-header"><a class="brand" href="/">La Petite Boutique</a></header>';
const shellWith = (root: string) => `<html><body><div id="root"><div class="app">${root}<main id="contenu"></main></div></div></body></html>`;

describe('withShellHeader', () => {
  it('writes the header in place of the slot, and nothing else', () => {
    expect(withShellHeader(shellWith('<!-- site-header -->'), HEADER)).toBe(shellWith(HEADER));
  });

  it('refuses a shell without the slot', () => {
    expect(() => withShellHeader(shellWith(''), HEADER)).toThrow(/no <!-- site-header --> slot/);
  });

  it('refuses a shell that keeps a header of its own beside the slot (the markup said twice)', () => {
    expect(() => withShellHeader(shellWith(`${HEADER}<!-- site-header -->`), HEADER)).toThrow(/has a <header> of its own/);
  });
});
