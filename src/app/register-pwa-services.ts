import { instanceCachingFactory, type DependencyContainer } from 'tsyringe';
import { InstallBannerService } from '@/domain/pwa/install-banner-service';
import { UpdateBannerService } from '@/domain/pwa/update-banner-service';
import { APP_UPDATE } from '@/ports/app-update';
import { CLOCK } from '@/ports/clock';
import { INSTALL_PROMPT } from '@/ports/install-prompt';
import { KEY_VALUE_STORE } from '@/ports/key-value-store';
import { LOGGER } from '@/ports/logger';
import { INSTALL_BANNER_SERVICE, UPDATE_BANNER_SERVICE } from '@/domain/service-tokens';

/**
 * The install and update banners' services, over whatever INSTALL_PROMPT and APP_UPDATE the
 * container holds: the browser's in the app (register-pwa.ts), fakes in UI tests. Kept apart
 * from the browser adapters so UI tests never touch the browser's install event or service
 * worker. Built on first use: the ports replay an install offer or a waiting version that came
 * earlier, so nothing is missed.
 */
export function registerPwaServices(c: DependencyContainer): DependencyContainer {
  c.register(INSTALL_BANNER_SERVICE, {
    useFactory: instanceCachingFactory(
      (r) => new InstallBannerService(r.resolve(INSTALL_PROMPT), r.resolve(KEY_VALUE_STORE), r.resolve(CLOCK), r.resolve(LOGGER)),
    ),
  });
  c.register(UPDATE_BANNER_SERVICE, {
    useFactory: instanceCachingFactory((r) => new UpdateBannerService(r.resolve(APP_UPDATE), r.resolve(CLOCK), r.resolve(LOGGER))),
  });
  return c;
}
