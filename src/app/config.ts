/** The shop's configuration, read from import.meta.env once, here and nowhere else (rules: read-config.ts). */
import { DEMO_ADMIN, readConfig, type AppConfig } from './read-config';

export { type AppConfig } from './read-config';

// Vite writes each variable's value in its place: when the build names an account (a build for a
// public address must: read-config.ts, demoAccountRefusal) or is for Supabase, this is `null`
// once folded, and the demo account's hash is left out of the bundle.
const demoAdmin = import.meta.env.VITE_ADMIN_PASSWORD_HASH || import.meta.env.VITE_BACKEND === 'supabase' ? null : DEMO_ADMIN;

export const config: AppConfig = readConfig(import.meta.env as Parameters<typeof readConfig>[0], demoAdmin);
