import 'reflect-metadata';
import { container as root, type DependencyContainer } from 'tsyringe';
import { BrowserClock } from '../adapters/browser/browser-clock';
import { ConsoleLogger } from '../adapters/browser/console-logger';
import { CryptoIdGenerator } from '../adapters/browser/crypto-id-generator';
import { ConsoleMailer } from '../adapters/console-mailer/console-mailer';
import { DemoCatalogue } from '../adapters/demo-catalogue/demo-catalogue';
import { LocalAdminAuthGateway } from '../adapters/local-admin-auth/local-admin-auth-gateway';
import { LocalStorageKeyValueStore } from '../adapters/local-storage/local-storage-key-value-store';
import { MemoryKeyValueStore } from '../adapters/memory/memory-key-value-store';
import { ADMIN_AUTH_GATEWAY } from '../ports/admin-auth-gateway';
import { CATALOGUE } from '../ports/catalogue';
import { CLOCK } from '../ports/clock';
import { ID_GENERATOR } from '../ports/id-generator';
import { KEY_VALUE_STORE, type KeyValueStore } from '../ports/key-value-store';
import { LOGGER, type Logger } from '../ports/logger';
import { MAILER } from '../ports/mailer';
import type { AppConfig } from './config';
import { registerPwa } from './register-pwa';
import { registerDomainServices } from './register-services';

/** localStorage when the browser lets us use it; otherwise (blocked storage) memory for this visit. */
function openStore(logger: Logger): KeyValueStore {
  try {
    const storage = window.localStorage;
    storage.getItem('cart');
    return new LocalStorageKeyValueStore(storage, window, logger);
  } catch (error) {
    logger.warn('localStorage is unavailable; this visit keeps its data in memory only', error);
    return new MemoryKeyValueStore();
  }
}

/**
 * The composition root: one line per port says which adapter serves it. To swap an adapter
 * (a real mailer, a server-side admin sign-in), change its line here and nothing else.
 */
export function createAppContainer(config: AppConfig): DependencyContainer {
  const c = root.createChildContainer();
  const logger = new ConsoleLogger();
  const clock = new BrowserClock();
  c.register(LOGGER, { useValue: logger });
  c.register(CLOCK, { useValue: clock });
  c.register(ID_GENERATOR, { useValue: new CryptoIdGenerator() });
  c.register(KEY_VALUE_STORE, { useValue: openStore(logger) });
  c.register(MAILER, { useValue: new ConsoleMailer(clock, logger) });
  c.register(CATALOGUE, { useValue: new DemoCatalogue(logger) });
  c.register(ADMIN_AUTH_GATEWAY, { useValue: new LocalAdminAuthGateway(config.admin, logger) });
  registerPwa(c);
  return registerDomainServices(c);
}
