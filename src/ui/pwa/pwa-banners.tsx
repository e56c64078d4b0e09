import type { InstallBannerService, InstallBannerState } from '@/domain/pwa/install-banner-service';
import type { UpdateBannerService, UpdateBannerState } from '@/domain/pwa/update-banner-service';
import { InstallBanner } from './install-banner';
import { InstallSuccessNotice } from './install-success-notice';
import { UpdateBanner } from './update-banner';

export interface PwaBannersProps {
  install: InstallBannerService;
  installState: InstallBannerState;
  update: UpdateBannerService;
  updateState: UpdateBannerState;
}

/** The overlays on screen; loaded only once one of them has something to show. */
export default function PwaBanners({ install, installState, update, updateState }: PwaBannersProps) {
  return (
    <>
      {updateState.banner === 'visible' && <UpdateBanner onUpdate={() => void update.applyUpdate()} />}
      {installState.banner === 'visible' && <InstallBanner onInstall={() => void install.install()} onLater={() => install.later()} />}
      {installState.successNotice && <InstallSuccessNotice />}
    </>
  );
}
