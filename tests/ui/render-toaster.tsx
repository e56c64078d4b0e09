import { act, render, screen } from '@testing-library/react';
import { container as root } from 'tsyringe';
import { CLOCK } from '@/ports/clock';
import { ContainerProvider } from '@/ui/di/container-context';
import { ToastStoreProvider, useNotify, useToastStore, type Notify } from '@/ui/toast/toast-context';
import type { ToastInput, ToastStore } from '@/ui/toast/toast-store';
import { ToastArea } from '@/ui/toast/toast-area';
import { Toaster } from '@/app/on-demand';
import { FakeClock } from '../fakes/fake-clock';

/**
 * The app's toast area alone, with a handle on its store to show toasts, and `children` beside
 * it (a form, say). Radix runs the auto-dismiss timer on window.setTimeout, so tests fake the
 * browser's clock (vi.useFakeTimers); the removal delay runs on the shop's Clock port (FakeClock).
 */
export async function renderToaster(children?: React.ReactNode) {
  const clock = new FakeClock();
  const container = root.createChildContainer();
  container.register(CLOCK, { useValue: clock });
  let store: ToastStore | undefined;
  let notify: Notify | undefined;
  function Grab() {
    store = useToastStore();
    notify = useNotify();
    return null;
  }
  render(
    <ContainerProvider container={container}>
      <ToastStoreProvider>
        <Grab />
        {children}
        <ToastArea toaster={Toaster} />
      </ToastStoreProvider>
    </ContainerProvider>,
  );
  // The toaster's code loads with the first toast (a dynamic import): let it arrive.
  const showToast = (input: ToastInput) => act(async () => void store!.show(input));
  const show = (title: string) => showToast({ title });
  /** What the shop's components do with a domain result (see useNotify). */
  const notifyResult = (...args: Parameters<Notify['result']>) => act(async () => notify!.result(...args));
  return { clock, show, showToast, notifyResult };
}

/** The text of each toast on screen (its title, description, action, then the close button's ×). */
export const toastsOnScreen = () => screen.queryAllByTestId('toast').map((toast) => toast.textContent);
