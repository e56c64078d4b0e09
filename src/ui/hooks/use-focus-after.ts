import { useCallback, useEffect, useRef, useState } from 'react';

type Target = () => HTMLElement | null | undefined;

/**
 * Where the focus goes once React has drawn what an action changed: the control that had it may
 * be gone (a line removed, a button replaced by its outcome) or disabled while it worked, and the
 * browser would then send keyboard and screen-reader users back to the top of the page. Call the
 * returned function with where it should land (read after the change is drawn); the first
 * element found that is still on the page takes it.
 */
export function useFocusAfter(): (...targets: Target[]) => void {
  const pending = useRef<Target[] | null>(null);
  const [request, setRequest] = useState(0);
  useEffect(() => {
    const targets = pending.current;
    pending.current = null;
    for (const target of targets ?? []) {
      const element = target();
      if (element?.isConnected) return element.focus();
    }
  }, [request]);
  return useCallback((...targets: Target[]) => {
    pending.current = targets;
    setRequest((n) => n + 1);
  }, []);
}

/**
 * For an item leaving a list: the same control on the next item, else on the previous one (each
 * selector in turn), read once the item has gone.
 */
export function besideInList(from: Element | null, ...selectors: string[]): Target[] {
  const item = from?.closest('li');
  return [item?.nextElementSibling, item?.previousElementSibling].flatMap((sibling) =>
    selectors.map((selector) => () => sibling?.querySelector<HTMLElement>(selector)),
  );
}
