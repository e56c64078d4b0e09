/** The shop's configuration, read from import.meta.env once, here and nowhere else (rules: read-config.ts). */
import { readConfig, type AppConfig } from './read-config';

export { DEMO_ADMIN, type AppConfig } from './read-config';

export const config: AppConfig = readConfig(import.meta.env as Parameters<typeof readConfig>[0]);
