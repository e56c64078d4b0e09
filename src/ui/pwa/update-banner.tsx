import { PWA_TEXTS } from './pwa-texts';

/** Spec §4: a new version is waiting; the button lets it take over and reloads the page. */
export function UpdateBanner({ onUpdate }: { onUpdate: () => void }) {
  return (
    <section className="pwa-banner" aria-label={PWA_TEXTS.updateRegion}>
      <p className="pwa-banner__text">{PWA_TEXTS.updateAvailable}</p>
      <div className="pwa-banner__actions">
        <button type="button" onClick={onUpdate}>
          {PWA_TEXTS.update}
        </button>
      </div>
    </section>
  );
}
