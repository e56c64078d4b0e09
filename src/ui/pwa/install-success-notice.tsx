import { PWA_TEXTS } from './pwa-texts';

export function InstallSuccessNotice() {
  return (
    <section className="pwa-banner pwa-banner--success" aria-label={PWA_TEXTS.installedRegion}>
      <p className="pwa-banner__text">{PWA_TEXTS.installed}</p>
    </section>
  );
}
