import { PWA_TEXTS } from './pwa-texts';

/** The install offer of spec §4. Never takes the focus: the shopper reaches it when they choose to. */
export function InstallBanner({ onInstall, onLater }: { onInstall: () => void; onLater: () => void }) {
  return (
    <section className="pwa-banner" aria-label={PWA_TEXTS.installRegion}>
      <p className="pwa-banner__text">{PWA_TEXTS.installTagline}</p>
      <div className="pwa-banner__actions">
        <button type="button" onClick={onInstall}>
          {PWA_TEXTS.install}
        </button>
        <button type="button" className="secondary" onClick={onLater}>
          {PWA_TEXTS.later}
        </button>
      </div>
    </section>
  );
}
