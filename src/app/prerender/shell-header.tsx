// The shell's header (shell.html, for every address without a page of its own): the app's own
// header (src/ui/shell/header.tsx) rendered by the build into the slot index.html keeps for it,
// as a prerendered page shows it, so that its markup is written in one place. The counts are
// empty until the browser's state is read (`.badge:empty` keeps their place), and the header's
// size is the same before and after the app takes over: nothing moves.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import type { DependencyContainer } from 'tsyringe';
import { ContainerProvider } from '@/ui/di/container-context';
import { Header } from '@/ui/shell/header';

/** The slot in index.html's #root where the build writes the header (a comment: nothing to keep in step by hand). */
const HEADER_SLOT = /<!--\s*site-header\b[\s\S]*?-->/;
/** A header written by hand beside the slot: the markup would be said twice. */
const HEADER_ELEMENT = /<header\b/;

/**
 * The address the shell's header is rendered for: one none of its links points to. The shell
 * serves many addresses and cannot know which; the app marks the current link once it runs.
 */
const NO_LINK_OF_THE_HEADER = '/_shell';

/** The header as the shell shows it before the app has run, rendered with `container` (the prerendering's). */
export function renderShellHeader(container: DependencyContainer): string {
  return renderToString(
    <StrictMode>
      <ContainerProvider container={container}>
        <StaticRouter location={NO_LINK_OF_THE_HEADER}>
          <Header />
        </StaticRouter>
      </ContainerProvider>
    </StrictMode>,
  );
}

/** `shell` (the built index.html) with `header` written into its slot; throws when there is no slot, or a header already. */
export function withShellHeader(shell: string, header: string): string {
  if (!HEADER_SLOT.test(shell)) throw new Error('The built index.html has no <!-- site-header --> slot for the header');
  if (HEADER_ELEMENT.test(shell))
    throw new Error('The built index.html has a <header> of its own: the header is src/ui/shell/header.tsx, written by the build');
  return shell.replace(HEADER_SLOT, () => header);
}
