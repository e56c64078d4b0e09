import { useOnlineStatus } from '../hooks/use-online-status';

const OFFLINE_MESSAGE = 'Vous êtes hors ligne\u00a0: le panier et les favoris restent disponibles.';

/**
 * Says so when the network is gone. The polite live area is always in the page (empty, so
 * taking no room, while online): screen readers announce what appears in an area they already
 * know, not an area that arrives with its text.
 */
export function OfflineIndicator() {
  const online = useOnlineStatus();
  return (
    <div className="offline-indicator" aria-live="polite" data-testid="offline-indicator">
      {!online && (
        <p className="offline-indicator__text" role="status">
          {OFFLINE_MESSAGE}
        </p>
      )}
    </div>
  );
}
