import { json } from '../_shared/http.ts';
import type { Log } from '../_shared/mailers.ts';
import type { PushOutcome, SubscriptionKeys } from './web-push.ts';

/** One queued notification with its subscription, as push_claim hands it. */
export interface QueuedPush extends SubscriptionKeys {
  id: number;
  endpoint: string;
  title: string;
  body: string;
  /** The shop's route, from its root: /commande/confirmation/<number> or /produit/<slug>. */
  path: string;
  tag: string;
}

/** The queue in the database (supabase/migrations/…_push_notifications.sql). Rejects when it cannot answer. */
export interface Outbox {
  /** Takes up to `max` due notifications; they are not due again for a while (the retry). */
  claim(max: number): Promise<QueuedPush[]>;
  /** Deletes the delivered notifications, and the subscriptions of those whose push service said gone. */
  settle(delivered: number[], gone: number[]): Promise<void>;
}

export type Push = (subscription: { endpoint: string } & SubscriptionKeys, payload: string) => Promise<PushOutcome>;

export interface Services {
  outbox: Outbox;
  push: Push;
  siteUrl: string;
  /** Only the service role (the database's webhook, the scheduler) may make the function send. */
  serviceRoleKey: string;
  log: Log;
}

/** What the service worker receives, JSON in the encrypted message (docs/supabase.md). */
export interface PushPayload {
  title: string;
  body: string;
  /** Absolute: SITE_URL (which may carry a base path) then the route. */
  url: string;
  tag: string;
}

export function pushPayload(queued: QueuedPush, siteUrl: string): PushPayload {
  return { title: queued.title, body: queued.body, url: `${siteUrl.replace(/\/+$/, '')}${queued.path}`, tag: queued.tag };
}

const BATCH = 100;
/** A call sends 1,000 notifications at most: the next call (or the scheduler) takes the rest. */
const MAX_BATCHES = 10;
/** Requests to push services at once. */
const PARALLEL = 10;

export const MESSAGES = {
  postOnly: 'Méthode non autorisée\u00a0: utilisez POST.',
  serviceOnly: 'Accès réservé au service\u00a0: appelez cette fonction avec la clé service_role.',
  misconfigured: 'Le service de notifications est mal configuré. Prévenez l’administrateur technique.',
  backendUnavailable: 'Le service est momentanément indisponible. Réessayez dans quelques instants.',
} as const;

async function sendAll(batch: QueuedPush[], services: Services): Promise<PushOutcome[]> {
  const outcomes: PushOutcome[] = new Array(batch.length);
  let next = 0;
  const worker = async () => {
    while (next < batch.length) {
      const index = next++;
      const queued = batch[index]!;
      outcomes[index] = await services.push(queued, JSON.stringify(pushPayload(queued, services.siteUrl)));
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, batch.length) }, worker));
  return outcomes;
}

/**
 * POST (no body) with the service role key → 200 { delivered, gone, failed }: every due
 * notification of the outbox (1,000 at most) sent to its push service. Delivered ones are deleted;
 * a subscription answered 404 or 410 is deleted; a failure stays queued and is due again after
 * 1, 2, 4, 8 then 16 minutes (push_claim), then dropped. 401 without the service role key, 405
 * not POST, 502 { error, delivered, gone, failed } when the database cannot answer, 500 misconfigured.
 */
export function createHandler(services: Services | { problems: string[]; log: Log }): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'POST') return json(405, { error: MESSAGES.postOnly });
    if ('problems' in services) {
      services.log(`[send-push] misconfigured: ${services.problems.join('; ')}`);
      return json(500, { error: MESSAGES.misconfigured });
    }
    if (request.headers.get('Authorization') !== `Bearer ${services.serviceRoleKey}`) return json(401, { error: MESSAGES.serviceOnly });

    const counts = { delivered: 0, gone: 0, failed: 0 };
    try {
      for (let round = 0; round < MAX_BATCHES; round++) {
        const batch = await services.outbox.claim(BATCH);
        if (batch.length === 0) break;
        const outcomes = await sendAll(batch, services);
        const ids = (outcome: PushOutcome) => batch.filter((_, i) => outcomes[i] === outcome).map((queued) => queued.id);
        await services.outbox.settle(ids('delivered'), ids('gone'));
        for (const outcome of outcomes) counts[outcome] += 1;
      }
    } catch (error) {
      services.log(`[send-push] the outbox could not be read or settled: ${String(error)}`);
      return json(502, { error: MESSAGES.backendUnavailable, ...counts });
    }
    return json(200, counts);
  };
}
