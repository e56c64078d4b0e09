import { Suspense, type ComponentType } from 'react';
import { INSTALL_BANNER_SERVICE, UPDATE_BANNER_SERVICE } from '@/domain/service-tokens';
import { useService } from '../di/container-context';
import { useSnapshot } from '../hooks/use-snapshot';
import type { PwaBannersProps } from './pwa-banners';
import type { InstallBannerState } from '@/domain/pwa/install-banner-service';
import type { UpdateBannerState } from '@/domain/pwa/update-banner-service';

// A prerendered page shows no banner: nothing of this browser is known when it is written.
const NO_INSTALL_BANNER: InstallBannerState = { banner: 'hidden', successNotice: false };
const NO_UPDATE_BANNER: UpdateBannerState = { banner: 'hidden' };

/**
 * The install banner, the install-success notice and the update banner (spec §2, §4), for the
 * shell. This small watcher renders `banners` only when one has something to show (the app
 * decides how they arrive). The polite live area is always there, so what appears in it is read
 * out without interrupting, and nothing ever takes the focus.
 */
export function PwaOverlays({ banners: PwaBanners }: { banners: ComponentType<PwaBannersProps> }) {
  const install = useService(INSTALL_BANNER_SERVICE);
  const update = useService(UPDATE_BANNER_SERVICE);
  const installState = useSnapshot(install, NO_INSTALL_BANNER);
  const updateState = useSnapshot(update, NO_UPDATE_BANNER);
  const showing = installState.banner === 'visible' || installState.successNotice || updateState.banner === 'visible';
  return (
    <div className="pwa-overlays" aria-live="polite">
      {showing && (
        <Suspense fallback={null}>
          <PwaBanners install={install} installState={installState} update={update} updateState={updateState} />
        </Suspense>
      )}
    </div>
  );
}
