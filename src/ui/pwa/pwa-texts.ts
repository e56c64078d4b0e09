import { COMPANY } from '@/domain/company';
// The French texts of the install and update overlays (spec §1, §4), in one place for the UI and its tests.
export const PWA_TEXTS = {
  installRegion: 'Installer l’application',
  installTagline: `Installez ${COMPANY.tradeName}\u00a0: accès rapide, panier sauvegardé et notifications.`,
  install: 'Installer',
  later: 'Plus tard',
  installedRegion: 'Installation de l’application',
  installed: 'Application installée\u00a0!',
  updateRegion: 'Mise à jour de l’application',
  updateAvailable: 'Une nouvelle version est disponible.',
  update: 'Mettre à jour',
} as const;
