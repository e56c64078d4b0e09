import { json } from '../_shared/http.ts';
import type { Log, Mailer } from '../_shared/mailers.ts';
import { isOrderMailKind, type OrderDocument, orderMail } from './order-mails.ts';

/** One queued mail as order_mails_claim hands it: its kind and its order as order_document writes it now. */
export interface QueuedMail {
  id: number;
  kind: string;
  attempt: number;
  order: OrderDocument | null;
}

/** The queue in the database (supabase/migrations/…_order_mails.sql). Rejects when it cannot answer. */
export interface MailQueue {
  /** Takes up to `max` due mails; they are not due again for a while (the retry). */
  claim(max: number): Promise<QueuedMail[]>;
  /** Marks the mails Resend accepted as sent, and keeps the error of the others. */
  settle(sent: number[], failed: { id: number; error: string }[]): Promise<void>;
}

export interface Services {
  queue: MailQueue;
  mailer: Mailer;
  siteUrl: string;
  /** Only the service role (the database's webhook, the scheduler) may make the function send. */
  serviceRoleKey: string;
  log: Log;
}

const BATCH = 20;
/** A call sends 100 mails at most (Resend answers a few requests a second): the next call takes the rest. */
const MAX_BATCHES = 5;

export const MESSAGES = {
  postOnly: 'Méthode non autorisée\u00a0: utilisez POST.',
  serviceOnly: 'Accès réservé au service\u00a0: appelez cette fonction avec la clé service_role.',
  misconfigured: 'Le service des emails de commande est mal configuré. Prévenez l’administrateur technique.',
  backendUnavailable: 'Le service est momentanément indisponible. Réessayez dans quelques instants.',
} as const;

/** Resend's key for a mail: one per order and kind, as the queue has one row per order and kind. */
export const idempotencyKey = (queued: QueuedMail) => `order-mail/${queued.order?.number ?? queued.id}/${queued.kind}`;

/**
 * POST (no body) with the service role key → 200 { sent, failed }: every due mail of the queue
 * (100 at most) worded from its order as it is now and sent through the mailer, one request each
 * with its Idempotency-Key; each accepted one marked sent, each refused one kept with its error
 * and retried later (order_mails_claim's backoff, 8 attempts). 401 without the service role key,
 * 405 not POST, 502 { error, sent, failed } when the database cannot answer, 500 misconfigured.
 */
export function createHandler(services: Services | { problems: string[]; log: Log }): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'POST') return json(405, { error: MESSAGES.postOnly });
    if ('problems' in services) {
      services.log(`[send-order-mails] misconfigured: ${services.problems.join('; ')}`);
      return json(500, { error: MESSAGES.misconfigured });
    }
    if (request.headers.get('Authorization') !== `Bearer ${services.serviceRoleKey}`) return json(401, { error: MESSAGES.serviceOnly });
    const counts = { sent: 0, failed: 0 };
    try {
      for (let round = 0; round < MAX_BATCHES; round++) {
        const batch = await services.queue.claim(BATCH);
        if (batch.length === 0) break;
        const sent: number[] = [];
        const failed: { id: number; error: string }[] = [];
        // One after the other: Resend's default rate limit is a few requests a second.
        for (const queued of batch) {
          const outcome =
            queued.order === null
              ? { ok: false as const, error: 'order gone' }
              : !isOrderMailKind(queued.kind)
                ? { ok: false as const, error: `no wording for the kind ${JSON.stringify(queued.kind)}` }
                : await services.mailer.send(orderMail(queued.kind, queued.order, services.siteUrl), idempotencyKey(queued));
          if (outcome.ok) sent.push(queued.id);
          else {
            failed.push({ id: queued.id, error: outcome.error });
            services.log(`[send-order-mails] ${idempotencyKey(queued)}, attempt ${queued.attempt}: ${outcome.error}`);
          }
        }
        await services.queue.settle(sent, failed);
        counts.sent += sent.length;
        counts.failed += failed.length;
      }
    } catch (error) {
      services.log(`[send-order-mails] the queue could not be read or settled: ${String(error)}`);
      return json(502, { error: MESSAGES.backendUnavailable, ...counts });
    }
    return json(200, counts);
  };
}
