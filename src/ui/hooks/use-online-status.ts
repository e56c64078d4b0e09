import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const getSnapshot = () => navigator.onLine;
// Rendered outside a browser (never today): assume the network, so nothing claims otherwise.
const getServerSnapshot = () => true;

/**
 * Whether the browser believes it has a network. `navigator.onLine === false` is certain
 * (no network at all); `true` only means "maybe", so this drives a notice, never a decision.
 */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
