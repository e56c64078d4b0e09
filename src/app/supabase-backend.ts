// The Supabase backend, in its own chunk: only a build with VITE_BACKEND=supabase loads it
// (src/app/register-supabase.ts imports it dynamically). The one place supabase-js is imported
// outside src/adapters/supabase (which only imports its types).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { CryptoIdGenerator } from '@/adapters/browser/crypto-id-generator';
import { SupabaseAdminAuthGateway } from '@/adapters/supabase/supabase-admin-auth-gateway';
import { SupabaseCatalogue } from '@/adapters/supabase/supabase-catalogue';
import { REALTIME_HEARTBEAT_INTERVAL_MS, REALTIME_TIMEOUT_MS, SupabaseCatalogueChanges } from '@/adapters/supabase/supabase-catalogue-changes';
import { SupabaseOrderChanges } from '@/adapters/supabase/supabase-order-changes';
import { SupabaseNewsletterSender } from '@/adapters/supabase/supabase-newsletter-sender';
import { SupabaseNewsletterSubscribers } from '@/adapters/supabase/supabase-newsletter-subscribers';
import { SupabasePictureStorage } from '@/adapters/supabase/supabase-picture-storage';
import type { Logger } from '@/ports/logger';
import type { SupabaseConfig } from './read-config';

export interface SupabaseBackend {
  client: SupabaseClient;
  catalogue: SupabaseCatalogue;
  catalogueChanges: SupabaseCatalogueChanges;
  orderChanges: SupabaseOrderChanges;
  subscribers: SupabaseNewsletterSubscribers;
  sender: SupabaseNewsletterSender;
  adminAuth: SupabaseAdminAuthGateway;
  pictures: SupabasePictureStorage;
}

/** One client for the whole shop; every Supabase adapter receives it. */
export function createSupabaseBackend(config: SupabaseConfig, logger: Logger): SupabaseBackend {
  const client = createClient(config.url, config.anonKey, {
    // The admin's session is kept in localStorage and restored (and refreshed) on reload.
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: false },
    // Spec §9: the Realtime socket (catalogue and order changes) beats every 25 s and waits 10 s for an answer.
    realtime: { heartbeatIntervalMs: REALTIME_HEARTBEAT_INTERVAL_MS, timeout: REALTIME_TIMEOUT_MS },
  });
  return {
    client,
    catalogue: new SupabaseCatalogue(client, logger),
    catalogueChanges: new SupabaseCatalogueChanges(client, logger),
    orderChanges: new SupabaseOrderChanges(client, logger),
    subscribers: new SupabaseNewsletterSubscribers(client, logger),
    sender: new SupabaseNewsletterSender(client, logger),
    adminAuth: new SupabaseAdminAuthGateway(client, logger),
    pictures: new SupabasePictureStorage(client, new CryptoIdGenerator(), logger),
  };
}

/** A WebSocket that never opens: reading the catalogue at build time subscribes to nothing, and Node 20 has no WebSocket. */
class NoRealtime {
  constructor() {
    throw new Error('No Realtime while pages are prerendered');
  }
}

/**
 * The catalogue alone, read with the anon key as a visitor would, outside a browser (the build's
 * prerendering, src/app/prerender): no session kept, no Realtime socket.
 */
export function createSupabaseCatalogue(config: SupabaseConfig, logger: Logger): SupabaseCatalogue {
  const client = createClient(config.url, config.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoRealtime as unknown as typeof WebSocket },
  });
  return new SupabaseCatalogue(client, logger);
}
